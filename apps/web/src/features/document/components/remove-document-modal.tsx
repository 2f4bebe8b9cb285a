import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_TYPE, type DocumentItem } from '@lea/shared';
import { triadKey } from '../../../shell/shell-queries';
import { documentKeys, removeDocument } from '../api';

type Props = { triadId: number; item: DocumentItem | null; onClose: () => void };

/** Removal asks first (spec 2 §5); then the notice of spec 2 §8 and the triad is reloaded (its home block may list the item). */
export function RemoveDocumentModal({ triadId, item, onClose }: Props) {
  const { t } = useTranslation('document');
  const queryClient = useQueryClient();
  const isNote = item !== null && item.type !== DOCUMENT_TYPE.document;
  const remove = useMutation({
    mutationFn: (target: DocumentItem) => removeDocument(triadId, target.id),
    onSuccess: async (answer, target) => {
      onClose();
      if (answer.hasError) {
        notifications.show({ color: 'red', message: t('document_remove_error') });
        return;
      }
      notifications.show({
        color: 'green',
        message: t(target.type === DOCUMENT_TYPE.document ? 'document_remove_success' : 'note_remove_success'),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: triadKey(triadId) }),
      ]);
    },
    onError: () => notifications.show({ color: 'red', message: t('document_remove_error') }),
  });
  return (
    <Modal opened={item !== null} onClose={onClose} title={t(isNote ? 'confirm.noteTitle' : 'confirm.documentTitle')}>
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>{t('confirm.text', { title: item?.title })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => item && remove.mutate(item)}>
            {t('confirm.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
