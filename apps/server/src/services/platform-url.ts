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
