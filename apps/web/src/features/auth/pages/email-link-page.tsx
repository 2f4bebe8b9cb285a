import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { renewEmailLink, signInWithLink } from '../api';
import { ONE_SHOT_QUERY } from '../one-shot-query';
import { startSession } from '../post-login';

/**
 * loginEmailLink (issue 20 §1): the link of a sign-in mail or of a reminder. Used once: a query
 * (not an effect) sends it, so that a remount does not send it again and find it used. Signed in,
 * the person lands where the link points (a questionnaire to sign) or where a sign-in leads; a
 * used or expired link offers a new one by mail.
 */
export default function EmailLinkPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  return <EmailLink token={token} />;
}

function EmailLink({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const link = useQuery({
    queryKey: ['auth', 'email-link', token],
    queryFn: () => signInWithLink(token),
    ...ONE_SHOT_QUERY,
  });
  const renew = useMutation({ mutationFn: () => renewEmailLink(token) });
  const started = useRef(false);

  useEffect(() => {
    const answer = link.data;
    if (!answer?.success || !answer.token || !answer.refresh_token || started.current) return;
    started.current = true;
    void (async () => {
      const path = await startSession(queryClient, { token: answer.token!, refreshToken: answer.refresh_token! });
      await navigate(answer.target ?? path, { replace: true });
    })();
  }, [link.data, navigate, queryClient]);

  const refused = link.data && !link.data.success ? link.data.reason : link.isError ? 'error' : null;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('emailSignIn.linkTitle')}
      </Title>
      {(link.isPending || link.data?.success) && <Loader aria-label={t('switch.inProgress')} />}
      {refused === 'expired' && (
        <>
          <Alert color="orange" role="alert">
            {t('emailSignIn.linkExpired')}
          </Alert>
          {renew.isSuccess ? (
            <Alert color="green">{t('emailSignIn.linkRenewed')}</Alert>
          ) : (
            <Button fullWidth loading={renew.isPending} onClick={() => renew.mutate()}>
              {t('emailSignIn.renew')}
            </Button>
          )}
        </>
      )}
      {(refused === 'invalid' || refused === 'error') && (
        <Alert color="red" role="alert">
          {refused === 'invalid' ? t('emailSignIn.linkInvalid') : t('common:errors.generic')}
        </Alert>
      )}
      {refused && (
        <Anchor component={Link} to="/login/email" size="sm" ta="center">
          {t('emailSignIn.askCode')}
        </Anchor>
      )}
    </Stack>
  );
}
