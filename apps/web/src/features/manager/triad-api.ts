import { useQuery } from '@tanstack/react-query';
import { GenericActionResponse, GenericSaveResponse, ManagerTriadListResponse, SendInfosResponse, SendInfosResult } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { managerApi } from './entities';

/** The triad module's own calls (spec 3 §7.1), beside the generic ones of back-office/entity-api.ts. */

export const triadListKey = (courseId: number) => ['manager', courseId, 'triad', 'list'] as const;

export function useTriadList(courseId: number) {
  return useQuery({
    queryKey: triadListKey(courseId),
    queryFn: () => apiRequest(managerApi(courseId, 'triad', 'list'), { schema: ManagerTriadListResponse }),
  });
}

/** GET …/triad/generate-triad-test: a test triad with fresh test users (answered like a save). */
export function generateTestTriad(courseId: number) {
  return apiRequest(managerApi(courseId, 'triad', 'generate-triad-test'), { schema: GenericSaveResponse });
}

/** Member types of …/triad/delete-member (spec 3 §7.1): 2 tutor, 3 apprentice master. */
export type RemovableMemberType = 2 | 3;

export function removeTriadMember(courseId: number, triadId: number, type: RemovableMemberType, userId: number) {
  return apiRequest(managerApi(courseId, 'triad', 'delete-member', courseId, triadId, type, userId), {
    method: 'DELETE',
    schema: GenericActionResponse,
  });
}

export const sendInfosKey = (courseId: number) => ['manager', courseId, 'triad', 'send-user-infos'] as const;

export function useSendInfos(courseId: number) {
  return useQuery({
    queryKey: sendInfosKey(courseId),
    queryFn: () => apiRequest(managerApi(courseId, 'triad', 'send-user-infos'), { schema: SendInfosResponse }),
  });
}

export type SendInfosKind = 'send-welcome' | 'send-new-password';

export function sendUserInfos(courseId: number, kind: SendInfosKind, users: number[]) {
  return apiRequest(managerApi(courseId, 'triad', kind), { method: 'POST', body: { users }, schema: SendInfosResult });
}
