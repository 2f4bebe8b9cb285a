import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardEntry } from '@lea/shared';
import { useCompactSignatureDashboard } from '../dashboard/compact-dashboard';
import { SIGNATURE_DASHBOARD } from '../dashboard/dashboard-data';
import { DashboardView, useDashboardFilter } from '../dashboard/dashboard-view';
import { SignatureActions } from '../dashboard/signature-actions';
import { SignatureCell } from '../dashboard/signature-cell';
import { UnlockAllButton } from '../dashboard/unlock-all-button';

/** /lea-manager/{course}/dashboard: who signed what, per questionnaire, triad and profile (spec 3 §2.2). */
export default function SignatureDashboardPage() {
  const { t } = useTranslation('questionnaire-editor');
  const courseId = Number(useParams().trainingCourseId);
  const filter = useDashboardFilter(SIGNATURE_DASHBOARD.storageKey);
  // The compact variant, page after page (decision 035); the grid draws only the rows in view.
  const query = useCompactSignatureDashboard(courseId, filter.filter);
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
