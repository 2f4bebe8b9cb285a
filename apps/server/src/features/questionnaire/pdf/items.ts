import { type Answer, FIELD_TYPE, type QuestionItem } from '@lea/shared';
import { answersByProfile, chosenValues, formatValue, isChoice, isEmptyValue, profilesOf } from './answers.js';
import { INDENT, LINE, drawBlankLines, drawHeading, drawQuestionTitle } from './blocks.js';
import { drawCluster } from './clusters.js';
import { profileLabel } from './labels.js';
import { INK, MARGIN, type Pdf, contentWidth, ensureSpace, heightOf, paragraph, style } from './layout.js';
import { formatInstant, formatNumber, pdfText } from './pdf-text.js';
import { drawTick } from './tables.js';

function drawBlankAnswer(pdf: Pdf, item: QuestionItem): void {
  const { labels } = pdf;
  switch (item.type) {
    case FIELD_TYPE.longText:
      return drawBlankLines(pdf, 4);
    case FIELD_TYPE.number:
      return drawBlankLines(pdf, 1, INDENT, 120);
    case FIELD_TYPE.date:
      return paragraph(pdf, '__ / __ / ____', { indent: INDENT, color: INK.muted, gap: 6 });
    case FIELD_TYPE.dateTime:
      return paragraph(pdf, '__ / __ / ____    __ : __', { indent: INDENT, color: INK.muted, gap: 6 });
    case FIELD_TYPE.file:
      paragraph(pdf, `${labels.file} :`, { indent: INDENT, size: 9, color: INK.muted });
      return drawBlankLines(pdf, 1);
    default:
      return drawBlankLines(pdf, 1);
  }
}

/** The options of a choice question, ticked where chosen, flowing on as many lines as needed. */
function drawChoices(pdf: Pdf, item: QuestionItem, chosen: string[]): void {
  const { doc, colors } = pdf;
  const options = [
    ...item.valueList.map((entry) => entry.value),
    ...chosen.filter((value) => !item.valueList.some((entry) => entry.value === value)),
  ];
  const round = item.type !== FIELD_TYPE.multipleChoice;
  const left = MARGIN.left + INDENT;
  const right = MARGIN.left + contentWidth(doc);
  let x = left;
  ensureSpace(pdf, LINE);
  let y = doc.y;
  for (const option of options) {
    const selected = chosen.includes(option);
    const font = selected ? 'Helvetica-Bold' : 'Helvetica';
    const text = pdfText(option);
    const textWidth = Math.min(doc.font(font).fontSize(9.5).widthOfString(text), right - left - 16);
    if (x > left && x + 14 + textWidth > right) {
      x = left;
      y += LINE - 2;
    }
    const textHeight = heightOf(pdf, text, textWidth + 1, { font, size: 9.5 });
    if (y + textHeight > doc.page.height - MARGIN.bottom) {
      doc.addPage();
      y = doc.y;
    }
    const box = { x, y: y - 0.5, size: 9 };
    const centre = { x: box.x + box.size / 2, y: box.y + box.size / 2 };
    doc
      .save()
      .lineWidth(0.8)
      .strokeColor(selected ? colors.heading : INK.muted);
    if (round) doc.circle(centre.x, centre.y, box.size / 2).stroke();
    else doc.rect(box.x, box.y, box.size, box.size).stroke();
    doc.restore();
    if (selected && round)
      doc
        .save()
        .circle(centre.x, centre.y, box.size / 4)
        .fill(colors.heading)
        .restore();
    else if (selected) drawTick(pdf, box.x + 1.5, box.y + 1.5, box.size - 3, colors.heading);
    style(pdf, { font, size: 9.5, color: selected || pdf.model === 0 ? INK.text : INK.muted }).text(text, x + 14, y, {
      width: textWidth + 1,
      lineGap: 1.5,
    });
    x += 14 + textWidth + 18;
    y = Math.max(y, doc.y - LINE + 2);
  }
  doc.x = MARGIN.left;
  doc.y = y + LINE;
}

