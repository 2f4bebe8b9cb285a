import { PROFILE, type FormModel, type Note, type NoteInput, type NoteListResponse } from '@lea/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { recordUserTimeline } from '../../services/timeline.js';
import { resolveTriadAccess, type TriadAccessContext } from '../../services/triad-access.js';
import {
  deleteNote,
  findNote,
  findNotepadSettings,
  insertNote,
  listTriadNotes,
  togglePinned,
  updateNote,
  type NoteRow,
} from './queries.js';
import { text, textRef, translator } from '../../texts/index.js';

function toNote(row: NoteRow): Note {
  const { note } = row;
  return {
    id: note.id,
    title: note.title,
    text: note.text,
    date: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    pinned: note.pinned,
    profile: note.profile,
    user: row.user,
    triad: { id: note.triadId },
  };
}

/**
 * The profile the caller adds notes as, kept on the note: the first of their profiles in the triad
 * that the course lets add notes (`writers`, spec 3 §1 notepad); members without a numbered role
 * (secondary users, company manager) write as the apprentice's side. Null: the caller may not add
 * (administrators never do; they read and pin).
 */
function writingProfile(caller: Caller, access: TriadAccessContext, writers: readonly number[]): number | null {
  if (caller.admin) return null;
  const profiles = access.roles.length > 0 ? access.roles : [PROFILE.apprentice];
  return profiles.find((profile) => writers.includes(profile)) ?? null;
}

export async function listNotes(db: Db, caller: Caller, triadId: number): Promise<NoteListResponse> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_NOTEPAD' });
  const [rows, settings] = await Promise.all([listTriadNotes(db, triadId), findNotepadSettings(db, access.course.id)]);
  return { notes: rows.map(toNote), canAdd: writingProfile(caller, access, settings.writers) !== null, title: settings.title };
}

/** The note form (spec 2 §7): one tab, title and text, filled with the note when editing. */
export async function noteForm(db: Db, caller: Caller, locale: 'fr' | 'en', noteId?: number): Promise<FormModel> {
  let values = { title: '', text: '' };
  if (noteId !== undefined) {
    const note = await findNote(db, noteId);
    if (!note) throw notFound(textRef('document.noteNotFound'));
    await resolveTriadAccess(db, caller, note.triadId, { module: 'MODULE_LEA_NOTEPAD' });
    if (note.userId !== caller.userId) throw forbidden();
    values = { title: note.title, text: note.text };
  }
  const t = translator(locale);
  const field = (name: 'title' | 'text', kind: 'text' | 'textarea') => ({
    id: `note_${name}`,
    name,
    label: t(name === 'title' ? 'document.formTitle' : 'document.formText'),
    value: values[name],
    required: true,
    disabled: false,
    hide: false,
    attributes: {},
    kind,
  });
  return { tabs: [{ code: 'note', label: t('document.formNote'), fields: [field('title', 'text'), field('text', 'textarea')] }] };
}

export async function addNote(db: Db, caller: Caller, input: NoteInput, meta: WriteMeta) {
  if (caller.admin) throw forbidden();
  const access = await resolveTriadAccess(db, caller, input.triad.id, { module: 'MODULE_LEA_NOTEPAD' });
  const profile = writingProfile(caller, access, (await findNotepadSettings(db, access.course.id)).writers);
  if (profile === null) throw forbidden(textRef('document.notepadReadOnly'));
  const id = await db.transaction(async (tx) => {
    const noteId = await insertNote(tx, {
      triadId: input.triad.id,
      userId: caller.userId,
      profile,
      title: input.title,
      text: input.text,
    });
    await logImpersonatedWrite(tx, caller, meta, { action: 'notepad.add', entity: 'notepad', entityId: noteId });
    await recordUserTimeline(tx, { triadId: input.triad.id, className: 'note', titlePart2: input.title, userId: caller.userId });
    return noteId;
  });
  return { hasError: false, message: text(meta.locale, 'document.notepadSaved'), id };
}

/** The note, checked to be the caller's own and still in a triad the caller may read. */
async function ownNote(db: Db, caller: Caller, noteId: number, triadId?: number) {
  const note = await findNote(db, noteId);
  if (!note) throw notFound(textRef('document.noteNotFound'));
  await resolveTriadAccess(db, caller, note.triadId, { module: 'MODULE_LEA_NOTEPAD' });
  if (note.userId !== caller.userId || (triadId !== undefined && triadId !== note.triadId)) throw forbidden();
  return note;
}

export async function editNote(db: Db, caller: Caller, noteId: number, input: NoteInput, meta: WriteMeta) {
  await ownNote(db, caller, noteId, input.triad.id);
  await db.transaction(async (tx) => {
    await updateNote(tx, noteId, { title: input.title, text: input.text });
    await logImpersonatedWrite(tx, caller, meta, { action: 'notepad.edit', entity: 'notepad', entityId: noteId });
  });
  return { hasError: false, message: text(meta.locale, 'document.notepadSaved'), id: noteId };
}

export async function removeNote(db: Db, caller: Caller, noteId: number, meta: WriteMeta) {
  await ownNote(db, caller, noteId);
  await db.transaction(async (tx) => {
    await deleteNote(tx, noteId);
    await logImpersonatedWrite(tx, caller, meta, { action: 'notepad.remove', entity: 'notepad', entityId: noteId });
  });
  const message = text(meta.locale, 'document.noteRemoved');
  return { success: true, hasError: false, detail: [{ message }], message };
}

/** Pin and unpin: every reader of the triad (spec 2 §4). */
export async function pinNote(db: Db, caller: Caller, noteId: number, meta: WriteMeta) {
  const note = await findNote(db, noteId);
  if (!note) throw notFound(textRef('document.noteNotFound'));
  await resolveTriadAccess(db, caller, note.triadId, { module: 'MODULE_LEA_NOTEPAD' });
  const pinned = await db.transaction(async (tx) => {
    const value = await togglePinned(tx, noteId);
    await logImpersonatedWrite(tx, caller, meta, { action: 'notepad.pin', entity: 'notepad', entityId: noteId });
    return value;
  });
  return { result: true, pinned };
}
