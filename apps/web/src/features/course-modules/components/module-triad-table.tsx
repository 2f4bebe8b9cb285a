import { Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ModuleTriadList } from '@lea/shared';
import { useSetModuleVisible } from '../api';

type Props = { courseId: number; list: ModuleTriadList };

/**
 * One row per triad, one switch per module the course has on (spec 3 §4: module visibility per
 * training-course module triad): off hides the module from that triad's tab bar and menu only.
 */
export function ModuleTriadTable({ courseId, list }: Props) {
  const { t } = useTranslation('course-modules');
  const setVisible = useSetModuleVisible(courseId);
  const modules = list.modules.filter((module) => module.enabled);
  if (list.triads.length === 0) return <Text c="dimmed">{t('visibility.noTriad')}</Text>;
  if (modules.length === 0) return <Text c="dimmed">{t('visibility.noModule')}</Text>;

  const toggle = (id: number, visible: boolean) =>
    setVisible.mutate(
      { id, visible },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message ?? t('visibility.saved') }),
        onError: () => notifications.show({ color: 'red', message: t('visibility.failed') }),
      },
    );

  return (
    <Table.ScrollContainer minWidth={160 + modules.length * 110}>
      <Table striped verticalSpacing="xs" aria-label={t('visibility.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('visibility.triad')}</Table.Th>
            {modules.map((module) => (
              <Table.Th key={module.id} ta="center">
                {module.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.triads.map((triad) => (
            <Table.Tr key={triad.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {triad.name}
                </Text>
                {triad.crew && (
                  <Text size="xs" c="dimmed">
                    {triad.crew}
                  </Text>
                )}
              </Table.Td>
              {modules.map((module) => {
                const entry = triad.entries.find((candidate) => candidate.moduleId === module.id);
                return (
                  <Table.Td key={module.id}>
                    {entry && (
                      <Switch
                        mx="auto"
                        w="fit-content"
                        checked={entry.visible}
                        disabled={setVisible.isPending}
                        onChange={(event) => toggle(entry.id, event.currentTarget.checked)}
                        aria-label={t('visibility.switch', { module: module.title, triad: triad.name })}
                      />
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
