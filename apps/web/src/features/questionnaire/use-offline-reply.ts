import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireView } from '@lea/shared';
import { ApiRequestError, NetworkError } from '../../shell/api-client';
import { useOnline } from '../../shell/needs-network';
import { claimPendingWrite } from '../../shell/pending-writes';
import { signedInUserKey } from '../../shell/session';
import { savePath, saveReply, type QuestionnaireParams } from './api';
import {
  applyChoices,
  differsFromServer,
  mergeReply,
  pendingKey,
  writableFields,
  type FieldSide,
  type PendingReply,
  type ReplyField,
} from './offline-reply';
import { buildSaveRequest, canSaveDraft, initialDraft, type ReplyDraft } from './reply-state';
import type { ReplyForm } from './use-reply-form';

/** The browser database is loaded with the first pending answer to read or keep (decision 034). */
const store = () => import('../../shell/offline-store');

/**
 * The key of the caller's pending answers for this questionnaire, as the page is opened (`?profile=`);
 * null when nobody is signed in.
 */
export function pendingReplyKey(params: QuestionnaireParams, profile: number | null): string | null {
  const user = signedInUserKey();
  return user && pendingKey(user, params.triadId, params.questionnaireId, profile);
}

async function readPendingReply(key: string | null): Promise<PendingReply | null> {
  // No browser database (private modes, tests): nothing was kept, and Dexie need not load.
  if (!key || typeof indexedDB === 'undefined') return null;
  const kept = await (await store()).readKeptAnswer('questionnaire', key);
  return (kept?.value as PendingReply | undefined) ?? null;
}

/** The answers kept on this device under `key`, read as the page opens (beside its view); undefined until read. */
export function useKeptReply(key: string | null): PendingReply | null | undefined {
  const [kept, setKept] = useState<{ key: string | null; reply: PendingReply | null } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readPendingReply(key)
      .catch(() => null)
      .then((reply) => live && setKept({ key, reply }));
    return () => {
      live = false;
    };
  }, [key]);
  return kept?.key === key ? kept.reply : undefined;
}

const keepPending = async (key: string, pending: PendingReply) => (await store()).keepAnswer('questionnaire', key, pending);
const dropPending = async (key: string) => (await store()).dropKeptAnswer('questionnaire', key);

/** The server's newer answers met the user's: the fields both changed, to choose from. */
export type ReplyConflict = {
  fresh: QuestionnaireView;
  server: ReplyDraft;
  mine: ReplyDraft;
  merged: ReplyDraft;
  conflicts: ReplyField[];
};

type Options = {
  view: QuestionnaireView;
  params: QuestionnaireParams;
  form: ReplyForm;
  reload: () => Promise<QuestionnaireView | undefined>;
  /** Where the answers are kept on this device (pendingReplyKey), and what was kept when the page opened. */
  keptKey: string | null;
  initial: PendingReply | null;
};

const versionOf = (view: QuestionnaireView) => view.userReply?.version ?? 0;

/**
 * Completion offline (decision 037): offline, every change of the form is kept on this device with
 * the reply version it was based on; back online the answers are sent as a draft with that version.
 * A 409 (the reply moved on) merges: what only one side changed is taken, the fields both changed
 * are left to the user (`conflict`, `resolve`); the chosen answers are kept again, then sent against
 * the server's version. A reply signed meanwhile cannot take them: the page says so (`refused`).
 */
