import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PinInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Tokens } from '../../../shell/session';
import { signInWithCode } from '../api';
import { describeLoginFailure, type LoginFailure } from '../sign-in-api';
import { tokensOf } from '../login-tokens';
import { AuthForm } from './auth-form';
import { LoginFailureAlert } from './login-failure-alert';

type Props = {
  username: string;
  onAuthenticated: (tokens: Tokens, stayConnected: boolean) => Promise<void>;
  /** Asks for a new code (the same name). */
  onResend: () => void;
  /** Back to the name, to type another. */
  onRestart: () => void;
};

/** Sign-in by e-mail, second step (issue 20 §1): the 6 digits of the mail. */
export function EmailCodeStep({ username, onAuthenticated, onResend, onRestart }: Props) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [stayConnected, setStayConnected] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | { text: string } | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const submit = useMutation({
    mutationFn: () => signInWithCode({ username, code, stayConnected }),
    onSuccess: async (answer) => {
      const tokens = tokensOf(answer);
      if (tokens) await onAuthenticated(tokens, stayConnected);
      else setFailure({ text: t('emailSignIn.badCode') });
    },
    onError: (error) => {
      const described = describeLoginFailure(error);
      setFailure('key' in described && described.key === 'badCredentials' ? { text: t('emailSignIn.badCode') } : described);
      setCode('');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!/^\d{6}$/.test(code)) {
      setIncomplete(true);
      return;
    }
    submit.mutate();
  };

  return (
    <AuthForm title={t('emailSignIn.title')} intro={t('emailSignIn.sent')} onSubmit={onSubmit}>
      <LoginFailureAlert failure={failure} />
      <Stack gap={4}>
        <Text component="label" htmlFor="email-sign-in-code" size="sm" fw={500}>
          {t('emailSignIn.code')}
        </Text>
        <PinInput
          id="email-sign-in-code"
          length={6}
          type="number"
          oneTimeCode
          value={code}
          onChange={(value) => {
            setCode(value);
            if (incomplete && value.length === 6) setIncomplete(false);
          }}
          getInputProps={(index) => ({ 'aria-label': t('emailSignIn.digit', { position: index + 1 }) })}
          error={incomplete}
          size="md"
        />
        {incomplete && (
          <Text size="xs" c="red.8" role="alert">
            {t('emailSignIn.codeFormat')}
          </Text>
        )}
      </Stack>
      <Checkbox
        label={t('login.stayConnected')}
        checked={stayConnected}
        onChange={(event) => setStayConnected(event.currentTarget.checked)}
      />
      <Button type="submit" fullWidth loading={submit.isPending}>
        {t('login.submit')}
      </Button>
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" onClick={onResend}>
          {t('emailSignIn.resend')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('emailSignIn.otherName')}
        </Anchor>
      </Group>
      {failure === null && submit.isIdle && (
        <Alert variant="light" color="gray">
          {t('emailSignIn.checkSpam')}
        </Alert>
      )}
    </AuthForm>
  );
}
