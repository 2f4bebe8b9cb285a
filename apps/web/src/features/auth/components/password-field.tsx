import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Password input with its show/hide toggle. The toggle gets its own label so that only the
 * field itself answers to "password" for assistive technology.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('login.showCharacters') }} {...props} />;
}
