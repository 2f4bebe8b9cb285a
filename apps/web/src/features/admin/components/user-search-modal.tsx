import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserSearch } from '../users-api';

type Props = { opened: boolean; search: UserSearch; onSearch: (search: UserSearch) => void; onClose: () => void };

/** The users list's search modal (spec 3 §2.3): text, role and account state; the page keeps it in session storage. */
export function UserSearchModal({ opened, search, onSearch, onClose }: Props) {
  const { t } = useTranslation('admin-users');
  const [draft, setDraft] = useState(search);
  return (
    <Modal opened={opened} onClose={onClose} title={t('search.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(draft);
        }}
      >
        <Stack>
          <TextInput
            label={t('search.text')}
            value={draft.text}
            maxLength={100}
            data-autofocus
            onChange={(event) => setDraft({ ...draft, text: event.currentTarget.value })}
          />
          <Select
            label={t('search.role')}
            value={draft.role}
            allowDeselect={false}
            data={[
              { value: '', label: t('search.anyRole') },
              { value: 'admin', label: t('role.admin') },
              { value: 'user', label: t('role.user') },
              { value: 'leaManager', label: t('role.leaManager') },
            ]}
            onChange={(value) => setDraft({ ...draft, role: (value ?? '') as UserSearch['role'] })}
          />
          <Select
            label={t('search.active')}
            value={draft.active}
            allowDeselect={false}
            data={[
              { value: '', label: t('search.anyState') },
              { value: '1', label: t('search.activeOnly') },
              { value: '0', label: t('search.inactiveOnly') },
            ]}
            onChange={(value) => setDraft({ ...draft, active: (value ?? '') as UserSearch['active'] })}
          />
          <Group justify="flex-end">
            <Button type="submit">{t('search.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
