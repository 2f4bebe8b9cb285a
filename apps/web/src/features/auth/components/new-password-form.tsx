import { Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  RECOVERY_NOTICE_DURATION_MS,
  ResetPasswordRequest,
  TOAST_DURATION_MS,
  validatePassword,
  validatePasswordConfirmation,
} from '@lea/shared';
import { translateMessage } from '../../../forms/messages';
import { useZodForm } from '../../../forms/use-zod-form';
import { ApiRequestError } from '../../../shell/api-client';
import { resetPassword } from '../api';
import { AuthForm } from './auth-form';
import { PasswordField } from './password-field';

/** The reset link's body and the confirmation, which stays on this page. */
const NewPasswordValues = ResetPasswordRequest.extend({ confirmation: z.string() });

const EXPIRED_NOTICE_ID = 'reset-link-expired';

/** New password (spec 1 §2.5, §5.4): strength rule, equal confirmation, then back to Login. */
export function NewPasswordForm({ hash }: { hash: string }) {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();

  const showExpired = () =>
    notifications.show({
      id: EXPIRED_NOTICE_ID,
      color: 'red',
      autoClose: RECOVERY_NOTICE_DURATION_MS,
      message: (
        <Text size="sm">
          {t('newPassword.reset_link_expired')}{' '}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              notifications.hide(EXPIRED_NOTICE_ID);
              void navigate('/login/reset-password');
            }}
          >
            {t('newPassword.askAgain')}
          </Anchor>
        </Text>
      ),
    });

  const form = useZodForm({
    schema: NewPasswordValues,
    initialValues: { password: '', confirmation: '' },
    rules: (values) => ({
      password: validatePassword(values.password),
      confirmation: validatePasswordConfirmation(values.password, values.confirmation),
    }),
    validateOn: 'blur',
    submit: ({ password }) => resetPassword(hash, password),
    onSuccess: async (answer) => {
      if (!answer.hasError) {
        notifications.show({ color: 'green', message: t('newPassword.new_password_confirm') });
        await navigate('/login');
      } else if (answer.message === 'reset_link_expired') showExpired();
      else if (answer.errors?.length) showServerErrors(answer.errors);
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    },
    onError: (cause) => {
      if (cause instanceof ApiRequestError && cause.errors.length > 0) showServerErrors(cause.errors);
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    },
  });

  const showServerErrors = (list: { field: string; message: string }[]) => {
    const found: { password?: string; confirmation?: string } = {};
    for (const { field, message } of list) {
      found[/confirm/i.test(field) ? 'confirmation' : 'password'] ??= translateMessage(message, i18n.language);
    }
    form.setErrors(found);
    notifications.show({ color: 'red', message: t('common:errors.save'), autoClose: TOAST_DURATION_MS });
  };

  return (
    <AuthForm title={t('newPassword.title')} intro={t('newPassword.rule')} onSubmit={form.onSubmit}>
      <PasswordField
        label={t('newPassword.password')}
        name="new-password"
        autoComplete="new-password"
        withAsterisk
        {...form.field('password')}
      />
      <PasswordField
        label={t('newPassword.confirmation')}
        name="new-password-confirmation"
        autoComplete="new-password"
        withAsterisk
        {...form.field('confirmation')}
      />
      <Button type="submit" fullWidth loading={form.busy}>
        {t('newPassword.submit')}
      </Button>
    </AuthForm>
  );
}
