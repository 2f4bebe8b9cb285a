import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedKey, fetchFeed, renewFeed, revokeFeed } from '../api';

/** The private calendar feed address (issue 15 §4): create, copy, renew or revoke it. */
export function FeedModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('calendar');
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: feedKey, queryFn: fetchFeed });
  const change = useMutation({
    mutationFn: (action: 'renew' | 'revoke') => (action === 'renew' ? renewFeed() : revokeFeed()),
    onSuccess: (answer) => {
      queryClient.setQueryData(feedKey, answer);
      if (answer.url === null) notifications.show({ color: 'green', message: t('feedRevoked') });
    },
    onError: () => notifications.show({ color: 'red', message: t('genericError') }),
  });
  const url = feed.data?.url ?? null;
  return (
    <Modal opened onClose={onClose} title={t('feedTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('feedText')}</Text>
        {url ? (
          <Group align="end" wrap="nowrap">
            <TextInput readOnly value={url} style={{ flex: 1 }} aria-label={t('feedTitle')} data-testid="feed-url" />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t('feedCopied') : t('feedCopy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Text c="dimmed">{t('feedNone')}</Text>
        )}
        <Group justify="flex-end">
          {url && (
            <Button color="red" variant="light" loading={change.isPending} onClick={() => change.mutate('revoke')}>
              {t('feedRevoke')}
            </Button>
          )}
          <Button loading={change.isPending} onClick={() => change.mutate('renew')}>
            {url ? t('feedRenew') : t('feedCreate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
