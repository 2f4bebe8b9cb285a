import { Card, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../shell/page-header';
import type { BackOfficeArea } from '../area';
import { EntityForm } from '../components/entity-form';
import { returnPath, type ScreenMatch } from '../screens';

/**
 * Add or edit a record of any entity (`…/add`, `…/edit/{id}`): the mode follows the presence of
 * an id (spec 3 §4); a saved form returns to where the entity's records are listed.
 */
export function EntityFormPage({ area, match }: { area: BackOfficeArea; match: ScreenMatch }) {
  const navigate = useNavigate();
  const { entity, id, parentId } = match;
  const back = returnPath(area, entity, parentId);
  return (
    <Stack gap="lg">
      <PageHeader title={id === null ? entity.titles.add : entity.titles.edit} back={{ to: back, label: entity.titles.back }} />
      <Card withBorder radius="md" padding="lg">
        {/* A new key per record: the form restarts when the route moves to another one. */}
        <EntityForm
          key={`${entity.alias}-${id ?? 'new'}-${parentId ?? ''}`}
          target={{ area, entity, id, parentId }}
          onSaved={() => void navigate(back)}
        />
      </Card>
    </Stack>
  );
}
