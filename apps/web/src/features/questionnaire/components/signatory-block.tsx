import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAPER_SIGNATURE_PROFILES, type QuestionnaireView } from '@lea/shared';
import { formatDay } from '../../../shell/questionnaires/questionnaire-queries';
import { StatusIcon } from '../../../shell/questionnaires/status-icon';
import { PaperSignatureButton } from './paper-signature-button';
import { useQuestionnaire } from './questionnaire-context';
import { useProfileTitle } from '../../../shell/profile-title';

const isPaperProfile = (profile: number) => (PAPER_SIGNATURE_PROFILES as readonly number[]).includes(profile);

/** Each signer profile: who, its status icon and the date it signed; managers act on the icons. */
export function SignatoryBlock({ view }: { view: QuestionnaireView }) {
  const { t } = useTranslation('questionnaire');
  const titleOf = useProfileTitle();
  const { params } = useQuestionnaire();
  const manage = view.userCanManage ? params : undefined;
  const total = view.userReply?.totalMark;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('signatories.title')}
        </Title>
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {view.signedBy.map((profile) => {
            const reply = view.lastReply[String(profile)] ?? null;
            const status = view.profileStatus[String(profile)];
            const signedAt = status?.signedAt ?? null;
            const paper = view.paperSignatures?.find((each) => each.profile === profile) ?? null;
            return (
              <Group key={profile} component="li" gap="sm" wrap="nowrap" justify="space-between">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {titleOf(profile)}
                  </Text>
                  {reply?.writerName && (
                    <Text size="xs" c="dimmed">
                      {reply.writerName}
                    </Text>
                  )}
                  <Text size="xs" c={signedAt ? undefined : 'dimmed'}>
                    {paper
                      ? t('paperSignature.recorded', { date: formatDay(paper.signedOn), name: paper.recordedBy ?? '' })
                      : signedAt
                        ? t('signatories.signedOn', { date: formatDay(signedAt) })
                        : t('signatories.notSigned')}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {manage && !status?.hasSigned && isPaperProfile(profile) && <PaperSignatureButton target={{ ...manage, profile }} />}
                  <StatusIcon profile={profile} status={status} manage={manage} />
                </Group>
              </Group>
            );
          })}
        </Stack>
        {total && (
          <Text size="sm" fw={600}>
            {t('marks.total', { mark: total.mark, max: total.maximalMark })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
