import { eq } from 'drizzle-orm';
import { DataAgreementInput } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { platforms } from '../../db/schema/index.js';
import { buildFormModel, type FieldSpec, type TabSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';

type PlatformRecord = typeof platforms.$inferSelect;

async function platformOf(db: DbOrTx, platformId: number): Promise<PlatformRecord | null> {
  const [row] = await db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1);
  return row ?? null;
}

/** Long legal texts get the medium editor (300 px), short notices the simple one (spec 1 §3.6). */
const editor = (name: keyof DataAgreementInput, editorType: 'simple' | 'medium'): FieldSpec => ({
  name,
  kind: 'editor',
  label: `backOffice.dataAgreement.${name}`,
  attributes: { editorType },
});

const TABS: TabSpec[] = [
  {
    code: 'home',
    label: 'backOffice.dataAgreement.tab.home',
    fields: [editor('presentation', 'medium'), editor('homeAlert', 'simple')],
  },
  {
    code: 'legal',
    label: 'backOffice.dataAgreement.tab.legal',
    fields: [editor('legalNotice', 'medium'), editor('termOfService', 'medium')],
  },
  {
    code: 'privacy',
    label: 'backOffice.dataAgreement.tab.privacy',
    fields: [editor('learnerPrivacy', 'medium'), editor('professionalTutorPrivacy', 'medium'), editor('pedagogicTutorPrivacy', 'medium')],
  },
  {
    code: 'help',
    label: 'backOffice.dataAgreement.tab.help',
    fields: [
      { name: 'helpContactEmail', kind: 'email', label: 'backOffice.dataAgreement.helpContactEmail' },
      editor('helpContact', 'simple'),
    ],
  },
];

/**
 * data-agreement (admin area, spec 3 §2.3 `data-agreement/edit`): the legal and help texts of the
 * administrator's platform, which the sign-in page and the footer show (GET /app/design,
 * GET /app/data-agreement). A singleton: the platform's own row, never another platform's.
 */
export const dataAgreementEntity = defineEntity<PlatformRecord, DataAgreementInput, 'admin'>({
  alias: 'data-agreement',
  table: platforms,
  area: 'admin',
  screen: { path: 'data-agreement' },
  titles: {
    list: 'backOffice.dataAgreement.title',
    add: 'backOffice.dataAgreement.edit',
    edit: 'backOffice.dataAgreement.edit',
    back: 'backOffice.dataAgreement.back',
  },
  async find(db, scope, id) {
    return id === scope.platformId ? platformOf(db, id) : null;
  },
  singleton: { one: (db, scope) => platformOf(db, scope.platformId) },
  async form(_db, scope, { record }) {
    return buildFormModel('data-agreement', scope.locale, TABS, record);
  },
  input: DataAgreementInput,
  async save(tx, scope, input) {
    await tx.update(platforms).set(input).where(eq(platforms.id, scope.platformId));
    return scope.platformId;
  },
  messages: { saved: 'backOffice.dataAgreement.saved' },
});
