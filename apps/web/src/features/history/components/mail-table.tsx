import { Badge, Button, Card, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MailLine, MailStatus } from '@lea/shared';
import { useDateTime } from './history-table';

const COLORS: Record<MailStatus, string> = { queued: 'gray', sending: 'blue', sent: 'green', failed: 'red', kept: 'yellow' };

type Props = { mails: MailLine[]; onResend: (mail: MailLine) => void; resending: number | null };

/** The course's mails with their delivery status; a failed one shows the server's answer and can be sent again. */
export function MailTable({ mails, onResend, resending }: Props) {
  const { t } = useTranslation('history');
  const dateTime = useDateTime();
  const narrow = useMediaQuery('(max-width: 767px)');
  const status = (mail: MailLine) => (
    <Stack gap={2}>
      <Badge color={COLORS[mail.status]} variant="light" w="fit-content">
        {t(`status.${mail.status}`)}
      </Badge>
      {mail.status === 'failed' && mail.smtpResponse && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {mail.smtpResponse}
        </Text>
      )}
    </Stack>
  );
  const resend = (mail: MailLine) =>
    mail.status === 'failed' ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} />}
        loading={resending === mail.id}
        onClick={() => onResend(mail)}
        aria-label={t('mail.resendTo', { recipient: mail.recipient })}
      >
        {t('mail.resend')}
      </Button>
    ) : null;
  if (narrow) {
    return (
      <Stack gap="xs">
        {mails.map((mail) => (
          <Card key={mail.id} withBorder padding="sm" radius="md">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {dateTime(mail.at)} · {mail.kindLabel}
              </Text>
            </Group>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {mail.subject}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.recipient}
            </Text>
            <Stack gap={6} mt={4} align="flex-start">
              {status(mail)}
              {resend(mail)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <ScrollArea>
      <Table striped highlightOnHover verticalSpacing="xs" miw={900}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('column.date')}</Table.Th>
            <Table.Th>{t('mail.kind')}</Table.Th>
            <Table.Th>{t('mail.recipient')}</Table.Th>
            <Table.Th>{t('mail.subject')}</Table.Th>
            <Table.Th>{t('mail.status')}</Table.Th>
            <Table.Th aria-label={t('mail.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateTime(mail.at)}</Table.Td>
              <Table.Td>{mail.kindLabel}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.recipient}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.subject}</Table.Td>
              <Table.Td maw={280}>{status(mail)}</Table.Td>
              <Table.Td>{resend(mail)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
