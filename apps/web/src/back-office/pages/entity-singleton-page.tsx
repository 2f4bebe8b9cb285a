import { Card, Stack } from '@mantine/core';
import { PageHeader } from '../../shell/page-header';
import { screenBase, type BackOfficeArea } from '../area';
import { EntityForm } from '../components/entity-form';
import type { ScreenMatch } from '../screens';

/**
 * The one record of a singleton (`{screen}/edit`: data agreement, course configuration): its form in
 * tabs, saved with PUT; a save stays on the page with its notice (spec 3 §4), the way back is the area's home.
 */
export function EntitySingletonPage({ area, match }: { area: BackOfficeArea; match: ScreenMatch }) {
  const { entity } = match;
  return (
    <Stack gap="lg">
      <PageHeader title={entity.titles.edit} back={{ to: screenBase(area), label: entity.titles.back }} />
      <Card withBorder radius="md" padding="lg">
        <EntityForm target={{ area, entity, id: null, parentId: null }} onSaved={() => undefined} />
      </Card>
    </Stack>
  );
}
