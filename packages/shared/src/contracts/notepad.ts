import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { Id } from './common.js';

/** Note body of add and edit (spec 2 §7): the note fields plus the triad. */
export const NoteInput = z.object({
  title: z.string().trim().min(1, MESSAGES.required).max(255),
  text: z.string().trim().min(1, MESSAGES.required).max(20000),
  triad: z.object({ id: Id }),
});
export type NoteInput = z.infer<typeof NoteInput>;

/** A note of the notepad (spec 2 §3). */
export const Note = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  date: z.string(),
  updatedAt: z.string(),
  pinned: z.boolean(),
  profile: z.number().int().min(1).max(4),
  user: z.object({ id: z.number().int(), fullName: z.string() }),
  triad: z.object({ id: z.number().int() }),
});
export type Note = z.infer<typeof Note>;

/**
 * `GET /app/notepad/list/{triad}`: pinned first, then newest. `canAdd`: whether the caller may add a
 * note (a profile of theirs in the triad is one of the course's notepad writers; never an
 * administrator). `title`: the course's title of the notepad, null for the default.
 */
export const NoteListResponse = z.object({ notes: z.array(Note), canAdd: z.boolean(), title: z.string().nullable() });
export type NoteListResponse = z.infer<typeof NoteListResponse>;

export const NoteSaveResponse = z.object({ hasError: z.boolean(), message: z.string(), id: z.number().int().optional() });
export type NoteSaveResponse = z.infer<typeof NoteSaveResponse>;

export const NoteRemoveResponse = z.object({
  success: z.boolean(),
  hasError: z.boolean(),
  detail: z.array(z.object({ message: z.string() })),
  message: z.string(),
});
export type NoteRemoveResponse = z.infer<typeof NoteRemoveResponse>;

export const NotePinResponse = z.object({ result: z.boolean(), pinned: z.boolean() });
export type NotePinResponse = z.infer<typeof NotePinResponse>;

export const NoteTriadParams = z.object({ triad: Id });
