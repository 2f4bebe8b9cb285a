import {
  BLANK_ITEM_ATTRIBUTES,
  CHOICE_FIELD_TYPES,
  FIELD_TYPE,
  GRID_CLUSTER_DISPLAY_MODE,
  type EditorQuestion,
  type EditorRow,
  type QuestionnaireEditorBody,
} from '@lea/shared';

/**
 * The editor's blocks: the question items of the editor model (spec 3 §3 Question) with a client
 * key, so that a new block (no id yet) can be selected, dragged and named in errors.
 */
export type BlockRow = EditorRow & { key: string };
export type Block = Omit<EditorQuestion, 'questions'> & { key: string; questions: BlockRow[] };
export type BlockPatch = Partial<Omit<Block, 'key' | 'questions' | 'id'>>;
export type RowPatch = Partial<Omit<BlockRow, 'key' | 'questions' | 'id'>>;

/** What the add menu offers: a field, a cluster, a grid cluster, an open cluster or a title. */
export type BlockKind = 'field' | 'cluster' | 'grid' | 'open' | 'title';

/** Texts a new block starts with, in the user's language (the state stays free of i18n). */
export type BlockDefaults = { option: (n: number) => string; row: (n: number) => string };

export type Settings = Omit<QuestionnaireEditorBody, 'questions' | 'deletedQuestions'>;

let counter = 0;
/** A key unique in this page's life (ids from the server are not enough: new blocks have none). */
export function newKey(): string {
  counter += 1;
  return `b${Date.now().toString(36)}${counter}`;
}

const BASE_ITEM: Omit<EditorRow, 'itemType' | 'questions'> = {
  ...BLANK_ITEM_ATTRIBUTES,
  id: null,
  index: 0,
  title: '',
  type: FIELD_TYPE.shortText,
};

/** Spec 3 §4: a new question's access is the sole signer when exactly one profile signs. */
export function defaultAccess(signedBy: readonly number[]): number[] {
  return signedBy.length === 1 ? [...signedBy] : [];
}

export function isChoiceType(type: number): boolean {
  return CHOICE_FIELD_TYPES.includes(type);
}

export function isGrid(block: Pick<Block, 'itemType' | 'displayMode'>): boolean {
  return block.itemType === 'cluster' && block.displayMode === GRID_CLUSTER_DISPLAY_MODE;
}

/** Whether an item has a list of options (and so marks): choice fields and grid clusters. */
export function hasValueList(item: Pick<Block, 'itemType' | 'type' | 'displayMode'>): boolean {
  return (item.itemType === 'field' && isChoiceType(item.type)) || isGrid(item);
}

function options(defaults: BlockDefaults, count: number) {
  return Array.from({ length: count }, (_, index) => ({ value: defaults.option(index + 1), mark: null }));
}

export function createRow(cluster: Pick<Block, 'displayMode' | 'itemType'>, position: number, defaults: BlockDefaults): BlockRow {
  // A grid row is answered with the cluster's columns: a unique choice without its own list.
  const type = isGrid(cluster) ? FIELD_TYPE.uniqueChoice : FIELD_TYPE.shortText;
  return { ...BASE_ITEM, key: newKey(), itemType: 'field', type, title: defaults.row(position), questions: [] };
}

export function createBlock(kind: BlockKind, signedBy: readonly number[], defaults: BlockDefaults): Block {
  const access = defaultAccess(signedBy);
  const base = { ...BASE_ITEM, key: newKey(), access, questions: [] as BlockRow[] };
  switch (kind) {
    case 'title':
      return { ...base, itemType: 'title', access: [] };
    case 'field':
      return { ...base, itemType: 'field' };
    case 'open':
      return { ...base, itemType: 'cluster', openedQuestions: true, openedQuestionsAccess: access };
    case 'cluster':
      return { ...base, itemType: 'cluster' };
    case 'grid': {
      // Spec 3 §3: a grid cluster has a valueList and two sub-questions.
      const grid: Block = { ...base, itemType: 'cluster', displayMode: GRID_CLUSTER_DISPLAY_MODE, valueList: options(defaults, 2) };
      return { ...grid, questions: [createRow(grid, 1, defaults), createRow(grid, 2, defaults)] };
    }
  }
}

/**
 * The editing rules of spec 3 §4 applied to a change: turning displayMark off clears the mark
 * values (and the maximum and radar); turning openedQuestions off resets openedQuestionsType to 1;
 * a type that needs options gets one, so a choice list never starts empty.
 */
export function applyItemPatch<T extends Block | BlockRow>(item: T, patch: BlockPatch | RowPatch, defaults: BlockDefaults): T {
  const next = { ...item, ...patch } as T;
  if (patch.displayMark === false) {
    next.valueList = next.valueList.map((entry) => ({ ...entry, mark: null }));
    next.maximalMark = null;
    next.displayRadar = false;
  }
  if (patch.openedQuestions === false) {
    next.openedQuestionsType = 1;
    next.openedQuestionsAccess = [];
  }
  if (patch.comments === false) {
    next.commentsLabel = null;
    next.commentsType = 1;
  }
  if ((patch.type !== undefined || patch.displayMode !== undefined) && hasValueList(next) && next.valueList.length === 0) {
    next.valueList = options(defaults, 1);
  }
  return next;
}

/** Removes an option, keeping at least one (spec 3 §5: choice lists keep at least one option). */
export function withoutOption<T extends Pick<Block, 'valueList'>>(item: T, position: number): T {
  if (item.valueList.length <= 1) return item;
  return { ...item, valueList: item.valueList.filter((_, index) => index !== position) };
}

export function withOption<T extends Pick<Block, 'valueList'>>(item: T, defaults: BlockDefaults): T {
  return { ...item, valueList: [...item.valueList, { value: defaults.option(item.valueList.length + 1), mark: null }] };
}

/** The server's items with client keys (the interview date item is left to the settings). */
export function blocksOf(questions: readonly EditorQuestion[]): Block[] {
  return questions.map((question) => ({
    ...question,
    key: newKey(),
    questions: question.questions.map((row) => ({ ...row, key: newKey() })),
  }));
}

/** The blocks as the body carries them: keys dropped, indexes from the order. */
export function questionsOf(blocks: readonly Block[]): EditorQuestion[] {
  return blocks.map(({ key: _key, questions, ...block }, index) => ({
    ...block,
    index,
    questions: questions.map(({ key: _rowKey, ...row }, rowIndex) => ({ ...row, index: rowIndex, questions: [] })),
  }));
}
