import { useQuery } from '@tanstack/react-query';
import { AdminIntegrationsResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** GET /app/admin/integrations: the active integrations the admin home shows as badges (spec 3 §1). */
export function useIntegrations() {
  return useQuery({
    queryKey: ['admin', 'integrations'],
    queryFn: () => apiRequest('/app/admin/integrations', { schema: AdminIntegrationsResponse }),
  });
}
