import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ProfileUpdateResponse, UploadedFile, UserInfo, writeEnvelope, type ProfileUpdateRequest } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { saveTokens } from '../../shell/session';

/** Every user query starts with 'user' (the shell's me query too), so one invalidation refreshes them all. */
export const userInfoKey = (id: number) => ['user', 'info', id] as const;

/**
 * Another user's profile (GET /app/user/info/{id}): whole for their managers and administrators,
 * a summary for triad partners; the signed-in user's own comes from the me query.
 */
export function useUserInfo(id: number, enabled: boolean) {
  return useQuery({
    queryKey: userInfoKey(id),
    queryFn: () => apiRequest(`/app/user/info/${id}`, { schema: UserInfo }),
    enabled,
    retry: false,
  });
}

/**
 * PUT /app/user/put/{id}: the flat fields or the photo alone. The answer's token pair replaces the
 * current one, since the profile is part of the token's claims; `pendingEmail` names the address a
 * confirmation link was sent to (the account keeps its address until it is opened).
 */
export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateRequest) => apiRequest(`/app/user/put/${id}`, { method: 'PUT', body, schema: ProfileUpdateResponse }),
    onSuccess: async (tokens) => {
      saveTokens({ token: tokens.token, refreshToken: tokens.refreshToken });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

const UploadAnswer = writeEnvelope(UploadedFile);

/** Base64 content of a file, without the `data:…;base64,` prefix. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}

/** POST /app/file/upload into the profile folder; the stored file's id, or null when the server refused it. */
export async function uploadProfilePhoto(file: File): Promise<number | null> {
  const data = await readAsBase64(file);
  const answer = await apiRequest('/app/file/upload', {
    method: 'POST',
    body: { data, originalName: file.name, type: 'profile' },
    schema: UploadAnswer,
  });
  return answer.hasError ? null : (answer.responses[0]?.object?.id ?? null);
}
