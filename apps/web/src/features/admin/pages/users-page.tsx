import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsJoin, IconFilter, IconFilterOff, IconPlus, IconUserCog } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GenericActionResponse } from '@lea/shared';
import { ADMIN_AREA } from '../admin-entities';
import { useReportAreaError } from '../../../back-office/area-error';
import { ConfirmModal } from '../../../back-office/components/confirm-modal';
import { ListTable, type ListSort } from '../../../back-office/components/list-table';
import { LoadFallback } from '../../../back-office/components/load-fallback';
import { actionFailure, deleteRecord, errorMessage } from '../../../back-office/entity-api';
import { usePageTitle } from '../../../shell/breadcrumb';
import { useCurrentUser } from '../../../shell/current-user';
import { PageHeader } from '../../../shell/page-header';
import { useImpersonate } from '../../../shell/use-impersonate';
import { LastMailModal } from '../components/last-mail-modal';
import { MergeUsersModal } from '../components/merge-users-modal';
import { UserRowActions, type UserAction, type UserRow } from '../components/user-row-actions';
import { UserSearchModal } from '../components/user-search-modal';
import {
  EMPTY_USER_SEARCH,
  eraseUser,
  generatePassword,
  isFiltered,
  mergeUsers,
  readUserSearch,
  setUserActive,
  useUserList,
  writeUserSearch,
  type UserSearch,
} from '../users-api';

type Pending =
  { action: 'delete' | 'erase' | 'generate' | 'lastMail'; user: UserRow } | { action: 'refused'; user: UserRow; reason: string };

/**
 * /admin/users (spec 3 §2.3): the platform's accounts, paged, sorted, searched and counted by the
 * server (the search modal's filters kept in session storage, with a reset), the row actions
 * (last password e-mail, generate password, switch user, edit, delete with deactivation offered
 * when refused, erase), and the page actions (add, manager profiles, merge). The forms are the
 * back office's (`users/add` wizard, `users/edit/{id}` tabs).
 */
