import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DATA_AGREEMENT_TEXTS, DataAgreementStatus, type DataAgreement } from '@lea/shared';
import { apiRequest } from './api-client';
import { useDataAgreement } from './design';
import { LazyHtmlContent } from './lazy-html-content';

export const dataAgreementStatusKey = ['data-agreement', 'status'] as const;

type TextName = (typeof DATA_AGREEMENT_TEXTS)[number];

/** The texts the version changed, or every text when it names none (a first publication). */
function shownTexts(agreement: DataAgreement | undefined, texts: TextName[]): { name: TextName; html: string }[] {
  return (texts.length > 0 ? texts : [...DATA_AGREEMENT_TEXTS])
    .map((name) => ({ name, html: agreement?.[name] ?? '' }))
    .filter((entry) => entry.html !== '');
}

/**
 * The blocking acceptance screen after sign-in (issue 13 §5): while the platform's latest
 * data-agreement version is not accepted by the signed-in user, nothing else can be used; accepting
 * records the date, the address and the version on the server. Signing out is the other way out.
 */
export function DataAgreementGate({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation('data-agreement');
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: dataAgreementStatusKey,
    queryFn: () => apiRequest('/app/data-agreement/status', { schema: DataAgreementStatus }),
    meta: { errorPage: false },
  });
  const agreement = useDataAgreement();
  const pending = status.data?.pending ?? null;
  const accept = useMutation({
    mutationFn: (version: number) =>
      apiRequest('/app/data-agreement/accept', { method: 'POST', body: { version }, schema: DataAgreementStatus }),
    onSuccess: (answer) => queryClient.setQueryData(dataAgreementStatusKey, answer),
  });
  if (!pending) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size="xl"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 768}
      title={<Title order={2}>{t('title')}</Title>}
    >
      <Stack gap="md">
        <Text>{t('intro', { version: pending.version })}</Text>
        {shownTexts(agreement.data, pending.texts).map((entry) => (
          <Stack key={entry.name} gap={4}>
            <Title order={3} size="h4">
              {t(`text.${entry.name}`)}
            </Title>
            <LazyHtmlContent html={entry.html} />
          </Stack>
        ))}
        {accept.isError && (
          <Text c="red" role="alert">
            {t('failed')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onLogout}>
            {t('logout')}
          </Button>
          <Button loading={accept.isPending} onClick={() => accept.mutate(pending.version)}>
            {t('accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
