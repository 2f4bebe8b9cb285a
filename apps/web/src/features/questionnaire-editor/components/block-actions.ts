import type { BlockPatch, RowPatch } from '../editor/blocks';

/** What a block's editor may do; the page binds these to the editor's reducer. */
export type BlockActions = {
  select: (key: string | null) => void;
  update: (key: string, patch: BlockPatch) => void;
  addOption: (key: string, rowKey?: string) => void;
  removeOption: (key: string, position: number, rowKey?: string) => void;
  addRow: (key: string) => void;
  updateRow: (key: string, rowKey: string, patch: RowPatch) => void;
  moveRow: (key: string, from: number, to: number) => void;
  /** Asks first (spec 3 §5), then removes. */
  askRemove: (key: string, rowKey?: string) => void;
};

/** Shared by every block editor: the block's errors, the profiles offered, the message translator. */
export type BlockContext = {
  actions: BlockActions;
  errors: Record<string, string>;
  /** Profiles that may view the questionnaire: only they get access. */
  profiles: readonly number[];
  translate: (message: string) => string;
  /** Signed replies exist: retyping a saved item may be refused by the server. */
  signed: boolean;
};
