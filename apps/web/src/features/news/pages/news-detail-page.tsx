import { Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { HtmlContent } from '../../../shell/html-content';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { useNewsItem } from '../api';
import { NewsTag, useNewsDay } from '../components/news-tag';

/** One news item (`/dashboard/news/{id}`, `/admin/news/{id}`): its picture, tag, day and text. */
export default function NewsDetailPage() {
  const { t } = useTranslation('news');
  const id = Number(useParams().id);
  const admin = useLocation().pathname.startsWith('/admin');
  const answer = useNewsItem(id);
  const day = useNewsDay();
  usePageTitle(answer.data?.title ?? null);
  const back = { to: admin ? '/admin/news' : '/dashboard/news', label: t('back') };
  if (!answer.data) {
    return (
      <Stack gap="md">
        <PageHeader title={t('title')} back={back} />
        <LoadFallback pending={answer.isPending} failure={answer.error instanceof Error ? answer.error.message : t('loadFailed')} />
      </Stack>
    );
  }
  const item = answer.data;
  return (
    <Stack gap="md" maw={860}>
      <PageHeader
        title={item.title}
        subtitle={item.subTitle ?? undefined}
        back={back}
        actions={
          admin ? (
            <Button component={Link} to={`/admin/news/manage/edit/${item.id}`} variant="light" leftSection={<IconPencil size={16} />}>
              {t('edit')}
            </Button>
          ) : undefined
        }
      />
      <Group gap="sm">
        <NewsTag tag={item.tag} />
        <Text size="sm" c="dimmed">
          {day(item.dateToDisplay)}
        </Text>
      </Group>
      {item.picture && <Image src={item.picture} alt="" radius="md" mah={360} fit="contain" />}
      {item.text && (
        <Paper withBorder radius="md" p="md">
          <HtmlContent html={item.text} />
        </Paper>
      )}
    </Stack>
  );
}
