import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GenericActionResponse, ModuleTriadList } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** Under the manager area's key, so that the area's saves (the module list's) refresh it too. */
const moduleTriadsKey = (courseId: number) => ['manager', courseId, 'module-triads'] as const;

/** GET …/training-course-module-triad/list: the course's modules and their visibility per triad. */
export function useModuleTriads(courseId: number) {
  return useQuery({
    queryKey: moduleTriadsKey(courseId),
    queryFn: () => apiRequest(`/app/lea-manager/${courseId}/training-course-module-triad/list`, { schema: ModuleTriadList }),
  });
}

/**
 * PUT …/training-course-module-triad/edit/{id}: shows or hides a module in one triad's menu. The
 * triads' own queries are refreshed at once, so that their tab bar and menu follow.
 */
export function useSetModuleVisible(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visible }: { id: number; visible: boolean }) =>
      apiRequest(`/app/lea-manager/${courseId}/training-course-module-triad/edit/${id}`, {
        method: 'PUT',
        body: { visible },
        schema: GenericActionResponse,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: moduleTriadsKey(courseId) }),
        queryClient.invalidateQueries({ queryKey: ['triad'] }),
      ]);
    },
  });
}
