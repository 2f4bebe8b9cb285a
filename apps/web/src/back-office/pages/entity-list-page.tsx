import { useState } from 'react';
import { ActionIcon, Button, Card, Stack, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useReportAreaError } from '../area-error';
import { GenericListTable } from '../components/generic-list-table';
import { LoadFallback } from '../components/load-fallback';
import { PageHeader } from '../../../shell/page-header';
import { addRoute, editRoute, managerRoute } from '../entities';
import { useEntityList } from '../entity-api';
import { useTriadList } from '../triad-api';

/** …/triad/contract/{triadId} (leaManagerContractList): a triad's contracts, add and edit. */
export default function ContractListPage() {
  const { t } = useTranslation(['manager', 'common']);
  const params = useParams();
  const courseId = Number(params.trainingCourseId);
  const triadId = Number(params.triadId);
  const [page, setPage] = useState({ limit: 10, offset: 0 });
  const list = useEntityList(courseId, 'contract', triadId, page);
  useReportAreaError(list.error);
  // The triad's apprentice names the page; the list is usually cached from the triad screen.
  const triads = useTriadList(courseId);
  const triad = triads.data?.crews.flatMap((crew) => crew.triads).find((candidate) => candidate.id === triadId);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('contracts.title')}
        subtitle={triad?.apprentice ? t('contracts.of', { name: triad.apprentice.fullName }) : undefined}
        back={{ to: managerRoute(courseId, 'triad'), label: t('entities.triad.back') }}
        actions={
          <Button component={Link} to={addRoute(courseId, 'contract', triadId)} leftSection={<IconPlus size={18} />}>
            {t('contracts.add')}
          </Button>
        }
      />
      <Card withBorder radius="md" padding="md">
        {!list.data ? (
          <LoadFallback pending={list.isPending} failure={t('common:errors.generic')} />
        ) : (
          <GenericListTable
            list={list.data}
            page={page}
            onPage={setPage}
            caption={t('contracts.title')}
            emptyText={t('contracts.empty')}
            rowActions={(row) => (
              <Tooltip label={t('contracts.edit')} withArrow>
                <ActionIcon component={Link} to={editRoute(courseId, 'contract', Number(row.id), triadId)} variant="subtle" aria-label={t('contracts.edit')}>
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          />
        )}
      </Card>
    </Stack>
  );
}
