import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardEntry } from '@lea/shared';
import { SIGNATURE_DASHBOARD, useSignatureDashboard } from '../dashboard/dashboard-data';
import { DashboardView, useDashboardFilter } from '../dashboard/dashboard-view';
import { SignatureActions } from '../dashboard/signature-actions';
import { SignatureCell } from '../dashboard/signature-cell';
import { UnlockAllButton } from '../dashboard/unlock-all-button';

/** /lea-manager/{course}/dashboard: who signed what, per questionnaire, triad and profile (spec 3 §2.2). */
export default function SignatureDashboardPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const filter = useDashboardFilter(SIGNATURE_DASHBOARD.storageKey);
  const query = useSignatureDashboard(courseId, filter.filter);
  return (
    <DashboardView<DashboardEntry>
      courseId={courseId}
      kind={SIGNATURE_DASHBOARD}
      title={t('dashboard.signatureTitle')}
      query={query}
      filter={filter}
      renderCell={(entry, triad, questionnaire) => <SignatureCell entry={entry} triadId={triad.id} questionnaireId={questionnaire.id} />}
      renderColumnAction={(questionnaire) => <UnlockAllButton courseId={courseId} questionnaire={questionnaire} />}
      actions={<SignatureActions courseId={courseId} filter={filter.filter} categories={query.data?.categories ?? []} />}
    />
  );
}
