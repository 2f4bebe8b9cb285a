import { z } from 'zod';
import { SIGN_IN_PROFILES } from '../constants.js';
import { MESSAGES } from '../validation.js';
import { Id } from './common.js';
import { FormCheckbox, FormOptionalText, FormText } from './manager.js';
import { SignInTarget } from './auth.js';

/**
 * Single sign-on by OpenID Connect (issue 20 §2): the providers of a platform, the login page's
 * buttons, the ticket the web app exchanges for its session, and the admin home's integrations.
 */

export const SSO_MATCH_BY = ['email', 'subject'] as const;
export type SsoMatchBy = (typeof SSO_MATCH_BY)[number];
/** A ticket lives this long, once (the callback's redirect to the web app). */
export const SSO_TICKET_TTL_SECONDS = 60;
/** A login started at the provider must come back within this time, once. */
export const SSO_LOGIN_TTL_SECONDS = 10 * 60;

const CHOICE = { message: MESSAGES.choice };
/** A checkbox group's values: one value alone reads as a list of one. */
const asList = (value: unknown) => (value === null || value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]);

/**
 * The provider form of the admin area (generic entity `sso-provider`). The client secret is
 * write-only: blank keeps the stored one (required when adding, checked by the entity). The
 * issuer's scheme (https, or http on this machine only) is checked by the entity too.
 */
export const SsoProviderInput = z.object({
  label: FormText(100),
  issuer: FormText(255),
  clientId: FormText(255),
  clientSecret: FormOptionalText(1000),
  profiles: z.preprocess(asList, z.array(z.enum(SIGN_IN_PROFILES, CHOICE)).min(1, MESSAGES.required).max(SIGN_IN_PROFILES.length)),
  matchBy: z.enum(SSO_MATCH_BY, CHOICE),
  active: FormCheckbox,
});
export type SsoProviderInput = z.infer<typeof SsoProviderInput>;

/** GET /api/{locale}/sso/providers: the platform's active providers, for the login page's buttons. */
export const SsoProvidersResponse = z.object({ providers: z.array(z.object({ id: z.number().int(), label: z.string() })) });
export type SsoProvidersResponse = z.infer<typeof SsoProvidersResponse>;

/** GET /api/{locale}/sso/{providerId}/start?target=/path */
export const SsoStartParams = z.object({ providerId: Id });
export const SsoStartQuery = z.object({ target: SignInTarget.optional() });

/**
 * GET /api/sso/callback: what the provider sends back. Every value is bounded; the whole query is
 * read again by the OpenID client (it checks `iss` and `state` itself).
 */
export const SsoCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  session_state: z.string().max(512).optional(),
});

/** POST /api/{locale}/sso/ticket: the ticket of `/login/sso?ticket=…`, exchanged once for the session. */
export const SsoTicketRequest = z.object({
  ticket: z
    .string()
    .min(16)
    .max(160)
    .regex(/^[A-Za-z0-9_.-]+$/),
});
export type SsoTicketRequest = z.infer<typeof SsoTicketRequest>;
export const SsoTicketResponse = z.object({ token: z.string(), refresh_token: z.string(), target: z.string().nullable() });
export type SsoTicketResponse = z.infer<typeof SsoTicketResponse>;

/** GET /app/admin/integrations (spec 3 §1 badges): the active single sign-on providers, and whether e-mail sign-in is offered. */
export const AdminIntegrationsResponse = z.object({
  sso: z.array(z.object({ id: z.number().int(), label: z.string() })),
  emailSignIn: z.boolean(),
});
export type AdminIntegrationsResponse = z.infer<typeof AdminIntegrationsResponse>;
