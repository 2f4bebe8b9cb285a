import { eq } from 'drizzle-orm';
import { CourseConfigInput, INFO_BLOCK_KINDS, PROFILE, type InfoBlockKind } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { trainingCourses, type InfoBlock, type InfoBlocks } from '../../db/schema/index.js';
import { sanitizeHtml } from '../../services/sanitize-html.js';
import { frenchTexts } from '../../texts/index.js';
import { buildFormModel, choicesOf, type TabSpec } from '../form-builder.js';
import { profileLabel } from '../text.js';
import { defineEntity, type Speech } from '../types.js';

type ConfigRecord = { id: number } & Record<string, unknown>;

/** The course as the form shows it: its columns, and each info block as three fields. */
async function configOf(db: DbOrTx, courseId: number): Promise<ConfigRecord | null> {
  const [course] = await db.select().from(trainingCourses).where(eq(trainingCourses.id, courseId)).limit(1);
  if (!course) return null;
  const blocks = Object.fromEntries(
    INFO_BLOCK_KINDS.flatMap((kind) => {
      const block = course.infoBlocks[kind];
      return [
        [`${kind}Display`, block?.display ?? false],
        [`${kind}BlockName`, block?.blockName ?? null],
        [`${kind}Content`, block?.content ?? null],
      ];
    }),
  );
  return {
    id: course.id,
    displayName: course.displayName,
    startYear: course.startYear,
    endYear: course.endYear,
    displayDocument: course.displayDocument,
    blocNameDocument: course.blocNameDocument,
    leaManagerColumn: course.leaManagerColumn,
    notepadWriters: course.notepadWriters.map(String),
    notepadTitle: course.notepadTitle,
    ...blocks,
  };
}

const infoTab = (kind: InfoBlockKind): TabSpec => ({
  code: kind,
  label: `courseModules.config.tab.${kind}`,
  fields: [
    { name: `${kind}Display`, kind: 'checkbox', label: 'courseModules.config.display' },
    { name: `${kind}BlockName`, kind: 'text', label: 'courseModules.config.blockName' },
    { name: `${kind}Content`, kind: 'editor', label: 'courseModules.config.content', attributes: { editorType: 'medium' } },
  ],
});

/** The notepad tab: who may add notes (the platform's profile titles), and the page's title. */
const notepadTab = (speech: Speech): TabSpec => ({
  code: 'notepad',
  label: 'courseModules.config.tab.notepad',
  fields: [
    {
      name: 'notepadWriters',
      kind: 'checkboxgroup',
      label: 'courseModules.config.notepadWriters',
      help: 'courseModules.config.notepadWritersHelp',
      choices: choicesOf(
        speech,
        Object.values(PROFILE).map((profile) => ({ value: String(profile), label: profileLabel(profile) })),
      ),
    },
    {
      name: 'notepadTitle',
      kind: 'text',
      label: 'courseModules.config.notepadTitle',
      help: 'courseModules.config.notepadTitleHelp',
    },
  ],
});

const TABS: TabSpec[] = [
  {
    code: 'general',
    label: 'courseModules.config.tab.general',
    fields: [
      { name: 'displayName', kind: 'text', label: 'courseModules.config.displayName', required: true },
      { name: 'startYear', kind: 'number', label: 'courseModules.config.startYear' },
      { name: 'endYear', kind: 'number', label: 'courseModules.config.endYear' },
      { name: 'leaManagerColumn', kind: 'checkbox', label: 'courseModules.config.leaManagerColumn' },
    ],
  },
  {
    code: 'documents',
    label: 'courseModules.config.tab.documents',
    fields: [
      { name: 'displayDocument', kind: 'checkbox', label: 'courseModules.config.displayDocument' },
      { name: 'blocNameDocument', kind: 'text', label: 'courseModules.config.blocNameDocument' },
    ],
  },
  ...INFO_BLOCK_KINDS.map(infoTab),
];

function blockOf(input: CourseConfigInput, kind: InfoBlockKind): InfoBlock | null {
  const display = input[`${kind}Display`];
  const blockName = input[`${kind}BlockName`];
  const content = input[`${kind}Content`];
  if (!display && blockName === null && content === null) return null;
  return { display, blockName: blockName ?? '', content: content === null ? '' : sanitizeHtml(content) };
}

/**
 * course-config (manager area, spec 3 §1 `config`): the course's settings as one form: display
 * name and years, the manager column of the questionnaire lists, the home's documents block, its
 * four information panels (spec 2 §2 home: display flag, block name, rich text) and the notepad's
 * settings (the profiles that may add notes, the page's title; features/notepad enforces them). A singleton:
 * the scope's course, screen `config/edit`.
 */
export const courseConfigEntity = defineEntity<ConfigRecord, CourseConfigInput, 'manager'>({
  alias: 'course-config',
  table: trainingCourses,
  area: 'manager',
  screen: { path: 'config' },
  titles: {
    list: 'courseModules.config.title',
    add: 'courseModules.config.edit',
    edit: 'courseModules.config.edit',
    back: 'courseModules.config.back',
  },
  async find(db, scope, id) {
    return id === scope.course.id ? configOf(db, id) : null;
  },
  singleton: { one: (db, scope) => configOf(db, scope.course.id) },
  async form(_db, scope, { record }) {
    return buildFormModel('course-config', scope, [...TABS, notepadTab(scope)], record);
  },
  input: CourseConfigInput,
  async check(_db, _scope, input) {
    const { startYear, endYear } = input;
    return startYear !== null && endYear !== null && endYear < startYear
      ? [{ field: 'endYear', message: frenchTexts('courseModules')['config.yearOrder'] }]
      : [];
  },
  async save(tx, scope, input) {
    const infoBlocks = Object.fromEntries(INFO_BLOCK_KINDS.map((kind) => [kind, blockOf(input, kind)])) as InfoBlocks;
    await tx
      .update(trainingCourses)
      .set({
        displayName: input.displayName,
        startYear: input.startYear,
        endYear: input.endYear,
        displayDocument: input.displayDocument,
        blocNameDocument: input.blocNameDocument,
        leaManagerColumn: input.leaManagerColumn,
        notepadWriters: input.notepadWriters,
        notepadTitle: input.notepadTitle,
        infoBlocks,
      })
      .where(eq(trainingCourses.id, scope.course.id));
    return scope.course.id;
  },
  messages: { saved: 'courseModules.config.saved' },
});
