import type { AdminMenuEntry, AdminMenuResponse } from '@lea/shared';
import { describeEntity } from '../../generic/describe.js';
import { entitiesOf } from '../../generic/registry.js';
import type { AdminScope } from '../../generic/types.js';
import { text, type PlainTextKey } from '../../texts/index.js';

/**
 * The admin screens that are not a back-office entity (a chart, a history, an export screen):
 * one line each, added by the feature that serves the screen, once the screen works.
 */
type FeatureScreen = { code: string; label: PlainTextKey; path: string; icon: string };
const FEATURE_SCREENS: readonly FeatureScreen[] = [
  { code: 'news', label: 'news.read', path: 'news', icon: 'IconNews' },
  { code: 'history', label: 'history.menuHistory', path: 'history', icon: 'IconHistory' },
  { code: 'statistic', label: 'export.menuStatistics', path: 'statistic', icon: 'IconChartBar' },
  { code: 'export', label: 'export.menu', path: 'export', icon: 'IconFileSpreadsheet' },
];

/** The icon of each admin entity's entry (Tabler icon names the web app draws; a list icon otherwise). */
const ENTITY_ICONS: Readonly<Record<string, string>> = {
  user: 'IconUsers',
  'lea-manager-profile': 'IconUserShield',
  institution: 'IconBuilding',
  training: 'IconSchool',
  'training-course': 'IconCalendarEvent',
  module: 'IconPuzzle',
  'absence-config': 'IconCalendarX',
  'absence-reason': 'IconCalendarX',
  design: 'IconPalette',
  'data-agreement': 'IconLicense',
  'help-document': 'IconHelp',
  news: 'IconNews',
  'profile-title': 'IconId',
  'sso-provider': 'IconKey',
};

/** The order of the admin entities in the menu (spec 3 §2.3: people, then trainings, modules, look and texts); others follow. */
const ENTITY_ORDER: readonly string[] = [
  'user',
  'lea-manager-profile',
  'institution',
  'training',
  'training-course',
  'module',
  'absence-config',
  'absence-reason',
  'design',
  'data-agreement',
  'help-document',
  'profile-title',
  'sso-provider',
  'news',
];
const rankOf = (alias: string) => {
  const rank = ENTITY_ORDER.indexOf(alias);
  return rank === -1 ? ENTITY_ORDER.length : rank;
};

/**
 * GET /app/admin/menu (spec 3 §2.3: the side menu is loaded from the server): the admin entities
 * the registry declares, at their entry path (a list, or a singleton's form), then the feature
 * screens, in the request's language. Only screens that exist are offered (issue 11 §4).
 */
export function adminMenu(scope: AdminScope): AdminMenuResponse {
  const entries: AdminMenuEntry[] = entitiesOf('admin')
    .map((entity) => describeEntity(entity, scope.locale))
    // An entity under a parent (an institution's components) is reached from its parent's rows.
    .filter((entity) => (entity.can.list || entity.can.singleton) && entity.parent === null)
    .sort((one, other) => rankOf(one.alias) - rankOf(other.alias))
    .map((entity) => ({
      code: entity.alias,
      label: entity.titles.list,
      path: entity.can.singleton ? `${entity.screen.path}/edit` : entity.screen.path,
      icon: ENTITY_ICONS[entity.alias] ?? (entity.can.singleton ? 'IconFileText' : 'IconList'),
    }));
  for (const screen of FEATURE_SCREENS) entries.push({ ...screen, label: text(scope.locale, screen.label) });
  return { entries };
}
