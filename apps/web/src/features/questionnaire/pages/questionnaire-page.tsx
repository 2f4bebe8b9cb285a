import { useCallback, useEffect } from 'react';
import { Alert, Container } from '@mantine/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../shell/page-loader';
import { useQuestionnaireView, type QuestionnaireParams } from '../api';
import { QuestionnaireForm } from '../components/questionnaire-form';
import { pendingReplyKey, useKeptReply } from '../use-offline-reply';

function positiveId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /dashboard/questionnaire/:triadId/:questionnaireId (spec 1 §2.9); `?profile=` views one profile's reply. */
export default function QuestionnairePage() {
  const { triadId, questionnaireId } = useParams();
  const [search] = useSearchParams();
  const params = { triadId: positiveId(triadId), questionnaireId: positiveId(questionnaireId) };
  if (params.triadId === null || params.questionnaireId === null) return <Navigate to="/error" replace state={{ code: 404 }} />;
  const profile = positiveId(search.get('profile') ?? undefined);
  // Rebuilt from scratch when the triad or the questionnaire changes.
  return (
    <QuestionnaireScreen
      key={`${params.triadId}-${params.questionnaireId}-${profile}`}
      params={params as QuestionnaireParams}
      profile={profile}
    />
  );
}

function QuestionnaireScreen({ params, profile }: { params: QuestionnaireParams; profile: number | null }) {
  const { t } = useTranslation(['questionnaire', 'common']);
  const query = useQuestionnaireView(params, profile);
  // Answers kept on this device offline (decision 037), read beside the view.
  const keptKey = pendingReplyKey(params, profile);
  const kept = useKeptReply(keptKey);
  const title = query.data?.title;
  const { refetch } = query;
  const reload = useCallback(async () => (await refetch()).data, [refetch]);

  // The page title is the questionnaire's, suffixed with the product name.
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} - ${t('common:appName')}`;
    return () => {
      document.title = previous;
    };
  }, [title, t]);

  if (query.data && kept !== undefined) {
    return (
      <Container size="xl" px={0}>
        <QuestionnaireForm view={query.data} params={params} reload={reload} keptKey={keptKey} kept={kept} />
      </Container>
    );
  }
  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light">
          {t('common:errors.generic')}
        </Alert>
      </Container>
    );
  }
  return <PageLoader />;
}
