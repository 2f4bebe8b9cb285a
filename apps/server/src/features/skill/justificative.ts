import { and, eq, inArray } from 'drizzle-orm';
import {
  ALLOWED_FILE_EXTENSIONS,
  FILE_DEFAULT_MAX_BYTES,
  MAX_JUSTIFICATIVE_FILES,
  PROFILE,
  type FormModel,
  type Locale,
  type SkillJustificativeInput,
  type SkillJustificativeResponse,
} from '@lea/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { files, skillAnswers, skillReplies } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { WriteMeta } from '../../http/write-meta.js';
import { logImpersonatedWrite } from '../../services/history.js';
import { text, textRef, translator } from '../../texts/index.js';
import { resolveSkillAccess } from './access.js';
import { isSessionOpen } from '../../services/skill-levels.js';
import { findLastSkillReply } from './queries.js';
import { requireSession, sessionSkills } from './save.js';

type Target = { courseId: number; triadId: number; skillId: number; sessionId: number };

const FILE_COLUMNS = [
  'justificativeFileId',
  'justificativeFile2Id',
  'justificativeFile3Id',
  'justificativeFile4Id',
  'justificativeFile5Id',
] as const;

/**
 * The caller's own answer the justification is about, checked by the rules of spec 2 §5: the skill
 * needs a justification, the triad has a skill reply, the caller is a rating member and not a
 * manager, and they already rated the skill in that session.
 */
async function justifiedAnswer(db: DbOrTx, caller: Caller, target: Target) {
  const access = await resolveSkillAccess(db, caller, target.courseId, target.triadId);
  const session = await requireSession(db, target.courseId, target.sessionId);
  const skill = (await sessionSkills(db, target.courseId, session.id)).get(target.skillId);
  if (!skill) throw notFound(textRef('skill.skillNotFound'));
  const profile = access.ratingProfiles.find((role) => role !== PROFILE.manager);
  if (!skill.needJustificative || !access.isMember || profile === undefined || access.roles.includes(PROFILE.manager)) {
    throw forbidden(textRef('skill.justificativeRefused'));
  }
  if (!(await findLastSkillReply(db, access.triad.id))) throw forbidden(textRef('skill.justificativeRefused'));
  const [answer] = await db
    .select({ answer: skillAnswers })
    .from(skillAnswers)
    .innerJoin(skillReplies, eq(skillReplies.id, skillAnswers.skillReplyId))
    .where(
      and(
        eq(skillReplies.triadId, access.triad.id),
        eq(skillReplies.skillSessionId, session.id),
        eq(skillReplies.profile, profile),
        eq(skillAnswers.skillId, skill.id),
      ),
    );
  if (!answer || answer.answer.value === 0) throw forbidden(textRef('skill.justificativeNeedsAnswer'));
  return { answer: answer.answer, session, skill };
}

function attachedIds(answer: typeof skillAnswers.$inferSelect): number[] {
  return FILE_COLUMNS.map((column) => answer[column]).filter((id): id is number => id !== null);
}

/** `GET justificative-form/{skill}?session=`: files (five at most) and the assessment of the caller's answer. */
export async function justificativeForm(db: Db, caller: Caller, target: Target, locale: Locale): Promise<FormModel> {
  const { answer } = await justifiedAnswer(db, caller, target);
  const ids = attachedIds(answer);
  const attached = ids.length
    ? await db.select({ id: files.id, originalName: files.originalName }).from(files).where(inArray(files.id, ids))
    : [];
  const t = translator(locale);
  const base = { required: false, disabled: false, hide: false, error: null, help: null } as const;
  return {
    tabs: [
      {
        code: 'justificative',
        label: t('skill.justificativeTab'),
        fields: [
          {
            ...base,
            id: 'justificative_files',
            name: 'files',
            label: t('skill.justificativeFiles'),
            kind: 'file',
            value: ids.flatMap((id) => attached.filter((file) => file.id === id)),
            attributes: {
              maxFiles: MAX_JUSTIFICATIVE_FILES,
              maxFileBytes: FILE_DEFAULT_MAX_BYTES,
              allowedExtensions: [...ALLOWED_FILE_EXTENSIONS],
              uploadType: 'skill',
            },
          },
          {
            ...base,
            id: 'justificative_assessment',
            name: 'assessment',
            label: t('skill.assessment'),
            kind: 'textarea',
            value: answer.assessment ?? '',
            attributes: {},
          },
        ],
      },
    ],
  };
}

/**
 * `PUT justificative-post/{skill}?session=`: a file is accepted when the caller uploaded it on this
 * platform (through the file service's checks) or it is already attached to this answer.
 */
export async function saveJustificative(
  db: Db,
  caller: Caller,
  target: Target,
  payload: SkillJustificativeInput,
  meta: WriteMeta,
): Promise<SkillJustificativeResponse> {
  const { answer, session } = await justifiedAnswer(db, caller, target);
  if (!isSessionOpen(session)) throw forbidden(textRef('skill.sessionLock'));
  const form = payload.find((entry) => entry.code === 'justificative')?.form ?? payload[0]?.form ?? { files: [] };
  const ids = [...new Set(form.files.map((file) => file.id))];
  const known = new Set(attachedIds(answer));
  const rows = ids.length
    ? await db
        .select({ id: files.id, uploadedBy: files.uploadedBy })
        .from(files)
        .where(and(inArray(files.id, ids), eq(files.platformId, caller.platformId)))
    : [];
  const allowed = new Set(rows.filter((row) => row.uploadedBy === caller.userId || known.has(row.id)).map((row) => row.id));
  if (ids.some((id) => !allowed.has(id))) {
    return {
      hasError: true,
      message: text(meta.locale, 'skill.justificativeFileRefused'),
      responses: [{ validationErrors: [{ field: 'files', message: text(meta.locale, 'skill.justificativeFileRefused') }] }],
    };
  }
  // A plain-text assessment (a textarea): the web shows it as text, never as HTML.
  const assessment = form.assessment ? form.assessment : null;
  const set = Object.fromEntries(FILE_COLUMNS.map((column, index) => [column, ids[index] ?? null]));
  await db.transaction(async (tx) => {
    await tx
      .update(skillAnswers)
      .set({ ...set, assessment })
      .where(eq(skillAnswers.id, answer.id));
    await logImpersonatedWrite(tx, caller, meta, { action: 'skill.justificative', entity: 'skill-answer', entityId: answer.id });
  });
  return { hasError: false, message: text(meta.locale, 'skill.justificativeSaved'), responses: [{ validationErrors: [] }] };
}
