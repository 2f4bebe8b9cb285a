import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Card, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { useUpdateProfile } from '../api';
import {
  serverFieldErrors,
  toFormValues,
  toUpdateRequest,
  validateProfile,
  type ProfileField,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '../profile-form';
import { ProfileFields } from './profile-fields';
import { ProfilePhoto } from './profile-photo';

/**
 * Spec 1 §4.2: view mode, the pen switches the owner to edit mode, save returns to view mode
 * with the reloaded user, cancel restores the previous values.
 */
export function ProfileCard({ user, editable }: { user: User; editable: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile(user.id);
  const [draft, setDraft] = useState<ProfileFormValues | null>(null);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const editing = draft !== null;
  const values = draft ?? toFormValues(user);

  const startEditing = () => {
    setErrors({});
    setDraft(toFormValues(user));
  };
  const cancel = () => {
    setErrors({});
    setDraft(null);
  };
  const change = (field: ProfileField, value: string) => {
    setDraft((current) => (current ? { ...current, [field]: value } : current));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const invalid = validateProfile(draft);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(toUpdateRequest(draft), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('common:success') });
        setDraft(null);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? serverFieldErrors(error.errors) : {};
        setErrors(fieldErrors);
        if (Object.keys(fieldErrors).length === 0) {
          notifications.show({ color: 'red', message: t('common:errors.save') });
        }
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={save} noValidate>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="lg" wrap="wrap" align="center">
            <ProfilePhoto user={user} editable={editable} />
            <Stack gap={2} miw={0}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {user.firstName} {user.lastName}
              </Title>
              <Text c="dimmed" data-testid="profile-username">
                {user.username}
              </Text>
            </Stack>
          </Group>
          {editable && !editing && (
            <Tooltip label={t('profile:edit')}>
              <ActionIcon variant="light" size="lg" radius="xl" aria-label={t('profile:edit')} onClick={startEditing}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <Divider />
        <ProfileFields values={values} errors={errors} editing={editing} onChange={change} />
        {editing && (
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel} disabled={update.isPending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common:save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
