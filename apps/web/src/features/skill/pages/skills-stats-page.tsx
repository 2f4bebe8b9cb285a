import '@mantine/charts/styles.css';
import { RadarChart } from '@mantine/charts';
import { Button, Center, Container, EmptyState, Group, List, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChartRadar, IconChecklist, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shell/breadcrumb';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useProfileTitle } from '../../../shell/profile-title';
import { fetchSkills, skillsKey, type SkillTarget } from '../api';
import { canvasJpeg, chartCanvas, chartSvg, jpegPdf, saveBlob } from '../chart-export';
import { radarData } from '../radar-data';
import { useSkillTarget } from '../use-skill-target';
import { defaultSession } from '../session-choice';

/** Four series colours, one per profile (spec 2 §2). */
const COLORS: Record<number, string> = { 1: 'blue.6', 2: 'teal.6', 3: 'orange.6', 4: 'grape.6' };

/** /dashboard/skills/stats (skillsStats, spec 2 §2): a radar chart of each session's results. */
export default function SkillsStatsPage() {
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
  return <StatsScreen target={target} />;
}

function StatsScreen({ target }: { target: SkillTarget }) {
  const { t } = useTranslation('skill');
  usePageTitle(t('statsTitle'));
  const titleOf = useProfileTitle();
  const mobile = useMediaQuery('(max-width: 767px)');
  const chartRef = useRef<HTMLDivElement>(null);
  const list = useQuery({ queryKey: skillsKey(target), queryFn: () => fetchSkills(target) });
  const [sessionId, setSessionId] = useState<number | null>(null);
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const data = list.data;
  if (!data) return <Text c="red">{list.error?.message}</Text>;
  const session = data.skillSessions.find((entry) => entry.id === sessionId) ?? defaultSession(data.skillSessions);
  const radar = session ? radarData(session, data.columns) : { rows: [], hasData: false };
  const fileName = `competences-${session?.name ?? ''}`.replace(/[^\w-]+/g, '-');

  const exportAs = async (kind: 'svg' | 'png' | 'pdf') => {
    try {
      const svg = chartRef.current ? chartSvg(chartRef.current) : null;
      if (!svg) throw new Error(t('fileError'));
      if (kind === 'svg') return saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}.svg`);
      const canvas = await chartCanvas(svg);
      if (kind === 'png') {
        const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
        if (!blob) throw new Error(t('fileError'));
        return saveBlob(blob, `${fileName}.png`);
      }
      const jpeg = await canvasJpeg(canvas);
      saveBlob(
        jpegPdf(jpeg, { width: canvas.width, height: canvas.height }, `${t('statsTitle')} - ${session?.name ?? ''}`),
        `${fileName}.pdf`,
      );
    } catch {
      notifications.show({ color: 'red', message: t('fileError') });
    }
  };

  return (
    <Container size="lg" px={0}>
      <Stack gap="md">
        <PageHeader
          title={t('statsTitle')}
          back={{ to: '/dashboard/skills', label: t('backToSkills') }}
          actions={
            radar.hasData && (
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => void exportAs('pdf')}>
                  {t('exportPdf')}
                </Button>
                <Button variant="default" size="xs" onClick={() => void exportAs('png')}>
                  {t('exportPng')}
                </Button>
                <Button variant="default" size="xs" onClick={() => void exportAs('svg')}>
                  {t('exportSvg')}
                </Button>
              </Group>
            )
          }
        />
        {data.skillSessions.length === 0 ? (
          <EmptyState icon={<IconChartRadar size={32} />} title={t('noSession')} />
        ) : (
          <Tabs value={String(session?.id ?? '')} onChange={(value) => setSessionId(Number(value))}>
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
        {session && !radar.hasData && <EmptyState icon={<IconChartRadar size={32} />} title={t('noData')} />}
        {session && radar.hasData && (
          <Paper withBorder p="md" radius="md">
            <div ref={chartRef} data-testid="skill-radar" style={{ maxWidth: 792, margin: '0 auto' }}>
              <RadarChart
                h={mobile ? 320 : 460}
                data={radar.rows}
                dataKey={mobile ? 'index' : 'category'}
                withPolarRadiusAxis
                withLegend
                polarRadiusAxisProps={{ domain: [0, data.trainingCourse.maxSkillLevel], tickCount: data.trainingCourse.maxSkillLevel + 1 }}
                series={data.columns.map((profile) => ({
                  name: `p${profile}`,
                  label: titleOf(profile),
                  color: COLORS[profile] ?? 'gray.6',
                  opacity: 0.15,
                }))}
              />
            </div>
            {mobile && (
              <Stack gap={4} mt="sm">
                <Text size="sm" fw={600}>
                  {t('legend')}
                </Text>
                <List type="ordered" size="sm">
                  {radar.rows.map((row) => (
                    <List.Item key={row.index}>{row.category}</List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
