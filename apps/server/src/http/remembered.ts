import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { triads } from '../db/schema/index.js';
import type { AnswerCourse } from '../services/remembered-answers.js';
import { isAdmin } from './authenticate.js';
import { acceptedEncoding, compressAnswer, COMPRESS_THRESHOLD_BYTES } from './compression.js';
import { currentUserId } from './context.js';
import { localizeAnswer } from './localize-answers.js';

const JSON_TYPE = 'application/json; charset=utf-8';

type Remembered<R extends FastifyRequest> = {
  /** The answer, as the route's handler would return it (checked and written by its response schema). */
  answer: (request: R, reply: FastifyReply) => Promise<unknown>;
  /**
   * The course whose writes make the answer old, asked only when it is kept; null when any course's
   * writes may (an answer over several courses).
   */
  course: (request: R) => AnswerCourse | Promise<AnswerCourse>;
};

/**
 * A GET route whose answer this process remembers (decision 042), for one caller: the key is the
 * platform, the signed-in user, whether they are an administrator, and the request's path and query
 * (which hold the locale). The route's preHandlers (the session check) run first, every time; only
 * a 200 is kept, until a write of its course is heard, its time is up or the hour turns. The bytes
 * sent are kept, and their compressed copies once asked for.
 */
export function remembered<R extends FastifyRequest>(options: Remembered<R>): (request: R, reply: FastifyReply) => Promise<never> {
  // The handler sends the answer itself and returns the reply, as Fastify asks of an async handler
  // that sends; typed `never` so that it fits a route whose response schema types what handlers return.
  return async (request, reply) => sendRemembered(request, reply, options) as Promise<never>;
}

async function sendRemembered<R extends FastifyRequest>(request: R, reply: FastifyReply, options: Remembered<R>): Promise<FastifyReply> {
  const answers = request.server.ctx.cache.answers;
  const key = `${request.platform.id}|${currentUserId(request)}|${isAdmin(request) ? 1 : 0}|${request.url}`;
  const entry = await answers.answer(key, async () => {
    const value = await options.answer(request, reply);
    const body = Buffer.from(reply.serialize(localizeAnswer(request.locale, value)) as string);
    return { body, course: await options.course(request) };
  });
  reply.type(JSON_TYPE);
  const encoding =
    entry.body.length < COMPRESS_THRESHOLD_BYTES
      ? null
      : acceptedEncoding(request.headers['accept-encoding'], request.headers['x-no-compression'] !== undefined);
  if (encoding === null) return reply.send(entry.body);
  const encoded = answers.encodedBody(entry, encoding, () => compressAnswer(entry.body, encoding));
  return reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding').send(encoded);
}

/** The course of a triad (remembered answers about a triad are forgotten with its course's). */
export async function courseOfTriad(db: DbOrTx, triadId: number): Promise<AnswerCourse> {
  const [row] = await db.select({ course: triads.trainingCourseId }).from(triads).where(eq(triads.id, triadId));
  return row?.course ?? null;
}
