import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Password input with its show/hide toggle. The toggle gets its own label so that only the
 * field itself answers to "password" for assistive technology. Mantine's PasswordInput marks an
 * error with data-invalid only, unlike TextInput: aria-invalid is added so that it is announced.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
