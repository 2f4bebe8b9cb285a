import { z } from 'zod';
import { MESSAGES } from '../validation.js';
import { Id, INT4_MAX } from './common.js';
import { FormId, FormOptionalText, FormText } from './manager.js';

/** Spec 2 §9: a lesson has up to four attachments. */
export const LESSON_FILE_FIELDS = ['lessonFile', 'lessonFile2', 'lessonFile3', 'lessonFile4'] as const;
export type LessonFileField = (typeof LESSON_FILE_FIELDS)[number];

/** An http or https address with a host and no spaces (a `javascript:` or `data:` URL never is one). */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** Only http and https addresses are links; the shared package runs where the URL class may not be typed. */
export function isWebAddress(value: string): boolean {
  return WEB_ADDRESS.test(value);
}

export const FormWebAddress = FormText(500).refine(isWebAddress, MESSAGES.webAddress);
export const FormOptionalWebAddress = FormOptionalText(500).refine((value) => value === null || isWebAddress(value), MESSAGES.webAddress);

/** A file field's value (`{id, originalName}`, or a list of one) as the stored file's id; empty is null. */
export const FormOptionalFile = z.preprocess((value) => {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === null || first === undefined || first === '') return null;
  return typeof first === 'object' && 'id' in first ? (first as { id: unknown }).id : first;
}, z.number(MESSAGES.fileUnavailable).int().positive().max(INT4_MAX).nullable());

/** unit (manager area): a group of subjects. */
export const LessonUnitInput = z.object({ name: FormText(255) });
export type LessonUnitInput = z.infer<typeof LessonUnitInput>;

/** subject (manager area): a group of lessons, in a unit. */
export const LessonSubjectInput = z.object({ name: FormText(255), unit: FormId });
export type LessonSubjectInput = z.infer<typeof LessonSubjectInput>;

/** lesson (manager area): spec 2 §3 Lesson; activity and work to do are rich text. */
export const LessonInput = z.object({
  title: FormText(255),
  subject: FormId,
  activity: FormOptionalText(100_000),
  workToDo: FormOptionalText(100_000),
  link: FormOptionalWebAddress,
  lessonFile: FormOptionalFile,
  lessonFile2: FormOptionalFile,
  lessonFile3: FormOptionalFile,
  lessonFile4: FormOptionalFile,
});
export type LessonInput = z.infer<typeof LessonInput>;

export const LessonTriadParams = z.object({ triad: Id });
export const LessonParams = z.object({ triad: Id, id: Id });

/** `GET /app/lesson/list/{triad}`: the course's subjects (in unit order) with their lessons (spec 2 §2). */
export const LessonListResponse = z.object({
  subjects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      unit: z.object({ id: z.number().int(), name: z.string() }),
      lessons: z.array(z.object({ id: z.number().int(), title: z.string() })),
    }),
  ),
});
export type LessonListResponse = z.infer<typeof LessonListResponse>;

/** An attachment of a lesson: links signed for the reader; pictures (gif, jpg, jpeg, png) get a preview. */
export const LessonFile = z.object({
  originalName: z.string(),
  downloadUrl: z.string(),
  inlineUrl: z.string(),
  picture: z.boolean(),
});
export type LessonFile = z.infer<typeof LessonFile>;

/** `GET /app/lesson/show/{triad}/{id}`: the detail view (spec 2 §2); activity and work to do are sanitised HTML. */
export const LessonView = z.object({
  id: z.number().int(),
  title: z.string(),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  activity: z.string().nullable(),
  workToDo: z.string().nullable(),
  link: z.string().nullable(),
  files: z.array(LessonFile),
});
export type LessonView = z.infer<typeof LessonView>;
