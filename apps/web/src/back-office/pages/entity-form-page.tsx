import { Card, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityForm } from '../components/entity-form';
import { PageHeader } from '../../../shell/page-header';
import { listRoute } from '../entities';
import { useEntityTarget } from '../route-target';

/**
 * Add or edit any entity of the area (routes `…/{alias}/add`, `…/{alias}/edit/{id}`, the alias in
 * the route's handle): the mode follows the presence of an id (spec 3 §4).
 */
export default function GenericFormPage() {
  const { t } = useTranslation('manager');
  const navigate = useNavigate();
  const target = useEntityTarget();
  if (!target) return null;
  const back = listRoute(target);
  const mode = target.id === null ? 'add' : 'edit';
  return (
    <Stack gap="lg">
      <PageHeader title={t(`entities.${target.alias}.${mode}`)} back={{ to: back, label: t(`entities.${target.alias}.back`) }} />
      <Card withBorder radius="md" padding="lg">
        {/* A new key per record: the form restarts when the route moves to another one. */}
        <EntityForm key={`${target.alias}-${target.id ?? 'new'}-${target.triadId ?? ''}`} target={target} onSaved={() => void navigate(back)} />
      </Card>
    </Stack>
  );
}
