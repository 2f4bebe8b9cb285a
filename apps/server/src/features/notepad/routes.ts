import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FormModel,
  IdParams,
  NoteInput,
  NoteListResponse,
  NotePinResponse,
  NoteRemoveResponse,
  NoteSaveResponse,
  NoteTriadParams,
} from '@lea/shared';
import { requireUser } from '../../http/authenticate.js';
import { callerOf } from '../../http/caller.js';
import { writeMetaOf } from '../../http/write-meta.js';
import { addNote, editNote, listNotes, noteForm, pinNote, removeNote } from './service.js';

/** Notepad of a triad (spec 2 §7, MODULE_LEA_NOTEPAD); the list path is `/app/notepad/list/{triad}`. */
export async function notepadRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/app/notepad/list/:triad',
    { preHandler: requireUser, schema: { params: NoteTriadParams, response: { 200: NoteListResponse } } },
    (request) => listNotes(db, callerOf(request), request.params.triad),
  );

  app.get('/app/notepad/form', { preHandler: requireUser, schema: { response: { 200: FormModel } } }, (request) =>
    noteForm(db, callerOf(request), request.locale),
  );

  app.get('/app/notepad/form/:id', { preHandler: requireUser, schema: { params: IdParams, response: { 200: FormModel } } }, (request) =>
    noteForm(db, callerOf(request), request.locale, request.params.id),
  );

  app.post('/app/notepad/add', { preHandler: requireUser, schema: { body: NoteInput, response: { 200: NoteSaveResponse } } }, (request) =>
    addNote(db, callerOf(request), request.body, writeMetaOf(request)),
  );

  app.put(
    '/app/notepad/:id',
    { preHandler: requireUser, schema: { params: IdParams, body: NoteInput, response: { 200: NoteSaveResponse } } },
    (request) => editNote(db, callerOf(request), request.params.id, request.body, writeMetaOf(request)),
  );

  app.delete(
    '/app/notepad/remove/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: NoteRemoveResponse } } },
    (request) => removeNote(db, callerOf(request), request.params.id, writeMetaOf(request)),
  );

  app.put(
    '/app/notepad/pin/:id',
    { preHandler: requireUser, schema: { params: IdParams, response: { 200: NotePinResponse } } },
    (request) => pinNote(db, callerOf(request), request.params.id, writeMetaOf(request)),
  );
}
