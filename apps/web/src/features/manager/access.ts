import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { isAdministrator, useCurrentUser } from '../../shell/current-user';
import { leaveRefusedRoute } from '../../shell/guards';
import { useListedCourse } from './api';

export type ManagerAccess = 'pending' | 'allowed' | 'denied' | 'error';

/** Spec 3 §2.1 and spec 1 §6: the course's managers and the administrators. */
export function managerAccess(input: {
  validId: boolean;
  administrator: boolean;
  lookup: 'pending' | 'error' | 'success';
  isLeaManager: boolean | undefined;
}): ManagerAccess {
  if (!input.validId) return 'denied';
  if (input.administrator) return 'allowed';
  if (input.lookup === 'pending') return 'pending';
  if (input.lookup === 'error') return 'error';
  return input.isLeaManager ? 'allowed' : 'denied';
}

/**
 * Access to /lea-manager/{trainingCourseId}; a refusal behaves like the shell's RequireRole:
 * the 'Accès non autorisé' notification and back to the previous route.
 */
export function useManagerAccess(courseId: number): ManagerAccess {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const course = useListedCourse(courseId);
  const access = managerAccess({
    validId: Number.isInteger(courseId) && courseId > 0,
    administrator: isAdministrator(user),
    lookup: course.status,
    isLeaManager: course.data?.isLeaManager,
  });
  // Once per refusal: React may run the effect twice in development.
  const refused = useRef(false);
  useEffect(() => {
    if (access !== 'denied' || refused.current) return;
    refused.current = true;
    notifications.show({ color: 'red', title: t('errors.forbiddenRoute'), message: t('errors.forbiddenRouteDetail') });
    leaveRefusedRoute(navigate);
  }, [access, navigate, t]);
  return access;
}
