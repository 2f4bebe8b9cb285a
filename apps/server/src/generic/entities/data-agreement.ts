import { eq } from 'drizzle-orm';
import { DATA_AGREEMENT_TEXTS, DataAgreementInput } from '@lea/shared';
import type { DataAgreementText } from '../../db/schema/admin-setup.js';
import { publishDataAgreement } from '../../services/data-agreement.js';
import { platforms } from '../../db/schema/index.js';
import { ownPlatformRow, type PlatformRecord } from './platform-row.js';
import { buildFormModel, type FieldSpec, type TabSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';

/** Legal texts get the medium editor (300 px, spec 1 §3.6). */
const editor = (name: DataAgreementText): FieldSpec => ({
  name,
  kind: 'editor',
  label: `backOffice.dataAgreement.${name}`,
  attributes: { editorType: 'medium' },
});

const TABS: TabSpec[] = [
  {
    code: 'legal',
    label: 'backOffice.dataAgreement.tab.legal',
    fields: [editor('legalNotice'), editor('termOfService')],
  },
  {
    code: 'privacy',
    label: 'backOffice.dataAgreement.tab.privacy',
    fields: [editor('learnerPrivacy'), editor('professionalTutorPrivacy'), editor('pedagogicTutorPrivacy')],
  },
  {
    code: 'publish',
    label: 'adminSetup.agreement.tab',
    fields: [
      {
        name: 'publish',
        kind: 'checkbox',
        label: 'adminSetup.agreement.publish',
        help: 'adminSetup.agreement.publishHelp',
        initial: false,
      },
    ],
  },
];

/**
 * data-agreement (admin area, spec 3 §2.3 `data-agreement/edit`): the legal texts of the
 * administrator's platform, which the sign-in page and the footer show (GET /app/data-agreement).
 * A singleton: the platform's own row, never another platform's. A save that publishes makes a new
 * version, which every user accepts at their next sign-in (services/data-agreement.ts).
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
  ...ownPlatformRow,
  async form(_db, scope, { record }) {
    return buildFormModel('data-agreement', scope.locale, TABS, record ? { ...record, publish: false } : null);
  },
  input: DataAgreementInput,
  async save(tx, scope, input, { record }) {
    const { publish, ...texts } = input;
    await tx.update(platforms).set(texts).where(eq(platforms.id, scope.platformId));
    if (publish) {
      const changed = DATA_AGREEMENT_TEXTS.filter((name) => (record?.[name] ?? null) !== texts[name]);
      await publishDataAgreement(tx, scope.platformId, scope.caller.userId, changed);
    }
    return scope.platformId;
  },
  // The legal texts are in GET /app/design and /app/data-agreement, both answered from the shared cache.
  caches: (scope) => [
    { topic: 'design', key: scope.platformId },
    { topic: 'dataAgreement', key: scope.platformId },
  ],
  messages: { saved: 'backOffice.dataAgreement.saved' },
});
