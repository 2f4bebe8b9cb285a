import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { platforms, users } from '../db/schema/index.js';
import { signAccessToken } from '../http/jwt.js';

/**
 * Signs an access token for a seeded user directly, so that these API tests do not depend on
 * the login route; claims as the login would issue them.
 */
export async function tokenFor(app: FastifyInstance, username: string, hostname = 'localhost'): Promise<string> {
  const { db, config } = app.ctx;
  const [user] = await db.select().from(users).where(eq(users.username, username));
  const [platform] = await db.select().from(platforms).where(eq(platforms.hostname, hostname));
  if (!user || !platform) throw new Error(`test user ${username} or platform ${hostname} missing`);
  return signAccessToken({ sub: String(user.id), username, roles: user.roles, platform: platform.id }, config.jwtSecret);
}

export async function userIdOf(app: FastifyInstance, username: string): Promise<number> {
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`test user ${username} missing`);
  return user.id;
}

/** A GET on the API with an optional bearer token. */
export function getAs(app: FastifyInstance, url: string, token?: string, host = 'localhost') {
  return app.inject({ method: 'GET', url, headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}
