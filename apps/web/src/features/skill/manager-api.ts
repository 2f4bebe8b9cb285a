import { RemoveRepositoryResponse, RncpCertificationsResponse, RncpImportResponse, type RncpImportRequest } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

const base = (courseId: number) => `/app/lea-manager/${courseId}/skill`;

export function listRncpCertifications(courseId: number, fileId: number) {
  return apiRequest(`${base(courseId)}/france-competence?file=${fileId}`, { schema: RncpCertificationsResponse });
}

export function importRncp(courseId: number, body: RncpImportRequest) {
  return apiRequest(`${base(courseId)}/france-competence`, { method: 'POST', body, schema: RncpImportResponse });
}

export function removeRncpRepository(courseId: number) {
  return apiRequest(`${base(courseId)}/remove-repository`, { schema: RemoveRepositoryResponse });
}
