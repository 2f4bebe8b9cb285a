import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.LEA_API ?? 'http://127.0.0.1:3000';

/** Writes the list of built files, which the service worker keeps for the offline shell. */
function offlineShellFiles(): Plugin {
  return {
    name: 'lea-offline-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => !name.endsWith('.map') && name !== 'index.html');
      this.emitFile({ type: 'asset', fileName: 'offline-shell.json', source: JSON.stringify(files.map((name) => `/${name}`)) });
    },
  };
}

export default defineConfig({
  plugins: [react(), offlineShellFiles()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/download-file': api, '/inline-file': api, '/health': api },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 900 },
});
