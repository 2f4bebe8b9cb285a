import { useMemo } from 'react';
import type { EntityDescription } from '@lea/shared';
import type { BackOfficeArea } from '../../back-office/area';
import { useAreaEntities } from '../../back-office/entity-api';

export const ADMIN_AREA: BackOfficeArea = { kind: 'admin' };
export const ADMIN_BASE = '/admin';

/**
 * The admin screens that exist: the listed entities and the singletons the server declares for
 * the area (spec 3 §2.3). The menu and the home offer only these (issue 11 §4), each at its entry
 * path (`entryPath`: the list, or a singleton's form).
 */
export function useAdminScreens(): { entities: EntityDescription[]; pending: boolean } {
  const answer = useAreaEntities(ADMIN_AREA);
  const entities = useMemo(
    () => (answer.data?.entities ?? []).filter((entity) => (entity.can.list || entity.can.singleton) && entity.parent === null),
    [answer.data],
  );
  return { entities, pending: answer.isPending };
}
