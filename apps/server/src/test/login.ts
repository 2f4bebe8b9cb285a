import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../seed/demo-content.js';

export type LoginTokens = { token: string; refreshToken: string };

/** Signs in through /api/login_check (tests only); fails the test when the login is refused. */
export async function loginAs(
  app: FastifyInstance,
  username: string,
  options: { password?: string; stayConnected?: boolean } = {},
): Promise<LoginTokens> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password: options.password ?? DEMO_PASSWORD, stayConnected: options.stayConnected },
  });
  if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: string; refresh_token: string };
  return { token: body.token, refreshToken: body.refresh_token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
