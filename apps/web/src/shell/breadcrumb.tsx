import { useEffect } from 'react';
import { Anchor, Box, Breadcrumbs, Text } from '@mantine/core';
import { Link, useMatches, type UIMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appState, useAppState } from './app-state';

export type Crumb = { name: string; path: string; title?: string };
type RouteMatch = Pick<UIMatch, 'pathname' | 'handle'>;

/** Spec 1 §2.6: no breadcrumb on the manager home, admin home, training course list and a triad's dashboard. */
const HIDDEN_ON: ReadonlySet<string> = new Set(['leaManagerHome', 'adminHome', 'TrainingCourseList', 'Dashboard']);
/** Layout routes whose name adds nothing a reader needs. */
const SKIPPED: ReadonlySet<string> = new Set(['dashboardLayout']);
const HOME: Crumb = { name: 'Dashboard', path: '/dashboard/home' };

function routeName(handle: unknown): string | null {
  const name = (handle as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' ? name : null;
}

/** A route serving many screens (the back-office engine's) lets its page say what it shows. */
function isTitledByPage(handle: unknown): boolean {
  return (handle as { titledByPage?: unknown } | null | undefined)?.titledByPage === true;
}

/** Sets the breadcrumb's label of the current page while it is shown (routes with `titledByPage`). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    appState.setPageTitle(title);
    return () => appState.setPageTitle(null);
  }, [title]);
}

/** The trail from the matched routes' names, or null where the breadcrumb is hidden. */
export function buildBreadcrumb(matches: readonly RouteMatch[], pageTitle: string | null = null): Crumb[] | null {
  const named = matches.flatMap((match) => {
    const name = routeName(match.handle);
    if (!name || SKIPPED.has(name)) return [];
    if (!isTitledByPage(match.handle)) return [{ name, path: match.pathname }];
    // Its internal name means nothing to a reader: no crumb until the page says what it shows (none on a 404).
    return pageTitle ? [{ name, path: match.pathname, title: pageTitle }] : [];
  });
  const last = named.at(-1);
  if (!last || HIDDEN_ON.has(last.name)) return null;
  // The admin area is its own root; everywhere else the trail starts at the triad's home.
  return named[0]?.name === 'admin' ? named : [HOME, ...named];
}

export function AppBreadcrumb() {
  const { t } = useTranslation('shell');
  const pageTitle = useAppState((state) => state.pageTitle);
  const crumbs = buildBreadcrumb(useMatches(), pageTitle);
  if (!crumbs) return null;
  return (
    <Box component="nav" aria-label={t('breadcrumb')}>
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', minWidth: 0 }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <Text key={crumb.path + crumb.name} size="sm" fw={600} aria-current="page" truncate>
              {crumb.title ?? t(`routes.${crumb.name}`, { defaultValue: crumb.name })}
            </Text>
          ) : (
            <Anchor key={crumb.path + crumb.name} component={Link} to={crumb.path} size="sm">
              {crumb.title ?? t(`routes.${crumb.name}`, { defaultValue: crumb.name })}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </Box>
  );
}
