import { Loader, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProfileTitle } from '../../../shell/profile-title';
import { fetchSkillHistory, type SkillTarget } from '../api';

/** A skill's changes in the session, newest first (spec 2 §2 history toggle). */
export function SkillHistory({ target, skillId, sessionId }: { target: SkillTarget; skillId: number; sessionId: number }) {
  const { t, i18n } = useTranslation('skill');
  const titleOf = useProfileTitle();
  const history = useQuery({
    queryKey: ['skills', 'history', target.courseId, target.triadId, skillId, sessionId],
    queryFn: () => fetchSkillHistory(target, skillId, sessionId),
  });
  if (history.isPending) return <Loader size="xs" />;
  const entries = history.data?.history ?? [];
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('historyEmpty')}
      </Text>
    );
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <List size="sm" spacing={2} aria-label={t('history')}>
      {entries.map((entry, index) => (
        <List.Item key={index}>
          {t('historyLine', {
            date: format.format(new Date(entry.skillReply.date)),
            name: entry.skillReply.user?.fullName ?? '—',
            profile: titleOf(entry.skillReply.profile),
            value: entry.value,
          })}
        </List.Item>
      ))}
    </List>
  );
}
