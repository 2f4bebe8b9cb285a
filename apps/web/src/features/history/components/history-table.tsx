import { Badge, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { HistoryLine, HistoryType } from '@lea/shared';

const COLORS: Record<HistoryType, string> = {
  connection: 'blue',
  impersonation: 'violet',
  signature: 'green',
  'signature-cancel': 'orange',
  delete: 'red',
  write: 'gray',
};

export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { dateStyle: 'short', timeStyle: 'short' });
  return (value: string) => format.format(new Date(value));
}

/** The history lines: a table on a wide screen, one card per line on a phone. */
export function HistoryTable({ lines }: { lines: HistoryLine[] }) {
  const { t } = useTranslation('history');
  const dateTime = useDateTime();
  const narrow = useMediaQuery('(max-width: 767px)');
  const badge = (line: HistoryLine) => (
    <Badge color={COLORS[line.type]} variant="light" style={{ flexShrink: 0 }}>
      {t(`type.${line.type}`)}
    </Badge>
  );
  const who = (line: HistoryLine) =>
    line.impersonator
      ? t('byImpersonator', { user: line.user?.fullName ?? '?', impersonator: line.impersonator.fullName })
      : (line.user?.fullName ?? '—');
  if (narrow) {
    return (
      <Stack gap="xs">
        {lines.map((line) => (
          <Card key={line.id} withBorder padding="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              {badge(line)}
              <Text size="xs" c="dimmed">
                {dateTime(line.at)}
              </Text>
            </Group>
            <Text size="sm" fw={600} mt={4} style={{ overflowWrap: 'anywhere' }}>
              {line.label}
            </Text>
            <Text size="sm">{who(line)}</Text>
            {line.ip && (
              <Text size="xs" c="dimmed">
                {line.ip}
              </Text>
            )}
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="xs" miw={820}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.date')}</Table.Th>
            <Table.Th>{t('column.type')}</Table.Th>
            <Table.Th>{t('column.action')}</Table.Th>
            <Table.Th>{t('column.user')}</Table.Th>
            <Table.Th>{t('column.ip')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(line.at)}</Table.Td>
              <Table.Td>{badge(line)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.label}</Table.Td>
              <Table.Td>{who(line)}</Table.Td>
              <Table.Td>
                <Text size="sm" title={line.userAgent ?? undefined}>
                  {line.ip ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
