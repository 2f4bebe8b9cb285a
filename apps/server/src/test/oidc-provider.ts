import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claims of the person the test provider signs in next (tests choose them). */
export type TestAccount = { sub: string; email?: string; email_verified?: boolean };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person the next sign-in at the provider is (the login and consent are given at once). */
  signInAs(account: TestAccount): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a random port of 127.0.0.1, for
 * the single sign-on tests (vitest and Playwright): one confidential client (client_secret_basic,
 * code flow with PKCE) whose redirect URIs the test gives, and an interaction that signs in the
 * account chosen by `signInAs` and grants the requested scopes without a page. Claims asked for
 * by scope are put in the ID token (as most providers do), so the relying party reads them there.
 */
export async function startTestOidcProvider(options: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const clientId = 'lea-test-client';
  const clientSecret = 'lea-test-client-secret-0123456789';
  let current: TestAccount = { sub: 'nobody' };
  const accounts = new Map<string, TestAccount>();
  let provider: Provider | null = null;

  const server: Server = createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return void provider.callback()(req, res);
    const finish = async (oidcProvider: Provider) => {
      const details = await oidcProvider.interactionDetails(req, res);
      const accountId = current.sub;
      accounts.set(accountId, current);
      const grant = new oidcProvider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      await oidcProvider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    };
    finish(provider).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub) ?? { sub };
      return { accountId: sub, claims: () => ({ ...account, sub }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: ['lea-test-provider-cookie-key'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the browser's way through the provider (tests without a browser): from the
 * authorisation address, redirects are followed with the provider's cookies until one leaves the
 * provider (the callback with the code), which is answered.
 */
export async function followProvider(authorizationUrl: string, issuer: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== new URL(issuer).origin) return next;
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${next.pathname}: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}
