import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ROLE_ADMIN } from '@lea/shared';
import { useCurrentUser } from './current-user';
import { getTokens } from './session';
import { PageLoader } from './page-loader';

/** Routes needing authentication: a loaded user with roles, else /login (spec 1 §4.1). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: user, isError, isPending } = useCurrentUser();
  if (!getTokens() || isError) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (isPending || !user) return <PageLoader />;
  return children;
}

/** A route's required role: else the alert 'Accès non autorisé' and back to the previous route. */
export function RequireRole({ role, children }: { role: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const allowed = !!user && (user.roles.includes(role) || user.roles.includes(ROLE_ADMIN));
  useEffect(() => {
    if (user && !allowed) {
      notifications.show({ color: 'red', title: t('errors.forbiddenRoute'), message: t('errors.forbiddenRouteDetail') });
      if (window.history.length > 1) navigate(-1);
      else navigate('/dashboard/home', { replace: true });
    }
  }, [user, allowed, navigate, t]);
  return allowed ? children : null;
}
