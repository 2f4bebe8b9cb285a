import * as oidc from 'openid-client';
import { SSO_LOGIN_TTL_SECONDS, SSO_TICKET_TTL_SECONDS, type AdminIntegrationsResponse, type SsoTicketResponse } from '@lea/shared';
import type { AppContext } from '../../http/context.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { logHistory } from '../../services/history.js';
import { CLIENT_SECRET_PURPOSE, isAllowedIssuer, isLoopbackIssuer } from '../../services/oidc-issuer.js';
import { openSecret } from '../../services/secret-box.js';
import { hashToken, issueTokenPair, newOpaqueToken } from '../../services/session-tokens.js';
import { signInChoices, signInProfilesOf } from '../../services/sign-in-profiles.js';
import { textRef } from '../../texts/index.js';
import { limitLookups, touchLastLogin } from '../../services/sign-in.js';
import {
  deleteExpiredLogins,
  findAccount,
  findActiveProvider,
  findIdentity,
  findIdentityOfUser,
  findMemberByUsername,
  findMembersByEmail,
  findSignInChoices,
  insertIdentity,
  insertLogin,
  listActiveProviders,
  takeLogin,
  touchIdentity,
  type Provider,
} from './queries.js';

/** The path of the callback, at the site root: one redirect URI per hostname, whatever the language. */
export const CALLBACK_PATH = '/api/sso/callback';
/** Where every failed single sign-on lands: the login page shows a neutral message; the reason is logged. */
export const FAILURE_PATH = '/login?sso=failed';
const DISCOVERY_TTL_MS = 5 * 60_000;
const DISCOVERY_CACHE_MAX = 100;
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A refusal of the flow, with its reason for the log (never shown to the person). */
export class SsoFailure extends Error {}

/** What a request brings: its platform, address, browser and its own origin (the redirect URI is built from it). */
export type SsoRequest = { platformId: number; ip: string; userAgent?: string | undefined; origin: string };

/**
 * The discovered configuration of a provider, kept a few minutes per process (the provider's
 * metadata and keys rarely change). Keyed by what the administrator set, so an edit takes effect at once.
 */
const discoveries = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();

async function clientConfig(ctx: AppContext, provider: Provider): Promise<oidc.Configuration> {
  if (!isAllowedIssuer(provider.issuer)) throw new SsoFailure(`issuer not allowed: ${provider.issuer}`);
  const secret = openSecret(ctx.config.jwtSecret, CLIENT_SECRET_PURPOSE, provider.clientSecret);
  if (secret === null) throw new SsoFailure(`client secret of provider ${provider.id} unreadable (server secret changed?)`);
  const key = `${provider.id}|${provider.issuer}|${provider.clientId}|${hashToken(provider.clientSecret)}`;
  const now = Date.now();
  const cached = discoveries.get(key);
  if (cached && cached.until > now) return cached.config;
  const config = oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretBasic(secret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    // Plain http only for an issuer on this machine (isAllowedIssuer refuses it anywhere else).
    execute: isLoopbackIssuer(provider.issuer) ? [oidc.allowInsecureRequests] : [],
  });
  discoveries.delete(key);
  if (discoveries.size >= DISCOVERY_CACHE_MAX) discoveries.delete(discoveries.keys().next().value!);
  discoveries.set(key, { config, until: now + DISCOVERY_TTL_MS });
  config.catch(() => discoveries.delete(key));
  return config;
}

export function clearDiscoveryCache(): void {
  discoveries.clear();
}

const stateDigest = (state: string) => hashToken(`state:${state}`);
const ticketDigest = (ticket: string) => hashToken(`ticket:${ticket}`);
const redirectUri = (origin: string) => `${origin}${CALLBACK_PATH}`;

/**
 * Starts a sign-in at an active provider of the request's platform (another platform's, an
 * inactive or unknown one: 404): PKCE (S256), state and nonce, the state's digest kept ten
 * minutes in `oidc_logins` (shared by every server process). Answers the provider's address.
 */
