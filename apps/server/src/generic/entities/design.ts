import { and, eq } from 'drizzle-orm';
import { DesignInput, MESSAGES, type FileFieldValue, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { files, platforms } from '../../db/schema/index.js';
import { text } from '../../texts/index.js';
import { buildFormModel, type FieldSpec, type TabSpec } from '../form-builder.js';
import { defineEntity, type AdminScope } from '../types.js';
import { fileValues } from './attachments.js';

const LOGOS = ['logoType', 'logoCfa', 'logoHomepage', 'favicon'] as const;
type Logo = (typeof LOGOS)[number];
const COLUMN: Record<Logo, 'logoTypeFileId' | 'logoCfaFileId' | 'logoHomepageFileId' | 'faviconFileId'> = {
  logoType: 'logoTypeFileId',
  logoCfa: 'logoCfaFileId',
  logoHomepage: 'logoHomepageFileId',
  favicon: 'faviconFileId',
};
/** Logos and the favicon are pictures the browser shows: png, jpeg, gif or svg (sanitised by the file service). */
const PICTURES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'];

type DesignRecord = { id: number } & Record<string, string | FileFieldValue | null | number>;

async function designOf(db: DbOrTx, platformId: number): Promise<DesignRecord | null> {
  const [platform] = await db.select().from(platforms).where(eq(platforms.id, platformId)).limit(1);
  if (!platform) return null;
  const byId = await fileValues(
    db,
    LOGOS.map((logo) => platform[COLUMN[logo]]),
  );
  const logos = Object.fromEntries(LOGOS.map((logo) => [logo, byId.get(platform[COLUMN[logo]] ?? 0) ?? null]));
  return {
    id: platform.id,
    principalColor: platform.principalColor,
    secondaryColor: platform.secondaryColor,
    presentation: platform.presentation,
    homeAlert: platform.homeAlert,
    helpContactEmail: platform.helpContactEmail,
    helpContact: platform.helpContact,
    ...logos,
  };
}

const picture = (name: Logo, extensions: string[]): FieldSpec => ({
  name,
  kind: 'file',
  label: `adminSetup.design.${name}`,
  attributes: { maxFiles: 1, allowedExtensions: extensions, uploadType: 'logo' },
});
const editor = (name: 'presentation' | 'homeAlert' | 'helpContact', editorType: 'simple' | 'medium'): FieldSpec => ({
  name,
  kind: 'editor',
  label: `adminSetup.design.${name}`,
  attributes: { editorType },
});

/** The tab of the help contact, also the help-document settings' form. */
const HELP_PART = 'help';

const TABS: TabSpec[] = [
  {
    code: 'colors',
    label: 'adminSetup.design.tab.colors',
    fields: [
      { name: 'principalColor', kind: 'color', label: 'adminSetup.design.principalColor', help: 'adminSetup.design.colorHelp' },
      { name: 'secondaryColor', kind: 'color', label: 'adminSetup.design.secondaryColor' },
    ],
  },
  {
    code: 'logos',
    label: 'adminSetup.design.tab.logos',
    fields: [
      picture('logoType', ['png', 'jpg', 'jpeg', 'gif', 'svg']),
      picture('logoCfa', ['png', 'jpg', 'jpeg', 'gif', 'svg']),
      picture('logoHomepage', ['png', 'jpg', 'jpeg', 'gif', 'svg']),
    ],
  },
  { code: 'favicon', label: 'adminSetup.design.tab.favicon', fields: [picture('favicon', ['png', 'svg'])] },
  { code: 'presentation', label: 'adminSetup.design.tab.presentation', fields: [editor('presentation', 'medium')] },
  { code: 'homeAlert', label: 'adminSetup.design.tab.homeAlert', fields: [editor('homeAlert', 'simple')] },
  {
    code: HELP_PART,
    label: 'adminSetup.design.tab.help',
    fields: [{ name: 'helpContactEmail', kind: 'email', label: 'adminSetup.design.helpContactEmail' }, editor('helpContact', 'simple')],
  },
];

/** Each picture is the platform's current one, or a picture the administrator uploaded on the platform. */
async function checkPictures(db: DbOrTx, scope: AdminScope, input: DesignInput, current: DesignRecord | null): Promise<ValidationError[]> {
  const errors: ValidationError[] = [];
  for (const logo of LOGOS) {
    const chosen = input[logo];
    if (chosen === null) continue;
    const kept = (current?.[logo] as FileFieldValue | null)?.id === chosen.id;
    const [file] = await db
      .select({ uploadedBy: files.uploadedBy, mimeType: files.mimeType })
      .from(files)
      .where(and(eq(files.id, chosen.id), eq(files.platformId, scope.platformId)))
      .limit(1);
    if (!file || (!kept && file.uploadedBy !== scope.caller.userId)) errors.push({ field: logo, message: MESSAGES.fileUnavailable });
    else if (!PICTURES.includes(file.mimeType)) errors.push({ field: logo, message: text('fr', 'adminSetup.design.notPicture') });
  }
  return errors;
}

/**
 * design (admin area, spec 3 §2.3 `design/edit`, spec 1 §3.2): the platform's colours, logos,
 * favicon, presentation, home alert and help contact, which the sign-in page and the shell apply
 * (GET /app/design). A singleton on the platform's row; its pictures are public on the platform.
 */
export const designEntity = defineEntity<DesignRecord, DesignInput, 'admin'>({
  alias: 'design',
  table: platforms,
  area: 'admin',
  screen: { path: 'design' },
  titles: {
    list: 'adminSetup.design.title',
    add: 'adminSetup.design.edit',
    edit: 'adminSetup.design.edit',
    back: 'adminSetup.design.back',
  },
  async find(db, scope, id) {
    return id === scope.platformId ? designOf(db, id) : null;
  },
  // The help-document settings (spec 3 §2.3 `help-document/settings`, §7.2) are the help tab alone:
  // `unique-form?part=help`, saved by `PUT generic/design/unique-post` with that tab only.
  singleton: { one: (db, scope) => designOf(db, scope.platformId), partial: true },
  async form(_db, scope, { record, query }) {
    const tabs = query.part === HELP_PART ? TABS.filter((tab) => tab.code === HELP_PART) : TABS;
    return buildFormModel('design', scope.locale, tabs, record);
  },
  input: DesignInput,
  check: (db, scope, input, { record }) => checkPictures(db, scope, input, record),
  async save(tx, scope, input) {
    await tx
      .update(platforms)
      .set({
        principalColor: input.principalColor,
        secondaryColor: input.secondaryColor,
        presentation: input.presentation,
        homeAlert: input.homeAlert,
        helpContactEmail: input.helpContactEmail,
        helpContact: input.helpContact,
        logoTypeFileId: input.logoType?.id ?? null,
        logoCfaFileId: input.logoCfa?.id ?? null,
        logoHomepageFileId: input.logoHomepage?.id ?? null,
        faviconFileId: input.favicon?.id ?? null,
        updatedAt: new Date(),
      })
      .where(eq(platforms.id, scope.platformId));
    return scope.platformId;
  },
  // GET /app/design answers from the shared cache (decision 033): a save forgets it in every process.
  caches: (scope) => [{ topic: 'design', key: scope.platformId }],
  messages: { saved: 'adminSetup.design.saved' },
});
