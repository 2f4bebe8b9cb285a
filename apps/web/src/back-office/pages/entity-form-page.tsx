import { Card, Stack } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../shell/page-header';
import { screenBase, type BackOfficeArea } from '../area';
import { EntityForm } from '../components/entity-form';
import { returnPath, type ScreenMatch } from '../screens';

/** A `backPath` query (spec 3 §2.1, SubjectEdit) is followed only inside the area: never to another site. */
function areaPath(area: BackOfficeArea, backPath: string | null): string | null {
  if (!backPath || !backPath.startsWith('/') || backPath.startsWith('//')) return null;
  return backPath.startsWith(`${screenBase(area)}/`) ? backPath : null;
}

/**
 * Add or edit a record of any entity (`…/add`, `…/edit/{id}`): the mode follows the presence of
 * an id (spec 3 §4); a saved form returns to where the entity's records are listed (or to the
 * screen its `backPath` query names). The `set` query gives a new record's starting values.
 */
export function EntityFormPage({ area, match }: { area: BackOfficeArea; match: ScreenMatch }) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { entity, id, parentId } = match;
  const back = areaPath(area, query.get('backPath')) ?? returnPath(area, entity, parentId);
  const set = id === null ? query.get('set') : null;
  return (
    <Stack gap="lg">
      <PageHeader title={id === null ? entity.titles.add : entity.titles.edit} back={{ to: back, label: entity.titles.back }} />
      <Card withBorder radius="md" padding="lg">
        {/* A new key per record: the form restarts when the route moves to another one. */}
        <EntityForm
          key={`${entity.alias}-${id ?? 'new'}-${parentId ?? ''}-${set ?? ''}`}
          target={{ area, entity, id, parentId, set }}
          onSaved={() => void navigate(back)}
        />
      </Card>
    </Stack>
  );
}
