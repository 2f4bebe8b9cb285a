import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RECOVERY_NOTICE_DURATION_MS, TOAST_DURATION_MS, validatePassword, validatePasswordConfirmation } from '@lea/shared';
import { ApiRequestError } from '../../../shell/api-client';
import { resetPassword } from '../api';
import { translatePasswordMessage } from '../password-messages';
import { PasswordField } from './password-field';

type Field = 'password' | 'confirmation';
type FieldErrors = Partial<Record<Field, string>>;

const EXPIRED_NOTICE_ID = 'reset-link-expired';

/** New password (spec 1 §2.5, §5.4): strength rule, equal confirmation, then back to Login. */
export function NewPasswordForm({ hash }: { hash: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);

  const validate = (next: Record<Field, string>): FieldErrors => ({
    password: translatePasswordMessage(validatePassword(next.password), t),
    confirmation: translatePasswordMessage(validatePasswordConfirmation(next.password, next.confirmation), t),
  });

  // Errors follow the input once shown, so that a corrected field clears at once.
  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next));
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };
  const blur = (field: Field) => {
    if (values[field] !== '') setErrors((current) => ({ ...current, [field]: validate(values)[field] }));
  };

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

  const showServerErrors = (list: { field: string; message: string }[]) => {
    const found: FieldErrors = {};
    for (const { field, message } of list) {
      const target: Field = /confirm/i.test(field) ? 'confirmation' : 'password';
      found[target] ??= translatePasswordMessage(message, t);
    }
    setErrors(found);
    notifications.show({ color: 'red', message: t('common:errors.save'), autoClose: TOAST_DURATION_MS });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.password || found.confirmation) return;
    setLoading(true);
    try {
      const answer = await resetPassword(hash, values.password);
      if (!answer.hasError) {
        notifications.show({ color: 'green', message: t('newPassword.new_password_confirm') });
        await navigate('/login');
      } else if (answer.message === 'reset_link_expired') showExpired();
      else if (answer.errors?.length) showServerErrors(answer.errors);
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    } catch (cause) {
      if (cause instanceof ApiRequestError && cause.errors.length > 0) showServerErrors(cause.errors);
      else notifications.show({ color: 'red', message: t('common:errors.generic') });
    } finally {
      setLoading(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('newPassword.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('newPassword.rule')}
        </Text>
        <PasswordField
          label={t('newPassword.password')}
          name="new-password"
          autoComplete="new-password"
          withAsterisk
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          onBlur={() => blur('password')}
        />
        <PasswordField
          label={t('newPassword.confirmation')}
          name="new-password-confirmation"
          autoComplete="new-password"
          withAsterisk
          value={values.confirmation}
          error={errors.confirmation}
          onChange={(event) => change('confirmation', event.currentTarget.value)}
          onBlur={() => blur('confirmation')}
        />
        <Button type="submit" fullWidth loading={loading}>
          {t('newPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
