import { z } from 'zod';
import { SIGN_IN_PASSWORD_MAX_LENGTH, SIGN_IN_USERNAME_MAX_LENGTH } from '../constants.js';

export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(SIGN_IN_USERNAME_MAX_LENGTH),
  password: z.string().min(1).max(SIGN_IN_PASSWORD_MAX_LENGTH),
  stayConnected: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** login_check answer: the spec names both `refresh_token` (token pair) and `refreshToken` (login). */
export const LoginResponse = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  refresh_token: z.string().optional(),
  refreshToken: z.string().optional(),
  code: z.number().optional(),
  message: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1).max(512) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const TokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** Answer of profile updates and impersonation: `token` and `refreshToken`. */
export const SwitchTokens = z.object({ token: z.string(), refreshToken: z.string() });
export type SwitchTokens = z.infer<typeof SwitchTokens>;

export const AskResetPasswordRequest = z.object({ username: z.string().trim().min(1).max(180) });
export type AskResetPasswordRequest = z.infer<typeof AskResetPasswordRequest>;

export const ResetPasswordRequest = z.object({ password: z.string().min(1).max(4096) });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResetPasswordResponse = z.object({
  hasError: z.boolean(),
  message: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/** Claims of the access token. `impersonator` is the original user's id while impersonating. */
export const AccessClaims = z.object({
  sub: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  platform: z.number().int(),
  impersonator: z.number().int().optional(),
  /** Refresh-token family of the session: a profile update issues its new pair in the same family. */
  family: z.uuid().optional(),
  /** How the session was opened when not by password (issue 20 §1, §2): a signature made in it says so. */
  amr: z.enum(['email-code', 'email-link', 'sso']).optional(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

export const CheckUsernameResponse = z.object({ exists: z.boolean() });
export const Website = z.object({ id: z.number().int(), name: z.string(), hostname: z.string() });
export type Website = z.infer<typeof Website>;
export const WebsitesResponse = z.object({ username: z.string(), websites: z.array(Website) });
export type WebsitesResponse = z.infer<typeof WebsitesResponse>;

/**
 * Sign-in by e-mail (issue 20 §1). `target`: a path of the portal to land on after a link (a
 * reminder's questionnaire); only a same-site path (`/…`, never `//host` nor a scheme).
 */
export const SignInTarget = z
  .string()
  .max(255)
  .regex(/^\/(?![/\\])[^\s\\]*$/);
export const EmailSignInRequest = z.object({
  username: z.string().trim().min(1).max(180),
  target: SignInTarget.optional(),
});
export type EmailSignInRequest = z.infer<typeof EmailSignInRequest>;
export const EmailCodeRequest = z.object({
  username: z.string().trim().min(1).max(180),
  code: z.string().regex(/^\d{6}$/),
  stayConnected: z.boolean().optional(),
});
export type EmailCodeRequest = z.infer<typeof EmailCodeRequest>;
/** A link's token, from the mail's address `/login/email/{token}`. */
export const EmailLinkParams = z.object({
  token: z
    .string()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});
/** A link used: the pair and where to land; refused: why (`expired` offers to send a new link). */
export const EmailLinkResponse = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  refresh_token: z.string().optional(),
  target: z.string().nullable().optional(),
  reason: z.enum(['expired', 'invalid']).optional(),
});
export type EmailLinkResponse = z.infer<typeof EmailLinkResponse>;
