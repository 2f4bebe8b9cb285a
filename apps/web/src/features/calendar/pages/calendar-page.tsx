import { Button, Container, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconDownload, IconList, IconRss, IconSettings, IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROFILE } from '@lea/shared';
import { downloadBase64 } from '../../../shell/base64-file';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { isAdministrator, useCurrentUser } from '../../../shell/current-user';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useTriad } from '../../../shell/shell-queries';
import { eventsKey, exportPlanning, fetchJustifyForm, putJustification } from '../api';
import { dayOf } from '../calendar-model';
import { FeedModal } from '../components/feed-modal';
import { ServerFormModal } from '../components/server-form-modal';
import { TriadCalendar } from '../components/triad-calendar';

/** /dashboard/timetable/calendar (absenceCalendar, MODULE_LEA_ABSENCE, spec 2 §2): the working triad's calendar. */
export default function CalendarPage() {
  const { t } = useTranslation('calendar');
  const triadId = useCurrentTriadId();
  const triad = useTriad(triadId);
  const me = useCurrentUser().data;
  const queryClient = useQueryClient();
  const [feedOpen, setFeedOpen] = useState(false);
  const [announcing, setAnnouncing] = useState(false);
  if (triadId === null) return <NoTriadState icon={<IconCalendarEvent size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  if (!triad.data) return null;
  const courseId = triad.data.trainingCourse.id;
  const admin = isAdministrator(me);
  const canManage = admin || triad.data.userRoles.includes(PROFILE.manager);
  const exportNow = async () => {
    const today = new Date();
    const period = {
      startDate: dayOf(new Date(today.getFullYear(), today.getMonth() - 3, 1)),
      endDate: dayOf(new Date(today.getFullYear() + 1, today.getMonth(), 0)),
    };
    const file = await exportPlanning(triadId, period);
    downloadBase64(file.data, file.filename, file.type);
    notifications.show({ color: 'green', message: t('exportSuccess') });
  };
  return (
    <Container size="xl" py="md">
      <Stack>
        <PageHeader
          title={t('title')}
          actions={
            <Group gap="xs">
              <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => void exportNow()}>
                {t('exportPlanning')}
              </Button>
              <Button variant="light" component={Link} to="/dashboard/timetable/list/absence" leftSection={<IconList size={16} />}>
                {t('listAbsences')}
              </Button>
              {!canManage && (
                <Button variant="light" leftSection={<IconUserOff size={16} />} onClick={() => setAnnouncing(true)}>
                  {t('announce')}
                </Button>
              )}
              <Button variant="subtle" leftSection={<IconRss size={16} />} onClick={() => setFeedOpen(true)}>
                {t('subscribe')}
              </Button>
              {admin && (
                <Button variant="subtle" component={Link} to="/admin/absence-config/edit" leftSection={<IconSettings size={16} />}>
                  {t('configuration')}
                </Button>
              )}
            </Group>
          }
        />
        <TriadCalendar triadId={triadId} courseId={courseId} canManage={canManage} />
      </Stack>
      {feedOpen && <FeedModal onClose={() => setFeedOpen(false)} />}
      {announcing && (
        <ServerFormModal
          title={t('announceTitle')}
          queryKey={['calendar', 'announce', triadId]}
          load={() => fetchJustifyForm(courseId, 'announce', triadId)}
          save={(payload) => putJustification(courseId, 'announce', triadId, payload)}
          submitLabel={t('send')}
          onSaved={() => {
            setAnnouncing(false);
            void queryClient.invalidateQueries({ queryKey: eventsKey(triadId) });
          }}
          onClose={() => setAnnouncing(false)}
        />
      )}
    </Container>
  );
}
