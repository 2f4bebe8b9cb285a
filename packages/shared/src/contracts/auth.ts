import { z } from 'zod';

export const LoginRequest = z.object({
  username: z.string().trim().min(1).max(180),
  password: z.string().min(1).max(4096),
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
