import type { LessonListResponse, LessonView } from '@lea/shared';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { resolveTriadAccess } from '../../services/triad-access.js';
import { textRef } from '../../texts/index.js';
import { findCourseLesson, findCourseSubjects, findFiles } from './queries.js';

/** Spec 2 §9: pictures are detected by extension (gif, jpg, jpeg, png). */
const PICTURE = /\.(gif|jpe?g|png)$/i;

/**
 * `GET /app/lesson/list/{triad}` (spec 2 §2, MODULE_LEA_COURSE): the lessons of the triad's course
 * grouped by subject, for every member of the triad, its course's managers and administrators.
 */
export async function listLessons(db: Db, caller: Caller, triadId: number): Promise<LessonListResponse> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_COURSE' });
  const rows = await findCourseSubjects(db, access.course.id);
  const subjects: LessonListResponse['subjects'] = [];
  for (const row of rows) {
    let subject = subjects.at(-1);
    if (subject?.id !== row.subjectId) {
      subject = { id: row.subjectId, name: row.subjectName, unit: { id: row.unitId, name: row.unitName }, lessons: [] };
      subjects.push(subject);
    }
    if (row.lessonId !== null && row.lessonTitle !== null) subject.lessons.push({ id: row.lessonId, title: row.lessonTitle });
  }
  return { subjects };
}

/** `GET /app/lesson/show/{triad}/{id}`: one lesson of the triad's course; its files carry links signed for the reader. */
export async function showLesson(db: Db, caller: Caller, triadId: number, lessonId: number, links: FileLinks): Promise<LessonView> {
  const access = await resolveTriadAccess(db, caller, triadId, { module: 'MODULE_LEA_COURSE' });
  const found = await findCourseLesson(db, access.course.id, lessonId);
  if (!found) throw notFound(textRef('lesson.notFound'));
  const { lesson, subject } = found;
  const ids = [lesson.lessonFileId, lesson.lessonFile2Id, lesson.lessonFile3Id, lesson.lessonFile4Id].filter(
    (id): id is number => id !== null,
  );
  const stored = new Map((await findFiles(db, ids)).map((file) => [file.id, file]));
  const files = ids.flatMap((id) => {
    const file = stored.get(id);
    return file
      ? [
          {
            originalName: file.originalName,
            downloadUrl: links.download(file),
            inlineUrl: links.inline(file),
            picture: PICTURE.test(file.originalName),
          },
        ]
      : [];
  });
  return { id: lesson.id, title: lesson.title, subject, activity: lesson.activity, workToDo: lesson.workToDo, link: lesson.link, files };
}
