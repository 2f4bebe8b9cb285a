import {
  FormModel,
  NoteListResponse,
  NotePinResponse,
  NoteRemoveResponse,
  NoteSaveResponse,
  type FormPayload,
  type NoteInput,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

export const notepadKey = (triadId: number) => ['notepad', triadId] as const;

export function fetchNotes(triadId: number) {
  return apiRequest(`/app/notepad/list/${triadId}`, { schema: NoteListResponse });
}

export function fetchNoteForm(noteId: number | null) {
  return apiRequest(noteId === null ? '/app/notepad/form' : `/app/notepad/form/${noteId}`, { schema: FormModel });
}

/** The form renderer's payload (one tab) as the note body of spec 2 §7. */
export function noteBody(payload: FormPayload, triadId: number): NoteInput {
  const form = payload[0]?.form ?? {};
  return { title: String(form.title ?? ''), text: String(form.text ?? ''), triad: { id: triadId } };
}

export function saveNote(noteId: number | null, body: NoteInput) {
  return noteId === null
    ? apiRequest('/app/notepad/add', { method: 'POST', body, schema: NoteSaveResponse })
    : apiRequest(`/app/notepad/${noteId}`, { method: 'PUT', body, schema: NoteSaveResponse });
}

export function removeNote(noteId: number) {
  return apiRequest(`/app/notepad/remove/${noteId}`, { method: 'DELETE', schema: NoteRemoveResponse });
}

export function togglePin(noteId: number) {
  return apiRequest(`/app/notepad/pin/${noteId}`, { method: 'PUT', schema: NotePinResponse });
}
