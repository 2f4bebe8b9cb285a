import { Center, Container, EmptyState, Grid, Group, Loader, Progress, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillView } from '@lea/shared';
import { downloadBase64 } from '../../../shell/base64-file';
import { NoTriadState } from '../../../shell/no-triad-state';
import { exportSkillsPdf, exportSkillsXlsx, fetchSkills, saveSkills, skillsKey, type SkillTarget } from '../api';
import { ActionsPanel } from '../components/actions-panel';
import { CategoryPanel } from '../components/category-panel';
import { JustificativeModal } from '../components/justificative-modal';
import type { GridContext } from '../components/skill-row';
import { defaultSession } from '../session-choice';
import { useSkillTarget } from '../use-skill-target';

/** /dashboard/skills (MODULE_LEA_SKILL, spec 2 §2): the rating grid of the working triad. */
export default function SkillsPage() {
  const { t } = useTranslation('skill');
  const { triadId, target } = useSkillTarget();
  if (triadId === null) return <NoTriadState icon={<IconChecklist size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  if (!target) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return <SkillsScreen key={`${target.courseId}-${target.triadId}`} target={target} />;
}

function SkillsScreen({ target }: { target: SkillTarget }) {
  const { t, i18n } = useTranslation('skill');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: skillsKey(target), queryFn: () => fetchSkills(target) });
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Record<number, Record<number, number>>>({});
  const [activeCategory, setActiveCategory] = useState(0);
  const [justifying, setJustifying] = useState<SkillView | null>(null);
  const data = list.data;
  const session = data?.skillSessions.find((entry) => entry.id === sessionId) ?? (data ? defaultSession(data.skillSessions) : undefined);
  const draft = session ? (drafts[session.id] ?? {}) : {};
  const ratingProfile = data?.ratingProfiles[0] ?? null;

  const save = useMutation({
    mutationFn: () => saveSkills(target, session?.id ?? 0, { skills: draft, ...(ratingProfile ? { profile: ratingProfile } : {}) }),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('saved') });
      await queryClient.invalidateQueries({ queryKey: skillsKey(target) });
      setDrafts((all) => ({ ...all, [session?.id ?? 0]: {} }));
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message || t('saveError') }),
  });
  const download = useMutation({
    mutationFn: (kind: 'pdf' | 'xlsx') =>
      kind === 'pdf' ? exportSkillsPdf(target, session?.id ?? 0) : exportSkillsXlsx(target, session?.id ?? 0),
    onSuccess: (file) => {
      if (!downloadBase64(file.data, file.filename, file.type)) notifications.show({ color: 'red', message: t('fileError') });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message || t('fileError') }),
  });

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!data) return <Text c="red">{list.error?.message}</Text>;
  const last = data.lastSkillReply;
  const lastUpdate = last
    ? t('lastUpdate', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(last.date)),
        name: last.user?.fullName ?? '—',
      })
    : null;
  const categories = session?.skillCategories ?? [];
  const hasSkills = (list: typeof categories): boolean =>
    list.some((category) => category.skills.length > 0 || hasSkills(category.daughters));
  const current = Math.min(activeCategory, Math.max(categories.length - 1, 0));
  const grid: GridContext | null = session
    ? {
        target,
        sessionId: session.id,
        open: session.open,
        columns: data.columns,
        ratingProfile,
        levels: data.trainingCourse.skillLevels,
        max: data.trainingCourse.maxSkillLevel,
        canJustify: data.canJustify,
        hasReply: data.lastSkillReply !== null,
        draft,
        onRate: (skillId, value) => setDrafts((all) => ({ ...all, [session.id]: { ...(all[session.id] ?? {}), [skillId]: value } })),
        onJustify: setJustifying,
      }
    : null;
  const goTo = (index: number) => {
    setActiveCategory(index);
    const id = categories[index]?.id;
    if (id)
      requestAnimationFrame(() => document.getElementById(`skill-category-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {data.skillSessions.length === 0 ? (
          <EmptyState icon={<IconChecklist size={32} />} title={t('noSession')} />
        ) : (
          <Tabs
            value={String(session?.id ?? '')}
            onChange={(value) => {
              setSessionId(Number(value));
              setActiveCategory(0);
            }}
          >
            <Tabs.List>
              {data.skillSessions.map((entry) => (
                <Tabs.Tab
                  key={entry.id}
                  value={String(entry.id)}
                  leftSection={entry.open ? undefined : <IconLock size={14} aria-label={t('closedSession')} />}
                >
                  {entry.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {session && grid && (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, lg: 9 }} order={{ base: 2, lg: 1 }}>
              {!hasSkills(categories) ? (
                <EmptyState icon={<IconChecklist size={32} />} title={t('noSkill')} />
              ) : (
                <Stack gap="sm">
                  {!session.open && (
                    <Group gap="xs" c="dimmed">
                      <IconLock size={16} />
                      <Text size="sm">{t('sessionLock')}</Text>
                    </Group>
                  )}
                  <div>
                    <Text size="sm" fw={500}>
                      {t('category')}
                    </Text>
                    <Progress
                      value={((current + 1) / Math.max(categories.length, 1)) * 100}
                      aria-label={t('categoryProgress', { current: current + 1, total: categories.length })}
                      title={t('categoryProgress', { current: current + 1, total: categories.length })}
                    />
                  </div>
                  {categories.map((category, index) => (
                    <CategoryPanel
                      key={category.id}
                      category={category}
                      grid={grid}
                      opened={index === current}
                      onToggle={() => setActiveCategory(index === current ? -1 : index)}
                      previous={index > 0 ? { label: t('previous'), onClick: () => goTo(index - 1) } : null}
                      next={index < categories.length - 1 ? { label: t('next'), onClick: () => goTo(index + 1) } : null}
                    />
                  ))}
                </Stack>
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 3 }} order={{ base: 1, lg: 2 }}>
              <ActionsPanel
                levels={data.trainingCourse.skillLevels}
                canSave={ratingProfile !== null && session.open}
                saving={save.isPending}
                dirty={Object.keys(draft).length > 0}
                lastUpdate={lastUpdate}
                onSave={() => save.mutate()}
                onPdf={() => download.mutate('pdf')}
                onXlsx={() => download.mutate('xlsx')}
              />
            </Grid.Col>
          </Grid>
        )}
      </Stack>
      {session && (
        <JustificativeModal
          target={target}
          sessionId={session.id}
          skill={justifying ? { id: justifying.id, name: justifying.name } : null}
          onClose={() => setJustifying(null)}
        />
      )}
    </Container>
  );
}
