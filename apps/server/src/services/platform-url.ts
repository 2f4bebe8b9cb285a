import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { platforms } from '../db/schema/index.js';

/**
 * The base of a platform's links: PUBLIC_URL on the platform's own hostname. A link's token works on
 * that platform only, and a platform answers on its hostname only, so a second organisation's
 * people must not get the first one's address. PUBLIC_URL's scheme and port are kept; a hostname
 * without a dot (localhost: the demo, the tests) keeps PUBLIC_URL as it is.
 */
export function platformBaseUrl(publicUrl: string, hostname: string): string {
  const base = new URL(publicUrl);
  if (!hostname.includes('.') || base.hostname === hostname) return publicUrl;
  base.hostname = hostname;
  return base.origin;
}

/** A platform's name and the base of its links (PUBLIC_URL on its hostname), for the mails that link to the portal. */
export async function platformLinks(db: DbOrTx, publicUrl: string, platformId: number): Promise<{ name: string; baseUrl: string }> {
  const [platform] = await db
    .select({ name: platforms.name, hostname: platforms.hostname })
    .from(platforms)
    .where(eq(platforms.id, platformId));
  return { name: platform?.name ?? 'lea', baseUrl: platformBaseUrl(publicUrl, platform?.hostname ?? '') };
}
