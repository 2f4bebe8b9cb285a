import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HtmlContent } from '../../../shell/html-content';
import { useReportedMessages } from '../api';
import { QueryStates } from '../../../shell/query-states';

/** /lea-manager/{course}/messaging/reported: the messages readers reported, kept for the course's managers. */
export default function ReportedMessagesPage() {
  const { t } = useTranslation('message');
  const courseId = Number(useParams().trainingCourseId);
  const reported = useReportedMessages(courseId);
  const messages = reported.data?.messages ?? [];
  const format = (date: string) => dayjs(date).format(t('dateFormat'));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('reported.title')}
        </Title>
        <Anchor component={Link} to={`/lea-manager/${courseId}/messaging`}>
          {t('reported.back')}
        </Anchor>
      </Group>
      <QueryStates
        query={reported}
        empty={messages.length === 0}
        errorText={t('loadError')}
        emptyIcon={<IconFlag size={32} />}
        emptyTitle={t('reported.empty')}
      >
        {() =>
          messages.map((message) => (
            <Paper key={message.id} withBorder p="md" radius="md" data-testid="reported-message">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{message.title}</Text>
                  <Badge color="orange">{t('reported.count', { count: message.reports.length })}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('reported.sentBy', { name: message.sender.fullName, date: format(message.date) })}
                </Text>
                {message.deleted ? (
                  <Text size="sm" fs="italic" c="dimmed">
                    {t('deletedText')}
                  </Text>
                ) : (
                  <HtmlContent html={message.text} />
                )}
                <Text size="xs" c="dimmed">
                  {t('reported.by', {
                    names: message.reports.map((report) => `${report.reporter.fullName} (${format(report.date)})`).join(', '),
                  })}
                </Text>
              </Stack>
            </Paper>
          ))
        }
      </QueryStates>
    </Stack>
  );
}
