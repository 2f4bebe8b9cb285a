import { createHash } from 'node:crypto';

export type DigestAnswer = { questionId: number; value: unknown; answerComment?: string | null };

/**
 * The SHA-256 (hex) of a reply's answers in one canonical form: sorted by question id, each
 * as `[questionId, value, answerComment]`. The signature audit stores it, so the same answers
 * must always give the same digest, whatever order they were saved in.
 */
export function replyDigest(answers: readonly DigestAnswer[]): string {
  const canonical = [...answers]
    .sort((a, b) => a.questionId - b.questionId)
    .map((answer) => [answer.questionId, answer.value ?? null, answer.answerComment ?? null]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