function drawComments(pdf: Pdf, item: QuestionItem, answer: Answer | undefined): void {
  const { labels } = pdf;
  const label = item.commentsLabel ?? labels.comment;
  if (pdf.model === 0) {
    if (!item.comments) return;
    paragraph(pdf, `${label} :`, { indent: INDENT, size: 8.5, font: 'Helvetica-Oblique', color: INK.muted });
    drawBlankLines(pdf, item.commentsType === 2 ? 3 : 1);
    return;
  }
  if (answer?.answerComment) {
    ensureSpace(pdf, 30);
    paragraph(pdf, `${label} :`, { indent: INDENT, size: 8.5, font: 'Helvetica-BoldOblique', color: INK.muted });
    paragraph(pdf, answer.answerComment, { indent: INDENT, size: 9.5, font: 'Helvetica-Oblique' });
    pdf.doc.y += 3;
  }
  for (const comment of answer?.answerComments ?? []) {
    ensureSpace(pdf, 24);
    const author = `${comment.user.fullName} (${profileLabel(labels, comment.writerProfile)}), ${formatInstant(comment.date)}`;
    paragraph(pdf, author, { indent: INDENT + 8, size: 8, font: 'Helvetica-Bold', color: INK.muted });
    paragraph(pdf, comment.value, { indent: INDENT + 8, size: 9 });
    pdf.doc.y += 3;
  }
}

/** One profile's part of a field: its label, then its answer (or the blank area), mark and comments. */
function drawProfileAnswer(pdf: Pdf, item: QuestionItem, profile: number, answer: Answer | undefined): void {
  const { doc, labels, colors } = pdf;
  ensureSpace(pdf, 34);
  const top = doc.y;
  style(pdf, { font: 'Helvetica-Bold', size: 7.5, color: colors.heading }).text(
    pdfText(profileLabel(labels, profile).toUpperCase()),
    MARGIN.left + INDENT,
    top,
    { lineBreak: false },
  );
  const mark = answer?.mark;
  if (pdf.model === 1 && pdf.showMarks && item.displayMark && mark !== undefined && mark !== null) {
    const maximum = item.maximalMark === null ? '' : ` / ${formatNumber(item.maximalMark, pdf.locale)}`;
    style(pdf, { font: 'Helvetica-Bold', size: 8.5, color: colors.heading }).text(
      pdfText(`${labels.mark} : ${formatNumber(mark, pdf.locale)}${maximum}`),
      MARGIN.left,
      top,
      { width: contentWidth(doc), align: 'right', lineBreak: false },
    );
  }
  doc.x = MARGIN.left;
  doc.y = top + 12;
  const value = answer?.value ?? null;
  if (isChoice(item) && (item.valueList.length > 0 || pdf.model === 1)) drawChoices(pdf, item, pdf.model === 1 ? chosenValues(value) : []);
  else if (pdf.model === 0) drawBlankAnswer(pdf, item);
  else if (isEmptyValue(value)) paragraph(pdf, labels.noAnswer, { indent: INDENT, font: 'Helvetica-Oblique', color: INK.muted });
  else paragraph(pdf, formatValue(item.type, value, pdf.locale), { indent: INDENT });
  doc.y += 4;
  drawComments(pdf, item, answer);
}

function drawField(pdf: Pdf, item: QuestionItem, number: number): void {
  drawQuestionTitle(pdf, item, number);
  const answers = answersByProfile(item);
  for (const profile of profilesOf(item)) drawProfileAnswer(pdf, item, profile, answers.get(profile));
  pdf.doc.y += 8;
}

/** Every item in order: titles as section headings, fields and clusters numbered. */
export function drawItems(pdf: Pdf, items: QuestionItem[]): void {
  let number = 0;
  for (const item of [...items].sort((a, b) => a.index - b.index)) {
    if (item.itemType === 'title') drawHeading(pdf, item.title, 40);
    else {
      number += 1;
      if (item.itemType === 'cluster') drawCluster(pdf, item, number);
      else drawField(pdf, item, number);
    }
  }
}
