import { useState } from 'react';
import { Button, EmptyState, Group, Pagination, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconNews, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { usePageTitle } from '../../../shell/breadcrumb';
import { PageHeader } from '../../../shell/page-header';
import { useNewsPage } from '../api';
import { NewsCard } from '../components/news-card';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/**
 * The news, 12 a page (spec 3 §9): the readers' screen (`/dashboard/news`, spec 2 §2) and the admin
 * area's list (`/admin/news`), where future-dated items show too, marked, with the way to manage them.
 */
export default function NewsListPage() {
  const { t } = useTranslation('news');
  usePageTitle(t('title'));
  const admin = useLocation().pathname.startsWith('/admin');
  const base = admin ? '/admin/news' : '/dashboard/news';
  const narrow = useMediaQuery('(max-width: 767px)');
  const [page, setPage] = useState(1);
  const answer = useNewsPage(page, admin);
  const pages = answer.data ? Math.max(1, Math.ceil(answer.data.count / answer.data.pageSize)) : 1;
  const actions = admin ? (
    <Group gap="xs">
      <Button component={Link} to="/admin/news/manage" variant="default" leftSection={<IconSettings size={16} />}>
        {t('manage')}
      </Button>
      <Button component={Link} to="/admin/news/manage/add" leftSection={<IconPlus size={16} />}>
        {t('add')}
      </Button>
    </Group>
  ) : undefined;
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={actions} />
      {!answer.data ? (
        <LoadFallback pending={answer.isPending} failure={answer.error instanceof Error ? answer.error.message : t('loadFailed')} />
      ) : answer.data.items.length === 0 ? (
        <EmptyState icon={<IconNews size={32} />} title={t('empty')} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {answer.data.items.map((item) => (
              <NewsCard key={item.id} item={item} to={`${base}/${item.id}`} upcoming={item.dateToDisplay > today()} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                siblings={narrow ? 0 : 1}
                boundaries={narrow ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
