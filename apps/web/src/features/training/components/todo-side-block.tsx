import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changeTriad } from '../../../shell/current-triad';
import { questionnairePath } from '../../../shell/questionnaires/questionnaire-queries';
import { TodoCard } from '../../../shell/questionnaires/todo-block';
import { useQuestionnaireTodo } from '../api';

/**
 * Non-managers' side block (spec 2 §2): the questionnaires to sign or complete in all their triads.
 * Opening one makes its triad the working triad first, so the questionnaire opens in its booklet.
 */
export function TodoSideBlock() {
  const { t } = useTranslation('training');
  const navigate = useNavigate();
  const query = useQuestionnaireTodo(true);
  const items = query.data?.items ?? [];
  const severalTriads = new Set(items.map((item) => item.triad.id)).size > 1;
  const entries = items.map((item) => ({
    key: `${item.triad.id}-${item.questionnaire.id}`,
    dueDate: item.dueDate,
    title: item.questionnaire.title,
    action: item.action,
    detail: severalTriads ? item.triad.apprenticeName : null,
    onOpen: () => {
      changeTriad(item.triad.id, item.triad.trainingCourseId);
      void navigate(questionnairePath(item.triad.id, item.questionnaire.id));
    },
  }));
  const texts = {
    title: t('side.todo.title'),
    upToDate: t('side.todo.upToDate'),
    error: t('side.todo.error'),
    less: t('side.todo.less'),
    more: (count: number) => t('side.todo.more', { count }),
  };
  return <TodoCard texts={texts} entries={entries} status={query.isPending ? 'loading' : query.isError ? 'error' : 'ready'} />;
}
