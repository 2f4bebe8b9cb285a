import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const api = process.env.LEA_API ?? 'http://127.0.0.1:3000';

/** Writes the list of built files, which the service worker keeps for the offline shell. */
function offlineShellFiles(): Plugin {
  return {
    name: 'lea-offline-shell-files',
    apply: 'build',
    // After firstPagePreloads (also `post`, listed before), whose script the offline shell keeps too.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.keys(bundle).filter((name) => !name.endsWith('.map') && name !== 'index.html');
        this.emitFile({ type: 'asset', fileName: 'offline-shell.json', source: JSON.stringify(files.map((name) => `/${name}`)) });
      },
    },
  };
}

/**
 * The first page's own chunks, asked for at once (decision 034): React Router loads a page's lazy
 * chunks only once the entry has run, one round trip after it. A small script (external: the CSP allows
 * no inline one) adds `<link rel="modulepreload">` for the chunks of the page being opened (the login
 * route, the dashboard, the signed-in shell), so they download beside the entry instead of after it.
 */
const FIRST_PAGES: { path: string; modules: string[] }[] = [
  // The login opened first draws without the app (main.tsx); the rest of the /login family are pages of the app.
  { path: '^/(login/?)?$', modules: ['src/features/auth/sign-in-start.tsx'] },
  { path: '^/login/', modules: ['src/app.tsx', 'src/features/auth/pages/login-layout.tsx'] },
  {
    path: '^/dashboard(/home)?/?$',
    modules: ['src/app.tsx', 'src/shell/app-layout.tsx', 'src/features/dashboard/pages/home-page.tsx', 'src/i18n/resources-rest-fr.ts'],
  },
  {
    path: '^/(dashboard|lea-manager|admin|profile)(/|$)',
    modules: ['src/app.tsx', 'src/shell/app-layout.tsx', 'src/i18n/resources-rest-fr.ts'],
  },
  { path: '', modules: ['src/app.tsx'] },
];
/** Always: the French sign-in texts (French is the fallback language), loaded beside every first page; the signed-in pages add the others. */
const EVERY_PAGE = ['src/i18n/resources-first-fr.ts'];

function firstPagePreloads(): Plugin {
  return {
    name: 'lea-first-page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const bySource = new Map(
          chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!.replaceAll('\\', '/'), chunk]),
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, seen: Set<string>) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const html = bundle['index.html'];
        if (!entry || !html || html.type !== 'asset') return;
        const inEntry = closure(entry.fileName, new Set());
        const chunkOf = (module: string) => {
          const found = [...bySource].find(([source]) => source.endsWith(`/apps/web/${module}`))?.[1];
          if (!found) this.error(`first-page preloads: no chunk for ${module}`);
          return found.fileName;
        };
        const filesOf = (modules: string[]) => {
          const seen = new Set<string>();
          for (const module of [...EVERY_PAGE, ...modules]) closure(chunkOf(module), seen);
          return [...seen].filter((file) => !inEntry.has(file)).map((file) => `/${file}`);
        };
        const pages = FIRST_PAGES.map((page) => [page.path, filesOf(page.modules)]);
        // The platform's design (main.tsx asks for it first) is asked for here already, in the shown language.
        const design = `var g;try{g=localStorage.getItem('lea_locale')}catch(x){}g=g==='en'||g==='fr'?g:(navigator.language||'').slice(0,2)==='en'?'en':'fr';var d=document.createElement('link');d.rel='preload';d.as='fetch';d.crossOrigin='anonymous';d.href='/api/'+g+'/app/design';document.head.appendChild(d);`;
        // window.leaFirstPages: the same list, for the sign-in page's prefetch of the app (features/auth/prefetch-app.ts).
        const source = `(function(){${design}var p=window.leaFirstPages=${JSON.stringify(pages)},l=location.pathname;for(var i=0;i<p.length;i++)if(new RegExp(p[i][0]).test(l)){p[i][1].forEach(function(f){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=f;document.head.appendChild(e)});return}})();\n`;
        const fileName = `assets/first-page-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        html.source = String(html.source).replace(
          '<script type="module"',
          `<script async src="/${fileName}"></script>\n    <script type="module"`,
        );
      },
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build, which the server answers by the
 * browser's Accept-Encoding (fastifyStatic `preCompressed`, decision 034): the best compression once
 * at build time instead of none (or a fast one) on every request.
 */
function preCompressed(): Plugin {
  return {
    name: 'lea-pre-compressed',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const [name, file] of Object.entries(bundle)) {
        if (!/\.(js|css|html|json|svg)$/.test(name)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (bytes.length < 1024) continue;
        writeFileSync(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The static imports of a module, for the chunk groups below: what a dynamically imported start (the sign-in page, the
 * app) needs before it can draw, in one file rather than in the dozens the automatic split makes of it. The start itself
 * keeps its own small chunk, which the manifest (bundle-report) and the first-page preloads find it by.
 */
function moduleGraph() {
  let context: Rollup.PluginContext | null = null;
  const closures = new Map<string, Set<string>>();
  const closureOf = (suffix: string): Set<string> => {
    let found = closures.get(suffix);
    if (found) return found;
    found = new Set();
    const start = context && [...context.getModuleIds()].find((id) => id.replaceAll('\\', '/').endsWith(suffix));
    const seen = new Set(start ? [start] : []);
    const pending = [...seen];
    while (pending.length > 0) {
      for (const id of context?.getModuleInfo(pending.pop()!)?.importedIds ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        pending.push(id);
        // Libraries are left to the groups below: a library's index (Mantine's, the icons') imports all of it, used or not.
        if (!id.includes('node_modules')) found.add(id);
      }
    }
    closures.set(suffix, found);
    return found;
  };
  const plugin: Plugin = {
    name: 'lea-module-graph',
    apply: 'build',
    buildStart() {
      // The graph is read once the build has it, when the chunks are made.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      context = this;
      closures.clear();
    },
  };
  return { plugin, closureOf };
}
const graph = moduleGraph();

export default defineConfig({
  plugins: [react(), graph.plugin, firstPagePreloads(), offlineShellFiles(), preCompressed()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/download-file': api, '/inline-file': api, '/health': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first page (decision 034): over HTTP/1.1 a browser fetches six at a
        // time, and the automatic split made dozens of 1-KB chunks of the Mantine components.
        codeSplitting: {
          groups: [
            // What every page runs, the login opened first included: React, i18next, TanStack Query (not TanStack Virtual:
            // only the grids use it).
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store)[\\/]/,
              priority: 3,
            },
            // What the app adds to it for every other page (decision 034).
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            // The rest of what index.html loads (the entry's bootstrap) in one file.
            { name: 'boot', tags: ['$initial'], priority: 2 },
            // The login opened first: its layout and forms (main.tsx starts it).
            { name: 'sign-in', test: (id) => graph.closureOf('/src/features/auth/sign-in-start.tsx').has(id), priority: 2 },
            // What every other page needs before it draws: the route table, Mantine's provider, the shell's queries.
            { name: 'app', test: (id) => graph.closureOf('/src/app.tsx').has(id), priority: 2 },
            // The libraries of the lazy pages, grouped by the set of pages that use them; small groups merged.
            { name: 'ui', test: /node_modules[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 0, priority: 1 },
          ],
        },
      },
    },
  },
});
