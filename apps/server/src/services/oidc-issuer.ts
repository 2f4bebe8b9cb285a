/** Which OpenID issuers the server may call (issue 20 §2): checked when an administrator saves one, and before each call. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** An issuer on this machine (tests, a provider beside the server): the only one allowed over plain http. */
export function isLoopbackIssuer(issuer: string): boolean {
  return URL.canParse(issuer) && LOOPBACK_HOSTS.includes(new URL(issuer).hostname);
}

/** An issuer the server may call: https, or http on the loopback; no credentials, query nor fragment. */
export function isAllowedIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackIssuer(issuer));
}

/** What the providers' client secrets are sealed for (services/secret-box.ts). */
export const CLIENT_SECRET_PURPOSE = 'oidc-client-secret';
