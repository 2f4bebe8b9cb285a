import type { LoginResponse } from '@lea/shared';
import type { Tokens } from '../../shell/session';

/** The token pair of a successful login_check answer, or null when the sign-in failed. */
export function tokensOf(answer: LoginResponse): Tokens | null {
  const refreshToken = answer.refresh_token ?? answer.refreshToken;
  return answer.success && answer.token && refreshToken ? { token: answer.token, refreshToken } : null;
}
