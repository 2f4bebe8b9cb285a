import { useState } from 'react';
import { EmptyState, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { useReportAreaError } from '../../../back-office/area-error';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { fetchMailsExport, useCourseMails, useResendMail, type MailFilters, type Paging } from '../api';
import { DownloadButton } from '../components/download-button';
import { MailFilterBar } from '../components/mail-filters';
import { MailTable } from '../components/mail-table';
import { Pager } from '../components/pager';

/** /lea-manager/{course}/mail (spec 3 §2.1, issue 17 §5): every mail sent for the course, its delivery, resend. */
export default function CourseMailPage() {
  const { t } = useTranslation('history');
  const courseId = Number(useParams().trainingCourseId);
  const [filters, setFilters] = useState<MailFilters>({});
  const [paging, setPaging] = useState<Paging>({ limit: 25, offset: 0 });
  const answer = useCourseMails(courseId, filters, paging);
  const resend = useResendMail(courseId);
  useReportAreaError(answer.error);
  usePageTitle(t('mail.title'));
  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: (result) => notifications.show({ color: result.success ? 'green' : 'red', message: result.message }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  return (
    <Stack gap="md">
      <PageHeader
        title={t('mail.title')}
        subtitle={t('mail.subtitle')}
        actions={<DownloadButton fetchFile={() => fetchMailsExport(courseId, filters)} label={t('export')} />}
      />
      <MailFilterBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPaging({ ...paging, offset: 0 });
        }}
        kinds={answer.data?.kinds ?? []}
      />
      {answer.data ? (
        <>
          {answer.data.data.length === 0 ? (
            <EmptyState icon={<IconMail size={32} />} title={t('mail.empty')} />
          ) : (
            <MailTable
              mails={answer.data.data}
              onResend={(mail) => onResend(mail.id)}
              resending={resend.isPending ? (resend.variables ?? null) : null}
            />
          )}
          <Pager paging={paging} count={answer.data.count} onChange={setPaging} />
        </>
      ) : (
        <LoadFallback pending={answer.isPending} failure={answer.error instanceof Error ? answer.error.message : t('loadFailed')} />
      )}
    </Stack>
  );
}