export default function UsersPage() {
  const { t } = useTranslation(['admin-users', 'common']);
  const queryClient = useQueryClient();
  const impersonate = useImpersonate();
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState<UserSearch>(readUserSearch);
  const [searching, setSearching] = useState(false);
  const [merging, setMerging] = useState(false);
  const [page, setPage] = useState({ limit: 10, offset: 0 });
  const [sort, setSort] = useState<ListSort>({ field: null, order: 'ASC' });
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useUserList({ search, ...page, sortByField: sort.field, sortOrder: sort.order });
  useReportAreaError(list.error);
  usePageTitle(t('list.title'));

  const applySearch = (next: UserSearch) => {
    writeUserSearch(next);
    setSearch(next);
    setPage((current) => ({ ...current, offset: 0 }));
    setSearching(false);
  };
  const run = async (
    call: () => Promise<GenericActionResponse | { success: boolean; message: string }>,
    onRefused?: (reason: string) => void,
  ) => {
    setBusy(true);
    try {
      const answer = await call();
      const failure = 'detail' in answer ? actionFailure(answer) : answer.success ? null : answer.message;
      if (failure !== null && onRefused) onRefused(failure);
      else notifications.show(failure === null ? { color: 'green', message: answer.message ?? '' } : { color: 'red', message: failure });
      if (failure !== null && onRefused) return;
      setPending(null);
      setMerging(false);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) ?? t('common:errors.generic') });
      setPending(null);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  };
  const onAction = (action: UserAction, user: UserRow) => {
    if (action === 'switch') impersonate.mutate(user.id);
    else if (action === 'reactivate') void run(() => setUserActive(user.id, true));
    else setPending({ action: action === 'generate' ? 'generate' : action, user });
  };
  const filters = [
    search.text.trim(),
    search.role ? t(`role.${search.role}`) : '',
    search.active ? t(search.active === '1' ? 'search.activeOnly' : 'search.inactiveOnly') : '',
  ].filter(Boolean);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('list.title')}
        actions={
          <Group gap="xs">
            <Button variant="light" leftSection={<IconArrowsJoin size={18} />} onClick={() => setMerging(true)}>
              {t('list.merge')}
            </Button>
            <Button component={Link} to="/admin/lea-manager-profile" variant="light" leftSection={<IconUserCog size={18} />}>
              {t('list.profiles')}
            </Button>
            <Button component={Link} to="/admin/users/add" leftSection={<IconPlus size={18} />}>
              {t('list.add')}
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Button variant="default" leftSection={<IconFilter size={16} />} onClick={() => setSearching(true)}>
              {t('list.search')}
            </Button>
            {isFiltered(search) && (
              <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => applySearch(EMPTY_USER_SEARCH)}>
                {t('list.reset')}
              </Button>
            )}
            {list.data && (
              <Badge variant="light" size="lg" aria-live="polite">
                {t('list.count', { count: list.data.count })}
              </Badge>
            )}
            {isFiltered(search) && (
              <Text size="sm" c="dimmed">
                {t('list.filtered', { filters: filters.join(' · ') })}
              </Text>
            )}
          </Group>
          {!list.data ? (
            <LoadFallback pending={list.isPending} failure={t('common:errors.generic')} />
          ) : (
            <ListTable
              list={list.data}
              page={page}
              onPage={setPage}
              sort={sort}
              onSort={setSort}
              caption={t('list.caption')}
              emptyText={t('list.empty')}
              rowActions={(row) => <UserRowActions row={row} self={Number(row.id) === me?.id} busy={busy} onAction={onAction} />}
            />
          )}
        </Stack>
      </Card>
      {searching && <UserSearchModal opened search={search} onSearch={applySearch} onClose={() => setSearching(false)} />}
      {merging && (
        <MergeUsersModal
          opened
          busy={busy}
          onClose={() => setMerging(false)}
          onMerge={(keptId, mergedId) => void run(() => mergeUsers({ keptId, mergedId }))}
        />
      )}
      <LastMailModal user={pending?.action === 'lastMail' ? pending.user : null} onClose={() => setPending(null)} />
      <ConfirmModal
        opened={pending?.action === 'delete'}
        title={t('actions.deleteTitle')}
        message={t('actions.deleteText', { name: pending?.user.name ?? '' })}
        confirmLabel={t('actions.delete')}
        busy={busy}
        onConfirm={() =>
          pending &&
          void run(
            () => deleteRecord(ADMIN_AREA, 'user', pending.user.id),
            (reason) => setPending({ action: 'refused', user: pending.user, reason }),
          )
        }
        onClose={() => setPending(null)}
      />
      <ConfirmModal
        opened={pending?.action === 'erase'}
        title={t('actions.eraseTitle')}
        message={t('actions.eraseText', { name: pending?.user.name ?? '' })}
        confirmLabel={t('actions.eraseConfirm')}
        busy={busy}
        onConfirm={() => pending && void run(() => eraseUser(pending.user.id))}
        onClose={() => setPending(null)}
      />
      <Modal opened={pending?.action === 'generate'} onClose={() => setPending(null)} title={t('actions.generateTitle')}>
        <Stack>
          <Text>{t('actions.generateText', { name: pending?.user.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('common:cancel')}
            </Button>
            <Button loading={busy} onClick={() => pending && void run(() => generatePassword(pending.user.id))}>
              {t('actions.generateConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={pending?.action === 'refused'} onClose={() => setPending(null)} title={t('actions.refusedTitle')}>
        <Stack>
          <Alert color="orange">{pending?.action === 'refused' ? pending.reason : ''}</Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('common:cancel')}
            </Button>
            {pending?.user.active && (
              <Button color="orange" loading={busy} onClick={() => void run(() => setUserActive(pending.user.id, false))}>
                {t('actions.deactivate')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
