import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Card, Divider, Group, PasswordInput, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type User } from '@lea/shared';
import { useTranslateMessage } from '../../../forms';
import { ApiRequestError } from '../../../shell/api-client';
import { useUpdateProfile } from '../api';
import {
  CURRENT_PASSWORD,
  isEmailChanged,
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
 * with the reloaded user, cancel restores the previous values. A new e-mail address asks for the
 * current password and only takes effect once confirmed from the link sent to it: the card says so.
 */
export function ProfileCard({ user, editable }: { user: User; editable: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile(user.id);
  const [draft, setDraft] = useState<ProfileFormValues | null>(null);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [currentPassword, setCurrentPassword] = useState('');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const editing = draft !== null;
  const values = draft ?? toFormValues(user);
  const emailChanged = draft !== null && isEmailChanged(draft, user);
  // The shared rules' and the server's French texts for the current password, in the user's language.
  const passwordMessage = useTranslateMessage();

  const startEditing = () => {
    setErrors({});
    setCurrentPassword('');
    setDraft(toFormValues(user));
  };
  const cancel = () => {
    setErrors({});
    setCurrentPassword('');
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
    if (emailChanged && !invalid.email && currentPassword === '') invalid[CURRENT_PASSWORD] = passwordMessage(MESSAGES.required);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(toUpdateRequest(draft, emailChanged ? currentPassword : undefined), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: t('common:success') });
        setPendingEmail(answer.pendingEmail ?? null);
        setCurrentPassword('');
        setDraft(null);
      },
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? serverFieldErrors(error.errors) : {};
        if (fieldErrors[CURRENT_PASSWORD]) fieldErrors[CURRENT_PASSWORD] = passwordMessage(fieldErrors[CURRENT_PASSWORD]);
        // Too many wrong passwords: the server's text says to wait.
        else if (error instanceof ApiRequestError && error.status === 429 && emailChanged) fieldErrors[CURRENT_PASSWORD] = error.message;
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
        {pendingEmail && !editing && (
          <Alert
            color="blue"
            title={t('profile:emailPendingTitle')}
            withCloseButton
            onClose={() => setPendingEmail(null)}
            data-testid="email-pending"
          >
            {t('profile:emailPending', { email: pendingEmail })}
          </Alert>
        )}
        <ProfileFields values={values} errors={errors} editing={editing} onChange={change} />
        {emailChanged && (
          <PasswordInput
            name={CURRENT_PASSWORD}
            label={t('profile:currentPassword')}
            description={t('profile:emailChangeHint')}
            autoComplete="current-password"
            withAsterisk
            value={currentPassword}
            error={errors[CURRENT_PASSWORD]}
            onChange={(event) => {
              setCurrentPassword(event.currentTarget.value);
              setErrors(({ [CURRENT_PASSWORD]: _cleared, ...rest }) => rest);
            }}
          />
        )}
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
