import { Anchor, Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBook, IconDownload, IconExternalLink, IconFile } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isWebAddress } from '@lea/shared';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { HtmlContent } from '../../../shell/html-content';
import { NoTriadState } from '../../../shell/no-triad-state';
import { PageHeader } from '../../../shell/page-header';
import { useLesson } from '../api';

/** The address as a reader types it: `Sous-r%C3%A9seau` reads `Sous-réseau`. */
function readableAddress(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function Section({ title, html }: { title: string; html: string | null }) {
  if (!html) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <HtmlContent html={html} />
    </Stack>
  );
}

/** /dashboard/lesson/{id} (spec 2 §2): title, subject, activity done, work to do, link, up to four attachments, back. */
export default function LessonPage() {
  const { t } = useTranslation('lesson');
  const navigate = useNavigate();
  const triadId = useCurrentTriadId();
  const lessonId = Number(useParams().id);
  const lesson = useLesson(triadId, Number.isInteger(lessonId) ? lessonId : 0);
  if (triadId === null) return <NoTriadState icon={<IconBook size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  if (lesson.isPending && lesson.fetchStatus !== 'idle')
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!lesson.data) {
    return (
      <Stack gap="md">
        <PageHeader title={t('title')} back={{ to: '/dashboard/lessons', label: t('back') }} />
        <Text c="red">{t('notFound')}</Text>
      </Stack>
    );
  }
  const { data } = lesson;
  return (
    <Stack gap="lg">
      <PageHeader title={data.title} subtitle={data.subject.name} back={{ to: '/dashboard/lessons', label: t('back') }} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Section title={t('activity')} html={data.activity} />
          <Section title={t('workToDo')} html={data.workToDo} />
          {data.link && isWebAddress(data.link) && (
            <Stack gap={4}>
              <Title order={2} size="h5">
                {t('link')}
              </Title>
              <Anchor href={data.link} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                <Group gap={4} wrap="nowrap" component="span">
                  {readableAddress(data.link)}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          )}
          {!data.activity && !data.workToDo && !data.link && data.files.length === 0 && <Text c="dimmed">{t('nothing')}</Text>}
        </Stack>
      </Card>
      {data.files.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('files')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {data.files.map((file) => (
              <Card key={file.downloadUrl} withBorder radius="md" padding="sm">
                <Stack gap="xs" justify="space-between" h="100%">
                  {file.picture ? (
                    <Image src={file.inlineUrl} alt={file.originalName} h={140} fit="contain" radius="sm" />
                  ) : (
                    <Center h={140} c="dimmed">
                      <IconFile size={48} aria-hidden />
                    </Center>
                  )}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.originalName}
                  </Text>
                  <Button
                    component="a"
                    href={file.downloadUrl}
                    download={file.originalName}
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                    aria-label={t('downloadOf', { name: file.originalName })}
                  >
                    {t('download')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Group>
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate('/dashboard/lessons')}>
          {t('back')}
        </Button>
      </Group>
    </Stack>
  );
}
