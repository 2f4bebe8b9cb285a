import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, type NavigateFunction } from 'react-router';
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

/** React Router numbers its history entries (`idx` in history.state); 0 when it has not yet. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : null;
  return typeof idx === 'number' ? idx : 0;
}

/** The entry this page load started on: the entries after it were pushed by the app itself. */
const FIRST_ENTRY_INDEX = historyIndex();

/**
 * Leaves a refused route for the previous one (spec 1 §4.1). Only an entry of this page load is a
 * previous route: going back past it (a URL typed or reloaded) would load the app again and lose
 * the notice, so the home page replaces the refused route instead.
 */
export function leaveRefusedRoute(navigate: NavigateFunction): void {
  if (historyIndex() > FIRST_ENTRY_INDEX) void navigate(-1);
  else void navigate('/dashboard/home', { replace: true });
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
      leaveRefusedRoute(navigate);
    }
  }, [user, allowed, navigate, t]);
  return allowed ? children : null;
}
