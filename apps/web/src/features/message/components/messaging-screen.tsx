import type { ReactNode } from 'react';
import { Button, EmptyState, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconMail, IconPencilPlus } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConversations, type MessagingArea } from '../api';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewMessageForm } from './new-message-form';
import { MessageNotificationSwitch } from '../../../shell/message-notification-switch';

const MOBILE_QUERY = '(max-width: 767px)';

/**
 * The two-panel messaging screen (spec 2 §2): conversations on the left, the selected one, the
 * new-message form or a prompt on the right. On mobile one panel at a time, and the side actions
 * are hidden while a message is open.
 */
export function MessagingScreen({ area, basePath, actions }: { area: MessagingArea; basePath: string; actions?: ReactNode }) {
  const { t } = useTranslation('message');
  const { pathname } = useLocation();
  const params = useParams();
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const isNew = pathname.replace(/\/$/, '').endsWith('/new');
  const id = !isNew && params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const panelOpen = isNew || id !== null;
  const list = useConversations(area);

  const right = isNew ? (
    <NewMessageForm area={area} basePath={basePath} />
  ) : id !== null ? (
    <ConversationView key={id} id={id} basePath={basePath} />
  ) : (
    <EmptyState icon={<IconMail size={32} />} withIndicatorBackground title={t('selectPrompt')} />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {!(isMobile && panelOpen) && (
          <Group gap="md">
            <MessageNotificationSwitch />
            {actions}
            <Button component={Link} to={`${basePath}/new`} leftSection={<IconPencilPlus size={18} />}>
              {t('create')}
            </Button>
          </Group>
        )}
      </Group>
      <Grid gap="md">
        {(!isMobile || !panelOpen) && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="sm" radius="md">
              <ConversationList
                messages={list.data?.messages}
                loading={list.isPending}
                failed={list.isError}
                selectedId={id}
                basePath={basePath}
              />
            </Paper>
          </Grid.Col>
        )}
        {(!isMobile || panelOpen) && (
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md" radius="md">
              {isMobile && (
                <Button component={Link} to={basePath} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} mb="sm">
                  {t('backToList')}
                </Button>
              )}
              {right}
            </Paper>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
