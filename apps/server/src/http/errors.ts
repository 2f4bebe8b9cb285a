import { renderText, textRef, type TextRef } from '../texts/index.js';

/** A field error as a service states it: the message is a catalogue text or a shared rule's message. */
export type FieldError = { field: string; message: string | TextRef };

/**
 * Application errors: services throw these; the error handler answers `{code, message}` with the
 * status (ARCHITECTURE.md, API errors), the message rendered in the request's locale. `message`
 * (the Error's own) is the French text, for the logs.
 */
export class AppError extends Error {
  readonly text: string | TextRef;

  constructor(
    readonly statusCode: number,
    message: string | TextRef,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(renderText(message, 'fr'));
    this.text = message;
  }
}

export const badRequest = (message: string | TextRef, errors?: FieldError[]) => new AppError(400, message, errors);
export const unauthorized = (message: string | TextRef = textRef('common.unauthorized')) => new AppError(401, message);
export const forbidden = (message: string | TextRef = textRef('common.forbidden')) => new AppError(403, message);
export const notFound = (message: string | TextRef = textRef('common.notFound')) => new AppError(404, message);
export const conflict = (message: string | TextRef) => new AppError(409, message);
export const payloadTooLarge = (message: string | TextRef) => new AppError(413, message);
export const tooManyRequests = (message: string | TextRef, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
