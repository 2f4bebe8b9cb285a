import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY_USER_SEARCH, useUserList } from '../users-api';

type Props = { opened: boolean; busy: boolean; onMerge: (keptId: number, mergedId: number) => void; onClose: () => void };

/** A remote choice of one account: the server searches as the administrator types (10,000 accounts). */
function AccountSelect({ label, value, onChange }: { label: string; value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation('admin-users');
  const [text, setText] = useState('');
  const list = useUserList({ search: { ...EMPTY_USER_SEARCH, text }, limit: 20, offset: 0, sortByField: null, sortOrder: 'ASC' });
  const data = (list.data?.data ?? []).map((row) => ({
    value: String(row.id),
    label: `${String(row.lastName)} ${String(row.firstName)} (${String(row.email)})`,
  }));
  return (
    <Select
      label={label}
      placeholder={t('merge.placeholder')}
      searchable
      clearable
      filter={({ options }) => options}
      data={data}
      value={value}
      searchValue={text}
      onSearchChange={setText}
      onChange={onChange}
      nothingFoundMessage={t('list.empty')}
    />
  );
}

/** Page action "merge" (spec 3 §2.3): two accounts of one person; the merged one is folded into the kept one. */
export function MergeUsersModal({ opened, busy, onMerge, onClose }: Props) {
  const { t } = useTranslation('admin-users');
  const [kept, setKept] = useState<string | null>(null);
  const [merged, setMerged] = useState<string | null>(null);
  const same = kept !== null && kept === merged;
  return (
    <Modal opened={opened} onClose={onClose} title={t('merge.title')} size="lg">
      <Stack>
        <Alert color="orange">{t('merge.explain')}</Alert>
        <AccountSelect label={t('merge.kept')} value={kept} onChange={setKept} />
        <AccountSelect label={t('merge.merged')} value={merged} onChange={setMerged} />
        {same && <Alert color="red">{t('merge.same')}</Alert>}
        <Group justify="flex-end">
          <Button
            color="red"
            loading={busy}
            disabled={kept === null || merged === null || same}
            onClick={() => kept && merged && onMerge(Number(kept), Number(merged))}
          >
            {t('merge.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
