import { GRID_CLUSTER_DISPLAY_MODE, type QuestionItem } from '@lea/shared';
import { answersByProfile, chosenValues, clusterProfiles, formatValue, isEmptyValue } from './answers.js';
import { INDENT, drawQuestionTitle } from './blocks.js';
import { profileAbbreviation, profileLabel } from './labels.js';
import { INK, type Pdf, ensureSpace, paragraph } from './layout.js';
import { formatInstant, formatNumber } from './pdf-text.js';
import { type Cell, type Column, drawTable } from './tables.js';

/** Blank rows the model offers under an open cluster, for the rows a triad would add. */
const OPEN_CLUSTER_BLANK_ROWS = 2;

/** "3 / 4", or per profile "A 3 · T 1" when several profiles mark the same row. */
function markCell(pdf: Pdf, row: QuestionItem, maximalMark: number | null): Cell {
  const marks = [...answersByProfile(row).entries()].filter(([, answer]) => answer.mark !== null);
  if (marks.length === 0) return { text: '' };
  const maximum = maximalMark === null ? '' : ` / ${formatNumber(maximalMark, pdf.locale)}`;
  if (marks.length === 1) return { text: `${formatNumber(marks[0]?.[1].mark ?? 0, pdf.locale)}${maximum}`, bold: true, align: 'center' };
  return {
    text: marks
      .map(([profile, answer]) => `${profileAbbreviation(pdf.labels, profile)} ${formatNumber(answer.mark ?? 0, pdf.locale)}`)
      .join(' · '),
    align: 'center',
  };
}

const showsMarks = (pdf: Pdf, cluster: QuestionItem) =>
  pdf.model === 1 && pdf.showMarks && (cluster.displayMark || cluster.questions.some((row) => row.displayMark));

/** Grid cluster: one line per sub-question, one column per value of the list, ticks where chosen. */
function drawGrid(pdf: Pdf, cluster: QuestionItem): void {
  const profiles = clusterProfiles(cluster);
  const several = profiles.length > 1;
  const withMarks = showsMarks(pdf, cluster);
  const columns: Column[] = [
    { header: pdf.labels.question, weight: 3.2 },
    ...cluster.valueList.map((entry) => ({
      header: pdf.showMarks && entry.mark !== null ? `${entry.value} (${formatNumber(entry.mark, pdf.locale)})` : entry.value,
      weight: 1.2,
      align: 'center' as const,
    })),
    ...(withMarks ? [{ header: pdf.labels.mark, weight: 1, align: 'center' as const }] : []),
  ];
  const rows = cluster.questions.map((row): Cell[] => {
    const answers = answersByProfile(row);
    const cells = cluster.valueList.map((entry): Cell => {
      if (pdf.model === 0) return { text: '' };
      const choosers = profiles.filter((profile) => chosenValues(answers.get(profile)?.value ?? null).includes(entry.value));
      if (choosers.length === 0) return { text: '' };
      return { text: several ? choosers.map((profile) => profileAbbreviation(pdf.labels, profile)).join(' ') : '', tick: true };
    });
    return [{ text: row.title }, ...cells, ...(withMarks ? [markCell(pdf, row, row.maximalMark ?? cluster.maximalMark)] : [])];
  });
  drawTable(pdf, columns, rows, pdf.model === 0 ? 22 : 0);
  if (several) {
    const legend = profiles
      .map((profile) => `${profileAbbreviation(pdf.labels, profile)} : ${profileLabel(pdf.labels, profile)}`)
      .join('   ');
    paragraph(pdf, legend, { size: 7.5, color: INK.muted });
    pdf.doc.y += 6;
  }
}

/** Cluster: one line per row, one column per answering profile. */
function drawRowsTable(pdf: Pdf, cluster: QuestionItem): void {
  const profiles = clusterProfiles(cluster);
  const withMarks = showsMarks(pdf, cluster);
  const columns: Column[] = [
    { header: pdf.labels.question, weight: 2.4 },
    ...profiles.map((profile) => ({ header: profileLabel(pdf.labels, profile), weight: profiles.length === 1 ? 3.6 : 2.4 })),
    ...(withMarks ? [{ header: pdf.labels.mark, weight: 0.9, align: 'center' as const }] : []),
  ];
  const rows = cluster.questions.map((row): Cell[] => {
    const answers = answersByProfile(row);
    const cells = profiles.map((profile): Cell => {
      if (pdf.model === 0 || (!row.access.includes(profile) && !answers.has(profile))) return { text: '' };
      const value = answers.get(profile)?.value ?? null;
      return isEmptyValue(value)
        ? { text: pdf.labels.notSet, muted: true, align: 'center' }
        : { text: formatValue(row.type, value, pdf.locale) };
    });
    return [{ text: row.title, bold: true }, ...cells, ...(withMarks ? [markCell(pdf, row, row.maximalMark)] : [])];
  });
  if (pdf.model === 0 && cluster.openedQuestions) {
    for (let blank = 0; blank < OPEN_CLUSTER_BLANK_ROWS; blank += 1) rows.push(columns.map((): Cell => ({ text: '' })));
  }
  drawTable(pdf, columns, rows, pdf.model === 0 ? 26 : 0);
}

/** The comments written on a cluster's rows, printed after its table. */
function drawRowComments(pdf: Pdf, cluster: QuestionItem): void {
  if (pdf.model === 0) return;
  for (const row of cluster.questions) {
    for (const [profile, answer] of answersByProfile(row)) {
      const notes = [
        ...(answer.answerComment ? [`${profileLabel(pdf.labels, profile)} : ${answer.answerComment}`] : []),
        ...answer.answerComments.map(
          (comment) =>
            `${comment.user.fullName} (${profileLabel(pdf.labels, comment.writerProfile)}), ${formatInstant(comment.date)} : ${comment.value}`,
        ),
      ];
      for (const note of notes) {
        ensureSpace(pdf, 24);
        paragraph(pdf, `${row.title} - ${note}`, { indent: INDENT, size: 8.5, font: 'Helvetica-Oblique', color: INK.muted });
        pdf.doc.y += 2;
      }
    }
  }
}

/** A cluster as a table: a grid of ticks (display mode 2) or rows × profiles. */
export function drawCluster(pdf: Pdf, cluster: QuestionItem, number: number): void {
  drawQuestionTitle(pdf, cluster, number);
  const ordered = { ...cluster, questions: [...cluster.questions].sort((a, b) => a.index - b.index) };
  if (ordered.displayMode === GRID_CLUSTER_DISPLAY_MODE) drawGrid(pdf, ordered);
  else drawRowsTable(pdf, ordered);
  drawRowComments(pdf, ordered);
  pdf.doc.y += 8;
}
