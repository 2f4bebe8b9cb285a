import { useContext, useEffect } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/breadcrumb';
import { useBackOfficeArea } from '../area';
import { AreaErrorContext, useReportAreaError } from '../area-error';
import { LoadFallback } from '../components/load-fallback';
import { useAreaEntities } from '../entity-api';
import { matchScreen, type ScreenMatch } from '../screens';
import { EntityFormPage } from './entity-form-page';
import { EntityImportPage } from './entity-import-page';
import { EntityListPage } from './entity-list-page';
import { EntitySingletonPage } from './entity-singleton-page';

/** What the breadcrumb calls the screen: the entity's own title for that view. */
function titleOf({ entity, view }: ScreenMatch): string {
  if (view === 'singleton') return entity.titles.edit;
  if (view === 'list') return entity.titles.list;
  if (view === 'import') return entity.titles.import ?? entity.titles.list;
  if (view === 'update') return entity.titles.update ?? entity.titles.list;
  return view === 'add' ? entity.titles.add : entity.titles.edit;
}

/**
 * Every list, form and import screen of the area's registered entities (`{area}/…/{screen}/list|
 * add|edit/{id}|import|update`, a singleton's `{screen}/edit`), found from what the server declares (GET …/generic/entities);
 * a path that no entity serves is the area's 404.
 */
export default function EntityRoutePage({ prefix }: { prefix?: string } = {}) {
  const { t } = useTranslation('back-office');
  const area = useBackOfficeArea();
  // `prefix`: the part of the screen path the route itself matched (`shared-document`).
  const path = [prefix, useParams()['*']].filter(Boolean).join('/');
  const entities = useAreaEntities(area);
  useReportAreaError(entities.error);
  const report = useContext(AreaErrorContext);
  const match = entities.data ? matchScreen(entities.data.entities, path) : null;
  const missing = entities.data !== undefined && match === null;
  usePageTitle(match ? titleOf(match) : null);
  useEffect(() => {
    if (missing) report(404);
  }, [missing, report]);

  if (!entities.data) return <LoadFallback pending={entities.isPending} failure={t('form.loadError')} />;
  if (!match) return null;
  // A new key per screen: state (paging, search, form) does not leak from one screen to another.
  const key = `${match.entity.alias}/${match.view}/${match.parentId ?? ''}/${match.id ?? ''}`;
  if (match.view === 'list') return <EntityListPage key={key} area={area} match={match} entities={entities.data.entities} />;
  if (match.view === 'import' || match.view === 'update') return <EntityImportPage key={key} area={area} match={match} />;
  if (match.view === 'singleton') return <EntitySingletonPage key={key} area={area} match={match} />;
  return <EntityFormPage key={key} area={area} match={match} />;
}
