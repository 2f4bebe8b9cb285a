import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardEntry, DashboardReply, ProfileStatus } from '@lea/shared';
import { StatusIcon } from '../../../shell/questionnaires/status-icon';
import { PROFILE_KEYS } from './dashboard-data';
import { gridClasses } from './dashboard-grid';
import { useProfileTitle } from '../../../shell/profile-title';

/** A dashboard reply as the shell's status icon reads it (the dashboard gives no start date). */
export function statusOf(reply: DashboardReply): ProfileStatus {
  return {
    icon: reply.icon,
    signedAt: reply.signedAt,
    endDate: reply.endDate,
    startDate: null,
    hasSigned: reply.icon === 'check',
    hasToSign: reply.icon === 'hourglass-start' || reply.icon === 'lock-open',
    hasToComplete: false,
  };
}

type Props = { entry: DashboardEntry | undefined; triadId: number; questionnaireId: number };

/**
 * One triad's cell in a questionnaire column: a 94 px box per signing profile with its reply icon.
 * The shell's status icon is a button where the manager can act (spec 3 §4): a check cancels the
 * signature, a lock past its end date unlocks, each after a confirmation.
 */
export function SignatureCell({ entry, triadId, questionnaireId }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const titleOf = useProfileTitle();
  if (!entry) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        {t('dashboard.notConcerned')}
      </Text>
    );
  }
  const replies = PROFILE_KEYS.flatMap(({ profile, key }) => {
    const reply = entry[key];
    return reply ? [{ profile, reply }] : [];
  });
  if (replies.length === 0) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        –
      </Text>
    );
  }
  return (
    <div className={gridClasses.profiles}>
      {replies.map(({ profile, reply }) => (
        <div key={profile} className={gridClasses.profile} data-profile={profile}>
          <Text size="xs" fw={700} c="dimmed" aria-hidden>
            {titleOf(profile, 'titleAbbreviation')}
          </Text>
          <StatusIcon profile={profile} status={statusOf(reply)} manage={{ triadId, questionnaireId }} />
        </div>
      ))}
    </div>
  );
}
