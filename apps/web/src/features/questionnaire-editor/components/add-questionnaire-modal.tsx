import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';
import { blankSettings, writeDraft } from '../editor/draft-storage';
import { blankState } from '../editor/editor-state';

type Props = {
  courseId: number;
  opened: boolean;
  categories: { id: number; title: string }[];
  year: number;
  onClose: () => void;
};

/**
 * Spec 3 §2.2: a new questionnaire starts from a title and a category, kept as a local draft, then
 * opens in the editor on questionnaire/add (nothing is sent before the editor's first save).
 */
export function AddQuestionnaireModal({ courseId, opened, categories, year, onClose }: Props) {
  const { t } = useTranslation('questionnaire-editor');
  const translate = useTranslateMessage();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const titleError = submitted && title.trim() === '' ? translate(MESSAGES.required) : undefined;
  const categoryError = submitted && category === null ? translate(MESSAGES.required) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (title.trim() === '' || category === null) return;
    writeDraft(courseId, blankState(blankSettings(title.trim(), Number(category), year)));
    void navigate(`/lea-manager/${courseId}/questionnaire/add`);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('list.addTitle')} centered>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('settings.title')}
            withAsterisk
            value={title}
            error={titleError}
            maxLength={255}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-autofocus
          />
          <Select
            label={t('settings.category')}
            withAsterisk
            data={categories.map((item) => ({ value: String(item.id), label: item.title }))}
            value={category}
            error={categoryError}
            onChange={setCategory}
            nothingFoundMessage={t('settings.noCategory')}
            searchable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit">{t('list.openEditor')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
