import PDFDocument from 'pdfkit';
import { type FileDownloadResponse, type Locale, type SkillCategoryView, type SkillListResponse } from '@lea/shared';
import { eq } from 'drizzle-orm';
import { profileTitlesOf, titleOf } from '../../services/profile-titles.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Caller } from '../../http/caller.js';
import { notFound } from '../../http/errors.js';
import type { FileLinks } from '../../services/file-links.js';
import { writeWorkbook, XLSX_MIME } from '../../generic/xlsx.js';
import { textRef, translator } from '../../texts/index.js';
import { resolveSkillAccess } from './access.js';
import { buildSkillList } from './grid.js';

type Target = { courseId: number; triadId: number };
type GridLine = { depth: number; category: string; skill: string | null; values: number[] };

/** Helvetica prints CP1252 only: other characters (narrow spaces, symbols) become plain ones or '?'. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function pdfSafe(value: string): string {
  return [...value.replace(/[\u00a0\u202f\u2007\u2009]/g, ' ')]
    .map((char) => ((char.codePointAt(0) ?? 0) <= 0xff || WIN_ANSI_EXTRA.has(char) ? char : '?'))
    .join('');
}

function linesOf(categories: SkillCategoryView[], columns: number[], depth = 0): GridLine[] {
  return categories.flatMap((category) => [
    { depth, category: category.name, skill: null, values: [] },
    ...category.skills.map((skill) => ({
      depth,
      category: category.name,
      skill: skill.name,
      values: columns.map((profile) => skill.answers[String(profile)]?.value ?? 0),
    })),
    ...linesOf(category.daughters, columns, depth + 1),
  ]);
}

async function loadGrid(db: Db, caller: Caller, target: Target, locale: Locale, links: FileLinks) {
  const access = await resolveSkillAccess(db, caller, target.courseId, target.triadId);
  const list = await buildSkillList(db, access, locale, links);
  const [apprentice] =
    access.triad.apprenticeId === null
      ? []
      : await db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, access.triad.apprenticeId));
  return { list, apprentice: apprentice ? `${apprentice.firstName} ${apprentice.lastName}` : '' };
}

function levelText(list: SkillListResponse, value: number, none: string): string {
  if (value === 0) return none;
  const label = list.trainingCourse.skillLevels.find((level) => level.level === value)?.label;
  return label ? `${value} - ${label}` : String(value);
}

/** `GET export/{session}` (spec 2 §7): the session's grid as a PDF, with its levels and their labels. */
export async function exportSessionPdf(
  db: Db,
  caller: Caller,
  target: Target & { sessionId: number },
  locale: Locale,
  links: FileLinks,
): Promise<FileDownloadResponse> {
  const { list, apprentice } = await loadGrid(db, caller, target, locale, links);
  const session = list.skillSessions.find((entry) => entry.id === target.sessionId);
  if (!session) throw notFound(textRef('skill.sessionNotFound'));
  const t = translator(locale);
  const titles = (await profileTitlesOf(db, caller.platformId))[locale];
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: pdfSafe(`${t('skill.exportTitle')} - ${session.name}`) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(pdfSafe(`${t('skill.exportTitle')} - ${session.name}`));
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(pdfSafe(t('skill.exportApprentice', { profile: titleOf(titles, 1), name: apprentice })));
  doc.text(pdfSafe(`${session.startDate} - ${session.endDate}`)).moveDown();
  doc.font('Helvetica-Bold').text(pdfSafe(t('skill.exportLevels')));
  doc.font('Helvetica');
  for (const level of list.trainingCourse.skillLevels) doc.text(pdfSafe(`${level.level}. ${level.label}`));
  doc.moveDown();
  const none = t('skill.exportNone');
  for (const line of linesOf(session.skillCategories, list.columns)) {
    const indent = 40 + line.depth * 12;
    if (line.skill === null) {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text(pdfSafe(line.category), indent);
      continue;
    }
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(pdfSafe(line.skill), indent + 8);
    const values = list.columns.map((profile, index) => `${titleOf(titles, profile)} : ${levelText(list, line.values[index] ?? 0, none)}`);
    doc
      .fillColor('#555555')
      .fontSize(9)
      .text(pdfSafe(values.join('   ')), indent + 16)
      .fillColor('black');
  }
  doc.end();
  const bytes = await done;
  return { filename: `competences-${session.id}.pdf`, data: bytes.toString('base64'), type: 'application/pdf' };
}

/**
 * `GET export[?session=&finalEval=1]` (spec 2 §7): every session's grid in one sheet, one column per
 * profile; `finalEval` keeps the last session only (the final evaluation).
 */
export async function exportSkillsXlsx(
  db: Db,
  caller: Caller,
  target: Target & { sessionId?: number | undefined; finalEval: boolean },
  locale: Locale,
  links: FileLinks,
): Promise<FileDownloadResponse> {
  const { list } = await loadGrid(db, caller, target, locale, links);
  let sessions = list.skillSessions;
  if (target.sessionId !== undefined) {
    sessions = sessions.filter((session) => session.id === target.sessionId);
    if (sessions.length === 0) throw notFound(textRef('skill.sessionNotFound'));
  } else if (target.finalEval) sessions = sessions.slice(-1);
  const t = translator(locale);
  const titles = (await profileTitlesOf(db, caller.platformId))[locale];
  const headers = [
    t('skill.exportSession'),
    t('skill.exportCategory'),
    t('skill.exportSkill'),
    ...list.columns.map((profile) => titleOf(titles, profile)),
  ];
  const rows = sessions.flatMap((session) =>
    linesOf(session.skillCategories, list.columns)
      .filter((line) => line.skill !== null)
      .map((line) => [session.name, line.category, line.skill, ...line.values.map((value) => (value === 0 ? null : value))]),
  );
  const sheet = target.finalEval ? t('skill.exportFinal') : t('skill.exportTitle');
  const bytes = await writeWorkbook(sheet, headers, rows, [24, 30, 60]);
  return {
    filename: target.finalEval ? 'competences-evaluation-finale.xlsx' : 'competences.xlsx',
    data: bytes.toString('base64'),
    type: XLSX_MIME,
  };
}
