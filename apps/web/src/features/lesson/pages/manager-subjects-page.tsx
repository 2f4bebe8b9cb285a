import { Button, Card, Stack, Title } from '@mantine/core';
import { IconBooks, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { screenBase } from '../../../back-office/area';
import { ContentGroup, ContentPage, ContentRows } from '../components/content-page';
import { useContentActions, useCourseContent } from '../course-content';

/**
 * /lea-manager/{course}/subject (spec 3 §2.2 Subject list): the subjects grouped by unit, both
 * reordered by drag; an empty course offers to add a unit. The forms are the engine's
 * (`subject/add?set=…` names the unit, `subject/unit/add`, `…/edit/{id}`).
 */
export default function ManagerSubjectsPage() {
  const { t } = useTranslation('lesson');
  const content = useCourseContent();
  const actions = useContentActions();
  const base = screenBase(content.area);
  const back = `?backPath=${encodeURIComponent(`${base}/subject`)}`;
  const addUnit = (
    <Button component={Link} to={`${base}/subject/unit/add`} variant="light" leftSection={<IconPlus size={18} />}>
      {t('manager.addUnit')}
    </Button>
  );
  return (
    <ContentPage
      title={t('manager.subjectsTitle')}
      action={addUnit}
      content={content}
      actions={actions}
      empty={{ when: content.units.length === 0, icon: <IconBooks size={32} />, title: t('manager.noUnit') }}
    >
      {(ask) => (
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('manager.units')}
              </Title>
              <ContentRows
                label={t('manager.units')}
                alias="unit"
                items={content.units.map((unit) => ({
                  id: unit.id,
                  label: unit.name,
                  editTo: `${base}/subject/unit/edit/${unit.id}`,
                  canRemove: unit.canRemove,
                  removeReason: unit.removeReason,
                }))}
                actions={actions}
                onRemove={ask}
              />
            </Stack>
          </Card>
          {content.units.map((unit) => (
            <ContentGroup
              key={unit.id}
              parent={{ alias: 'unit', id: unit.id, name: unit.name }}
              base={base}
              alias="subject"
              items={content.subjects
                .filter((subject) => subject.unitId === unit.id)
                .map((subject) => ({
                  id: subject.id,
                  label: subject.name,
                  detail: t('manager.lessonCount', { count: subject.lessonCount }),
                  editTo: `${base}/subject/edit/${subject.id}${back}`,
                  canRemove: subject.canRemove,
                  removeReason: subject.removeReason,
                }))}
              actions={actions}
              onRemove={ask}
            />
          ))}
        </Stack>
      )}
    </ContentPage>
  );
}
