import { useState } from 'react';
import { Alert, Container } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireEditorModel, QuestionnaireEditorOptions } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { PageLoader } from '../../../shell/page-loader';
import { useEditorModel, useEditorOptions } from '../api';
import { EditorScreen } from '../components/editor-screen';
import { blankSettings, readDraft } from '../editor/draft-storage';
import { blankState, stateFromModel } from '../editor/editor-state';

type Ready = {
  courseId: number;
  questionnaireId: number | null;
  options: QuestionnaireEditorOptions;
  model: QuestionnaireEditorModel | null;
};

/** The editor starts from the local draft when one is unsaved, else from the server (or blank). */
function EditorFromDraft({ courseId, questionnaireId, options, model }: Ready) {
  const [start] = useState(() => {
    const draft = readDraft(courseId, questionnaireId);
    if (draft) return { state: draft, restored: questionnaireId !== null };
    if (model) return { state: stateFromModel(model), restored: false };
    return { state: blankState(blankSettings('', null, options.years[0] ?? 1)), restored: false };
  });
  return <EditorScreen courseId={courseId} options={options} initial={start.state} serverModel={model} restored={start.restored} />;
}

/** questionnaire/add and questionnaire/edit/{id} (spec 3 §2.2). */
export default function QuestionnaireEditorPage() {
  const { t } = useTranslation('questionnaire-editor');
  const params = useParams();
  const courseId = Number(params.trainingCourseId);
  const questionnaireId = params.id === undefined ? null : Number(params.id);
  const options = useEditorOptions(courseId, questionnaireId);
  const model = useEditorModel(courseId, questionnaireId);
  const failure = options.error ?? model.error;
  if (failure) {
    const code = failure instanceof ApiRequestError ? failure.status : 0;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" icon={<IconAlertCircle />}>
          {code === 403 ? t('errors.forbidden') : code === 404 ? t('errors.notFound') : t('errors.load')}
        </Alert>
      </Container>
    );
  }
  if (!options.data || (questionnaireId !== null && !model.data)) return <PageLoader />;
  return (
    <EditorFromDraft
      key={`${courseId}:${questionnaireId ?? 'new'}`}
      courseId={courseId}
      questionnaireId={questionnaireId}
      options={options.data}
      model={model.data ?? null}
    />
  );
}
