import { useState } from 'react';
import { Avatar, Button, FileButton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  FILE_DEFAULT_MAX_BYTES,
  MESSAGES,
  avatarColor,
  avatarInitials,
  avatarKindOfUser,
  fileSizeMessage,
  isAllowedExtension,
  type User,
} from '@lea/shared';
import { uploadProfilePhoto, useUpdateProfile } from '../api';

export const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp'] as const;
const PHOTO_ACCEPT = 'image/png,image/jpeg,image/gif,image/bmp';

/** The shared upload rules (spec 1 §5.2) for a profile photo; the message of the first broken one. */
export function checkPhoto(file: { name: string; size: number }): string | null {
  if (!isAllowedExtension(file.name, PHOTO_EXTENSIONS)) return MESSAGES.fileFormat;
  if (file.size > FILE_DEFAULT_MAX_BYTES) return fileSizeMessage(FILE_DEFAULT_MAX_BYTES);
  return null;
}

/** The photo, or the initials on the user's colour; its owner may replace it, which is saved at once. */
export function ProfilePhoto({ user, editable }: { user: User; editable: boolean }) {
  const { t } = useTranslation(['profile', 'common']);
  const update = useUpdateProfile(user.id);
  const [uploading, setUploading] = useState(false);

  const changePhoto = async (file: File | null) => {
    if (!file) return;
    const problem = checkPhoto(file);
    if (problem) {
      notifications.show({ color: 'red', message: problem });
      return;
    }
    setUploading(true);
    try {
      const fileId = await uploadProfilePhoto(file);
      if (fileId === null) throw new Error('upload refused');
      await update.mutateAsync({ photo: fileId });
      notifications.show({ color: 'green', message: t('common:success') });
    } catch {
      notifications.show({ color: 'red', message: t('common:errors.save') });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack align="center" gap="xs">
      <Avatar
        size={112}
        radius={112}
        src={user.photo?.url ?? null}
        alt={user.fullName}
        color={avatarColor(avatarKindOfUser(user))}
        variant="filled"
        data-testid="profile-avatar"
      >
        {avatarInitials(user.fullName || `${user.firstName} ${user.lastName}`)}
      </Avatar>
      {editable && (
        <FileButton onChange={(file) => void changePhoto(file)} accept={PHOTO_ACCEPT}>
          {(props) => (
            <Button {...props} size="xs" variant="light" leftSection={<IconCamera size={16} />} loading={uploading}>
              {t('profile:changePhoto')}
            </Button>
          )}
        </FileButton>
      )}
    </Stack>
  );
}
