import { Anchor, Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AskResetPasswordRequest, RECOVERY_NOTICE_DURATION_MS } from '@lea/shared';
import { useZodForm } from '../../../forms/use-zod-form';
import { ApiRequestError } from '../../../shell/api-client';
import { askResetPassword } from '../api';
import { AuthForm } from '../components/auth-form';

/** Reset password (spec 1 §2.5, §5.4): the username error is cleared on input, never set by it. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useZodForm({
    schema: AskResetPasswordRequest,
    initialValues: { username: '' },
    // The error goes once the field is typed in; typing never brings it back.
    validateOn: 'blur',
    submit: ({ username }) => askResetPassword(username),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: t('reset.reset_password_confirm'), autoClose: RECOVERY_NOTICE_DURATION_MS });
      await navigate('/login');
    },
    onError: (cause) => {
      const fieldError = cause instanceof ApiRequestError ? cause.errors[0]?.message : undefined;
      if (fieldError) form.setErrors({ username: fieldError });
      else if (cause instanceof ApiRequestError && cause.status === 429) notifications.show({ color: 'red', message: cause.message });
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    },
  });

  return (
    <AuthForm title={t('reset.title')} intro={t('reset.intro')} onSubmit={form.onSubmit}>
      <TextInput label={t('login.username')} name="username" autoComplete="username" withAsterisk {...form.field('username')} />
      <Button type="submit" fullWidth loading={form.busy}>
        {t('reset.submit')}
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('reset.backToLogin')}
      </Anchor>
    </AuthForm>
  );
}
