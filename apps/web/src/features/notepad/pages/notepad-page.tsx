import { Button, Container, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconNotebook, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { useCurrentTriadId } from '../../../shell/current-triad';
import { NoTriadState } from '../../../shell/no-triad-state';
import { useCurrentUser } from '../../../shell/current-user';
import { NeedsNetwork } from '../../../shell/needs-network';
import { fetchNotes, notepadKey, removeNote, togglePin } from '../api';
import { NoteCard } from '../components/note-card';
import { NoteFormModal } from '../components/note-form-modal';
import { useProfileTitle } from '../../../shell/profile-title';
import { QueryStates } from '../../../shell/query-states';

type PinFilter = 'all' | 'pinned' | 'unpinned';
/** The add/edit modal: closed, adding (null) or editing a note id. */
type Editing = { noteId: number | null } | null;

function NoteGrid({ notes, children }: { notes: Note[]; children: (note: Note) => React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {notes.map((note) => children(note))}
    </SimpleGrid>
  );
}

/**
 * /dashboard/notepad (MODULE_LEA_NOTEPAD, spec 2 §2): the triad's notes, pinned first, under the
 * course's title of the notepad; the add button only for the profiles the course lets add notes.
 */
export default function NotepadPage() {
  const { t } = useTranslation('notepad');
  const titleOf = useProfileTitle();
  const triadId = useCurrentTriadId();
  const me = useCurrentUser().data;
  const queryClient = useQueryClient();
  const [pinFilter, setPinFilter] = useState<PinFilter>('all');
  const [profile, setProfile] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [reading, setReading] = useState<Note | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const list = useQuery({ queryKey: notepadKey(triadId ?? 0), queryFn: () => fetchNotes(triadId ?? 0), enabled: triadId !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notepadKey(triadId ?? 0) });
  const pin = useMutation({
    mutationFn: togglePin,
    onSuccess: refresh,
    onError: (error) => notifications.show({ color: 'red', message: error.message || t('genericError') }),
  });
  const remove = useMutation({
    mutationFn: removeNote,
    onSuccess: async (answer) => {
      setDeleting(null);
      notifications.show({
        color: answer.hasError ? 'red' : 'green',
        message: answer.hasError ? (answer.detail[0]?.message ?? answer.message) : t('deleted'),
      });
      await refresh();
    },
    // Spec 2 §8: a delete failure shows the server's message.
    onError: (error) =>
      notifications.show({ color: 'red', message: error instanceof ApiRequestError && error.message ? error.message : t('genericError') }),
  });

  if (triadId === null) {
    return <NoTriadState icon={<IconNotebook size={32} />} title={t('noTriad')} action={t('chooseTriad')} />;
  }

  const notes = (list.data?.notes ?? []).filter(
    (note) => (pinFilter === 'all' || note.pinned === (pinFilter === 'pinned')) && (profile === null || String(note.profile) === profile),
  );
  const pinned = notes.filter((note) => note.pinned);
  const unpinned = notes.filter((note) => !note.pinned);
  const card = (note: Note) => (
    <NoteCard
      key={note.id}
      note={note}
      isAuthor={note.user.id === me?.id}
      busy={pin.isPending && pin.variables === note.id}
      onOpen={() => setReading(note)}
      onPin={() => pin.mutate(note.id)}
      onEdit={() => setEditing({ noteId: note.id })}
      onDelete={() => setDeleting(note)}
    />
  );

  return (
    <Container size="xl" px={0}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {list.data?.title ?? t('title')}
          </Title>
          {list.data?.canAdd && (
            <NeedsNetwork>
              {(offline) => (
                <Button leftSection={<IconPlus size={18} />} disabled={offline} onClick={() => setEditing({ noteId: null })}>
                  {t('add')}
                </Button>
              )}
            </NeedsNetwork>
          )}
        </Group>
        {list.data?.canAdd === false && (
          <Text c="dimmed" size="sm">
            {t('readOnly')}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            value={pinFilter}
            onChange={(value) => setPinFilter(value as PinFilter)}
            data={[
              { value: 'all', label: t('filters.all') },
              { value: 'pinned', label: t('filters.pinned') },
              { value: 'unpinned', label: t('filters.unpinned') },
            ]}
          />
          <Select
            aria-label={t('filters.profile')}
            placeholder={t('filters.profile')}
            clearable
            w={220}
            value={profile}
            onChange={setProfile}
            data={[1, 2, 3, 4].map((value) => ({ value: String(value), label: titleOf(value) }))}
          />
        </Group>
        <QueryStates
          query={list}
          empty={notes.length === 0}
          errorText={t('loadError')}
          emptyIcon={<IconNotebook size={32} />}
          emptyTitle={t('empty')}
        >
          {() => (
            <Stack gap="lg">
              {pinned.length > 0 && (
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('pinnedSection')}
                  </Title>
                  <NoteGrid notes={pinned}>{card}</NoteGrid>
                </Stack>
              )}
              {unpinned.length > 0 && (
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('otherSection')}
                  </Title>
                  <NoteGrid notes={unpinned}>{card}</NoteGrid>
                </Stack>
              )}
            </Stack>
          )}
        </QueryStates>
      </Stack>
      {editing && <NoteFormModal triadId={triadId} noteId={editing.noteId} onClose={() => setEditing(null)} />}
      <Modal opened={reading !== null} onClose={() => setReading(null)} title={reading?.title} size="lg">
        <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{reading?.text}</Text>
      </Modal>
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('confirmTitle')}>
        <Stack>
          <Text>{t('confirmText', { title: deleting?.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
