import type { FastifyInstance } from 'fastify';
import { allowsDefaultPlatform, requestHostname, resolvePlatform } from '../../http/platform.js';
import { getDesign } from './service.js';

/** The generated icon set of the web app (apps/web/public/icons, drawn from favicon.svg). */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * GET /manifest.webmanifest (decision 037): the installable app of the request's platform, named and
 * coloured by its design (name, principal colour), with the generated icons; revalidated on each use
 * like index.html, so a design saved by an administrator is seen at the next load.
 */
export async function manifestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const platform = await resolvePlatform(app.ctx.db, requestHostname(request), allowsDefaultPlatform(app.ctx.config));
    const design = await getDesign(app.ctx.db, platform.id);
    const name = design.name.trim() || 'lea';
    const colour = HEX_COLOUR.test(design.principalColor) ? design.principalColor : '#000000';
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(
        JSON.stringify({
          name,
          short_name: name.length > 12 ? 'lea' : name,
          description: name,
          lang: 'fr',
          start_url: '/dashboard/home',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: colour,
          icons: ICONS,
        }),
      );
  });
}