export function useOfflineReply({ view, params, form, reload, keptKey: key, initial }: Options) {
  const { t } = useTranslation('questionnaire');
  const online = useOnline();
  const [pending, setPending] = useState<PendingReply | null>(initial);
  const [conflict, setConflict] = useState<ReplyConflict | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const pendingRef = useRef(pending);
  const viewRef = useRef(view);
  const busy = useRef(false);
  const { reset, setErrors } = form;
  viewRef.current = view;

  const remember = useCallback(
    (next: PendingReply | null) => {
      const kept = next && {
        ...next,
        write: {
          method: 'PUT' as const,
          path: savePath(params),
          body: { ...buildSaveRequest(viewRef.current, next.draft, 1), version: next.baseVersion },
        },
      };
      pendingRef.current = kept;
      setPending(kept);
      if (!key) return Promise.resolve();
      return kept ? keepPending(key, kept) : dropPending(key);
    },
    [key, params],
  );

  // While the page is open it sends its kept answers itself (and settles a conflict here).
  useEffect(() => (key ? claimPendingWrite(key) : undefined), [key]);

  // Offline, what the user types is kept as it changes (the first change fixes the base version).
  useEffect(() => {
    if (online || !key || !canSaveDraft(view)) return;
    const current = pendingRef.current;
    if (current?.draft === form.draft || (!current && !differsFromServer(view, form.draft))) return;
    void remember({
      baseVersion: current?.baseVersion ?? versionOf(view),
      base: current?.base ?? initialDraft(view),
      draft: form.draft,
      savedAt: Date.now(),
    });
  }, [online, key, view, form.draft, remember]);

  /** Sends the kept answers once; answers the merged ones to send again, or null when done or stopped. */
  const sendOnce = useCallback(
    async (kept: PendingReply): Promise<PendingReply | null> => {
      try {
        const body = { ...buildSaveRequest(viewRef.current, kept.draft, 1), version: kept.baseVersion };
        const answer = await saveReply(params, body);
        await remember(null);
        if (answer.hasError) {
          // A draft is not validated; a value the server cannot read (a malformed number) names its field.
          setErrors(answer.responses.flatMap((response) => response.validationErrors ?? []));
          notifications.show({ color: 'red', message: t('notices.saveError') });
          return null;
        }
        const fresh = await reload();
        if (fresh) reset(fresh);
        notifications.show({ color: 'green', message: t('offline.sent') });
        return null;
      } catch (error) {
        // No network after all: kept for the next reconnection.
        if (error instanceof NetworkError) return null;
        if (!(error instanceof ApiRequestError && error.status === 409)) {
          setRefused(error instanceof ApiRequestError ? error.message : t('notices.saveError'));
          return null;
        }
        const fresh = await reload();
        if (!fresh) return null;
        if (!canSaveDraft(fresh)) {
          // Signed meanwhile: nothing may change it any more.
          setRefused(error.message);
          await remember(null);
          reset(fresh);
          return null;
        }
        const server = initialDraft(fresh);
        const { merged, conflicts } = mergeReply(kept.base, kept.draft, server, writableFields(fresh));
        if (conflicts.length > 0) {
          setConflict({ fresh, server, mine: kept.draft, merged, conflicts });
          return null;
        }
        // Each field changed on one side only: sent again against the server's version.
        const next = { baseVersion: versionOf(fresh), base: server, draft: merged, savedAt: kept.savedAt };
        await remember(next);
        return next;
      }
    },
    [params, reset, setErrors, reload, remember, t],
  );

  const send = useCallback(
    async (first: PendingReply) => {
      busy.current = true;
      setSending(true);
      try {
        // A few rounds at most: each one follows a save by somebody else in between.
        let next: PendingReply | null = first;
        for (let round = 0; next && round < 3; round += 1) next = await sendOnce(next);
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [sendOnce],
  );

  const sendRef = useRef(send);
  sendRef.current = send;
  // Back online (or opened online with answers kept earlier): they are sent, once per kept state.
  useEffect(() => {
    if (!online || !pending || conflict || refused || busy.current) return;
    void sendRef.current(pending);
  }, [online, pending, conflict, refused]);

  /** The user's choice for each conflicting field: kept on the device, then sent against the server's version. */
  const resolve = useCallback(
    (choices: Readonly<Record<string, FieldSide>>) => {
      if (!conflict) return;
      const draft = applyChoices(conflict.merged, conflict.server, conflict.conflicts, choices);
      setConflict(null);
      void remember({ baseVersion: versionOf(conflict.fresh), base: conflict.server, draft, savedAt: Date.now() });
    },
    [conflict, remember],
  );

  /** A save through the page's own buttons sent everything: nothing is pending any more. */
  const saved = useCallback(() => {
    if (pendingRef.current) void remember(null);
  }, [remember]);

  return { online, pending, sending, conflict, resolve, refused, dismissRefused: () => setRefused(null), saved };
}
