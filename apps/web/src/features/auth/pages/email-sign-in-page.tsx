import { useState } from 'react';
import { Anchor, Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmailSignInRequest } from '@lea/shared';
import { useZodForm } from '../../../forms/use-zod-form';
import { ApiRequestError } from '../../../shell/api-client';
import { requestEmailSignIn } from '../api';
import { AuthForm } from '../components/auth-form';
import { EmailCodeStep } from '../components/email-code-step';
import { useStartSession } from '../use-start-session';

const NameStep = EmailSignInRequest.pick({ username: true });

/**
 * loginEmail (issue 20 §1): sign in without a password. The name or e-mail address first; the
 * server mails a code and a link when the platform lets that person sign in so (it answers alike
 * in every case), then the 6 digits of the mail.
 */
export default function EmailSignInPage() {
  const { t } = useTranslation('auth');
  const startSession = useStartSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm({
    schema: NameStep,
    initialValues: { username: '' },
    submit: async ({ username }) => {
      await requestEmailSignIn(username);
      return username;
    },
    onSuccess: (username: string) => setSentTo(username),
    onError: (cause) => {
      const message = cause instanceof ApiRequestError && cause.status === 429 ? cause.message : t('common:errors.generic');
      notifications.show({ color: 'red', message });
    },
  });

  if (sentTo !== null)
    return (
      <EmailCodeStep
        username={sentTo}
        onAuthenticated={startSession}
        onResend={() => {
          void requestEmailSignIn(sentTo).then(
            () => notifications.show({ color: 'green', message: t('emailSignIn.resent') }),
            () => notifications.show({ color: 'red', message: t('common:errors.generic') }),
          );
        }}
        onRestart={() => {
          form.reset();
          setSentTo(null);
        }}
      />
    );

  return (
    <AuthForm title={t('emailSignIn.title')} intro={t('emailSignIn.intro')} onSubmit={form.onSubmit}>
      <TextInput label={t('emailSignIn.username')} name="username" autoComplete="username" withAsterisk {...form.field('username')} />
      <Button type="submit" fullWidth loading={form.busy}>
        {t('emailSignIn.submit')}
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('reset.backToLogin')}
      </Anchor>
    </AuthForm>
  );
}
