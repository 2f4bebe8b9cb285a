import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLogin2, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonSummary } from '@lea/shared';
import type { PersonColumn } from '../triad-rules';

type Person = Pick<PersonSummary, 'id' | 'fullName'>;

type Props = {
  column: PersonColumn;
  person: PersonSummary | null;
  secondary: { id: number; user: PersonSummary }[];
  /** Null when no one may be impersonated from this column. */
  onImpersonate: ((person: Person) => void) | null;
  /** Null when the column's member cannot be removed. */
  onRemove: (() => void) | null;
  busyUserId: number | null;
};

function IconButton({
  label,
  onClick,
  loading,
  children,
  color,
}: {
  label: string;
  onClick: () => void;
  loading?: boolean;
  children: React.ReactNode;
  color?: string;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color ?? 'gray'} size="md" aria-label={label} onClick={onClick} loading={loading}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** One of the four person columns of a triad (spec 3 §2.2), with its secondary users. */
export function PersonCell({ column, person, secondary, onImpersonate, onRemove, busyUserId }: Props) {
  const { t } = useTranslation('manager');
  const actAs = (target: Person) =>
    onImpersonate && (
      <IconButton
        label={t('triads.impersonate', { name: target.fullName })}
        onClick={() => onImpersonate(target)}
        loading={busyUserId === target.id}
      >
        <IconLogin2 size={16} />
      </IconButton>
    );
  return (
    <Stack gap={4} miw={0} data-column={column}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="light" color={column === 'manager' ? 'grape' : 'blue'} title={t(`columns.${column}`)}>
          {t(`abbreviations.${column}`)}
        </Badge>
        <Text size="xs" c="dimmed" truncate>
          {t(`columns.${column}`)}
        </Text>
      </Group>
      {person ? (
        <Group gap={2} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {person.fullName}
          </Text>
          {actAs(person)}
          {onRemove && (
            <IconButton label={t('triads.removeMember', { name: person.fullName })} onClick={onRemove} color="red">
              <IconUserMinus size={16} />
            </IconButton>
          )}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('triads.nobody')}
        </Text>
      )}
      {secondary.map(({ id, user }) => (
        <Group key={id} gap={2} wrap="nowrap" pl="xs" miw={0}>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('triads.secondary', { name: user.fullName })}
          </Text>
          {actAs(user)}
        </Group>
      ))}
    </Stack>
  );
}