export async function startSignIn(ctx: AppContext, providerId: number, target: string | null, request: SsoRequest): Promise<string> {
  await limitLookups(ctx, request.ip);
  const provider = await findActiveProvider(ctx.db, providerId, request.platformId);
  if (!provider) throw notFound();
  const config = await clientConfig(ctx, provider);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = new Date();
  await deleteExpiredLogins(ctx.db, now);
  await insertLogin(ctx.db, {
    stateHash: stateDigest(state),
    providerId: provider.id,
    nonce,
    codeVerifier,
    target,
    expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_SECONDS * 1000),
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(request.origin),
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

type Account = { id: number; username: string; roles: string[] };
type Claims = { sub: string; email: string | null; emailVerified: boolean };

/** The claims the account is found by, checked for their bounds (the tables' columns). */
function claimsOf(tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>): Claims {
  const claims = tokens.claims();
  if (!claims) throw new SsoFailure('no ID token');
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255 || sub.includes('\0')) throw new SsoFailure('unusable subject');
  const email = typeof claims.email === 'string' && claims.email.length <= 180 && !claims.email.includes('\0') ? claims.email : null;
  return { sub, email, emailVerified: claims.email_verified === true };
}

/** The account a first sign-in links: by the provider's verified e-mail or by its subject as the username. */
async function matchAccount(ctx: AppContext, provider: Provider, claims: Claims, platformId: number): Promise<Account> {
  if (provider.matchBy === 'subject') {
    const member = await findMemberByUsername(ctx.db, claims.sub, platformId);
    if (!member) throw new SsoFailure('no active member with this username');
    return member;
  }
  if (!claims.email || !claims.emailVerified) throw new SsoFailure('e-mail missing or not verified by the provider');
  const members = await findMembersByEmail(ctx.db, claims.email, platformId);
  if (members.length !== 1) throw new SsoFailure(members.length === 0 ? 'no active member with this e-mail' : 'e-mail shared by accounts');
  return members[0]!;
}

/**
 * The provider's answer (`currentUrl`, the callback with its whole query): the login in progress
 * is taken once (single use, in time, of a provider of this platform still active), the code
 * exchanged (PKCE, state, nonce and the ID token checked by openid-client), then the account
 * found: a linked identity first, else by the provider's rule; it must be active, a member of the
 * platform, and hold one of the provider's profiles. A first sign-in links the identity and is
 * logged. Answers the web page's address with a ticket for the session (never the tokens).
 */
export async function finishSignIn(ctx: AppContext, state: string, currentUrl: URL, request: SsoRequest): Promise<string> {
  await limitLookups(ctx, request.ip);
  const now = new Date();
  const login = await takeLogin(ctx.db, stateDigest(state));
  if (!login || login.nonce === '') throw new SsoFailure('unknown or used state');
  if (login.expiresAt <= now) throw new SsoFailure('expired state');
  const provider = await findActiveProvider(ctx.db, login.providerId, request.platformId);
  if (!provider) throw new SsoFailure('provider inactive, removed or of another platform');
  const config = await clientConfig(ctx, provider);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: login.codeVerifier,
    expectedState: state,
    expectedNonce: login.nonce,
    idTokenExpected: true,
  });
  const claims = claimsOf(tokens);
  const identity = await findIdentity(ctx.db, provider.id, claims.sub);
  let account: Account;
  if (identity) {
    const linked = await findAccount(ctx.db, identity.userId, request.platformId);
    if (!linked) throw new SsoFailure('linked account inactive or not a member');
    account = linked;
  } else {
    account = await matchAccount(ctx, provider, claims, request.platformId);
    const other = await findIdentityOfUser(ctx.db, provider.id, account.id);
    if (other) throw new SsoFailure('account already linked to another subject of this provider');
  }
  const profiles = await signInProfilesOf(ctx.db, account, request.platformId);
  if (!provider.profiles.some((profile) => (profiles as Set<string>).has(profile)))
    throw new SsoFailure('no profile allowed to use the provider');

  const ticket = `${account.id}.${newOpaqueToken()}`;
  await ctx.db.transaction(async (tx) => {
    if (identity) await touchIdentity(tx, identity.id, claims.email, now);
    else {
      const linked = await insertIdentity(tx, {
        userId: account.id,
        providerId: provider.id,
        subject: claims.sub,
        email: claims.email,
        lastUsedAt: now,
      });
      if (!linked) throw new SsoFailure('identity linked meanwhile');
      await logHistory(tx, {
        platformId: request.platformId,
        userId: account.id,
        action: 'user.sso-link',
        entity: 'user',
        entityId: account.id,
        details: { provider: provider.label },
        ip: request.ip,
        userAgent: request.userAgent ?? null,
      });
    }
    await insertLogin(tx, {
      stateHash: ticketDigest(ticket),
      providerId: provider.id,
      // A ticket row: no nonce nor verifier (a state row always has both).
      nonce: '',
      codeVerifier: '',
      target: login.target,
      expiresAt: new Date(now.getTime() + SSO_TICKET_TTL_SECONDS * 1000),
    });
  });
  return `/login/sso?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * The ticket of `/login/sso`, exchanged once within a minute, on the platform it was issued for,
 * for the session (its tokens carry `amr: 'sso'`): the connection history line, the last login.
 * Every refusal is the same 401.
 */
export async function exchangeTicket(ctx: AppContext, ticket: string, request: SsoRequest): Promise<SsoTicketResponse> {
  await limitLookups(ctx, request.ip);
  const refused = unauthorized(textRef('sso.ticketRefused'));
  const login = await takeLogin(ctx.db, ticketDigest(ticket));
  if (!login || login.nonce !== '' || login.expiresAt <= new Date()) throw refused;
  const userId = Number(ticket.slice(0, ticket.indexOf('.')));
  const provider = await findActiveProvider(ctx.db, login.providerId, request.platformId);
  const account = provider && Number.isSafeInteger(userId) ? await findAccount(ctx.db, userId, request.platformId) : null;
  if (!provider || !account) throw refused;
  await touchLastLogin(ctx.db, account.id);
  await logHistory(ctx.db, {
    platformId: request.platformId,
    userId: account.id,
    action: 'user.login',
    details: { method: 'sso', provider: provider.label },
    ip: request.ip,
    userAgent: request.userAgent ?? null,
  });
  const pair = await issueTokenPair(ctx.db, ctx.config.jwtSecret, account, {
    platformId: request.platformId,
    stayConnected: false,
    signInMethod: 'sso',
  });
  return { ...pair, target: login.target };
}

/** The admin home's integration badges (spec 3 §1): the active providers, and whether any profile may sign in by e-mail. */
export async function listIntegrations(ctx: AppContext, platformId: number): Promise<AdminIntegrationsResponse> {
  const [sso, choices] = await Promise.all([listActiveProviders(ctx.db, platformId), findSignInChoices(ctx.db, platformId)]);
  return { sso, emailSignIn: Object.values(signInChoices(choices)).some((choice) => choice !== 'password') };
}
