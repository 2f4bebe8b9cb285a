import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SwitchTokens } from '@lea/shared';
import { apiRequest, ApiRequestError } from './api-client';
import { isAdministrator, useCurrentUser } from './current-user';
import { startImpersonation } from './session';

/**
 * "Se connecter en tant que" (spec 1 §4.1): asks the server for the target's token pair
 * (administrators through their own switch, managers through the course managers' one), keeps the
 * original tokens for "Retour à mon compte", then arrives through loginSwitch, which signs in as the
 * target and routes like a login. A refusal shows the server's message.
 */
export function useImpersonate() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const admin = isAdministrator(user);
  return useMutation({
    mutationFn: (targetId: number) =>
      apiRequest(admin ? `/app/user/switch/${targetId}` : `/app/user/lea-manager/switch/${targetId}`, { schema: SwitchTokens }),
    onSuccess: async (tokens) => {
      startImpersonation(tokens);
      const query = new URLSearchParams({ token: tokens.token, refreshToken: tokens.refreshToken });
      await navigate(`/login/switch?${query.toString()}`);
    },
    onError: (error) => {
      const message = error instanceof ApiRequestError && error.message ? error.message : t('impersonation.failed');
      notifications.show({ color: 'red', title: t('impersonation.refused'), message });
    },
  });
}
