import { LOCALES, ProfileTitleInput, type TitledProfile } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { profileTitles } from '../../db/schema/index.js';
import { forgetProfileTitles, platformProfileTitles, TITLED_PROFILES } from '../../services/profile-titles.js';
import { buildFormModel, type TabSpec } from '../form-builder.js';
import { defineEntity } from '../types.js';

/** A profile's titles in both languages; its id is the profile's rank in TITLED_PROFILES (1–5). */
type ProfileTitleRecord = { id: number; profile: TitledProfile } & Record<string, string | number>;

const FORMS = ['title', 'titleWithArticle', 'titlePlural', 'titleAbbreviation'] as const;

async function recordOf(db: DbOrTx, platformId: number, id: number): Promise<ProfileTitleRecord | null> {
  const profile = TITLED_PROFILES[id - 1];
  if (profile === undefined) return null;
  const titles = await platformProfileTitles(db, platformId);
  const values: Record<string, string> = {};
  for (const locale of LOCALES) for (const form of FORMS) values[`${locale}_${form}`] = titles[locale][profile][form];
  return { id, profile, ...values };
}

const TABS: TabSpec[] = LOCALES.map((locale) => ({
  code: locale,
  label: `adminSetup.profileTitle.tab.${locale}`,
  fields: FORMS.map((form) => ({
    name: `${locale}_${form}`,
    kind: 'text' as const,
    label: `adminSetup.profileTitle.${form}`,
    required: true,
  })),
}));

/**
 * profile-title (admin area, spec 3 §2.3 profile-title-list and -edit/{id}, §3 Profile title):
 * the titles of the four triad profiles and of the company manager, in French and English, which
 * every screen uses (GET /app/profile-titles, `useProfileTitle()`). Neither added nor deleted: a
 * profile without a saved row keeps the defaults.
 */
export const profileTitleEntity = defineEntity<ProfileTitleRecord, ProfileTitleInput, 'admin'>({
  alias: 'profile-title',
  table: profileTitles,
  area: 'admin',
  screen: { path: 'profile-title' },
  titles: {
    list: 'adminSetup.profileTitle.list',
    add: 'adminSetup.profileTitle.edit',
    edit: 'adminSetup.profileTitle.edit',
    back: 'adminSetup.profileTitle.back',
  },
  add: false,
  find: (db, scope, id) => recordOf(db, scope.platformId, id),
  list: {
    columns: [
      { key: 'id', label: 'backOffice.word.id', filterable: false, sortable: false, format: 'text', hidden: true },
      { key: 'title', label: 'adminSetup.profileTitle.title', filterable: true, sortable: false, format: 'text', hidden: false },
      {
        key: 'titleWithArticle',
        label: 'adminSetup.profileTitle.titleWithArticle',
        filterable: true,
        sortable: false,
        format: 'text',
        hidden: false,
      },
      {
        key: 'titlePlural',
        label: 'adminSetup.profileTitle.titlePlural',
        filterable: true,
        sortable: false,
        format: 'text',
        hidden: false,
      },
      {
        key: 'titleAbbreviation',
        label: 'adminSetup.profileTitle.titleAbbreviation',
        filterable: true,
        sortable: false,
        format: 'text',
        hidden: false,
      },
    ],
    async rows(db, scope) {
      const titles = (await platformProfileTitles(db, scope.platformId))[scope.locale];
      return TITLED_PROFILES.map((profile, index) => ({ id: index + 1, ...titles[profile], canRemove: false, removeReason: null }));
    },
  },
  async form(_db, scope, { record }) {
    return buildFormModel('profile-title', scope.locale, TABS, record);
  },
  input: ProfileTitleInput,
  async save(tx, scope, input, { record }, ctx) {
    const profile = String(record!.profile);
    for (const locale of LOCALES) {
      const values = {
        title: input[`${locale}_title`],
        titleWithArticle: input[`${locale}_titleWithArticle`],
        titlePlural: input[`${locale}_titlePlural`],
        titleAbbreviation: input[`${locale}_titleAbbreviation`],
      };
      await tx
        .insert(profileTitles)
        .values({ platformId: scope.platformId, profile, locale, ...values })
        .onConflictDoUpdate({ target: [profileTitles.platformId, profileTitles.profile, profileTitles.locale], set: values });
    }
    // This process reads the new titles at once; the others within PROFILE_TITLES_TTL_MS (decision 024).
    forgetProfileTitles(ctx.db, scope.platformId);
    return record!.id;
  },
  messages: { saved: 'adminSetup.profileTitle.saved' },
});
