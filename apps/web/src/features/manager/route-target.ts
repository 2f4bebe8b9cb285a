import { useMatches, useParams } from 'react-router';
import { isManagerEntity, type EntityTarget, type ManagerEntity } from './entities';

/** The alias a route declares in its handle (`{ name, alias }`, spec 3 §2.1 route parameters). */
export function useHandleAlias(): string | null {
  const handle = useMatches().at(-1)?.handle as { alias?: unknown } | undefined;
  return typeof handle?.alias === 'string' ? handle.alias : null;
}

/** The route's alias when it is one of the entities the generic form edits. */
export function useRouteAlias(): ManagerEntity | null {
  const alias = useHandleAlias();
  return isManagerEntity(alias) ? alias : null;
}

function numberOrNull(raw: string | undefined): number | null {
  const value = Number(raw);
  return raw !== undefined && Number.isInteger(value) && value > 0 ? value : null;
}

/** The record a route points at: course, alias, id (absent to add) and parent triad. */
export function useEntityTarget(): EntityTarget | null {
  const params = useParams();
  const alias = useRouteAlias();
  const courseId = numberOrNull(params.trainingCourseId);
  if (!alias || courseId === null) return null;
  return { courseId, alias, id: numberOrNull(params.id), triadId: numberOrNull(params.triadId) };
}
