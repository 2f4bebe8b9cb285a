import { Badge, Button } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { screenBase } from '../../../back-office/area';
import { ContentGroup, ContentPage } from '../components/content-page';
import { useContentActions, useCourseContent } from '../course-content';

/**
 * /lea-manager/{course}/lesson (spec 3 §2.2 Lesson list): the lessons grouped by subject (in the
 * subject page's order), reordered by drag inside their subject; `lesson/add?set=…` names the
 * subject of a new lesson. Without subjects, the page leads to the subject page.
 */
export default function ManagerLessonsPage() {
  const { t } = useTranslation('lesson');
  const content = useCourseContent();
  const actions = useContentActions();
  const base = screenBase(content.area);
  const subjectsLink = (
    <Button component={Link} to={`${base}/subject`} variant="light">
      {t('manager.toSubjects')}
    </Button>
  );
  return (
    <ContentPage
      title={t('manager.lessonsTitle')}
      action={subjectsLink}
      content={content}
      actions={actions}
      empty={{ when: content.subjects.length === 0, icon: <IconBook size={32} />, title: t('manager.noSubjectYet') }}
    >
      {(ask) =>
        content.subjects.map((subject) => (
          <ContentGroup
            key={subject.id}
            parent={{ alias: 'subject', id: subject.id, name: subject.name }}
            base={base}
            badge={<Badge variant="light">{subject.unit}</Badge>}
            alias="lesson"
            items={content.lessons
              .filter((lesson) => lesson.subjectId === subject.id)
              .map((lesson) => ({
                id: lesson.id,
                label: lesson.title,
                editTo: `${base}/lesson/edit/${lesson.id}`,
                canRemove: true,
                removeReason: null,
              }))}
            actions={actions}
            onRemove={ask}
          />
        ))
      }
    </ContentPage>
  );
}
