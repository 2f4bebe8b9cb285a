import {
  FileDownloadResponse,
  FormModel,
  SkillHistoryResponse,
  SkillJustificativeResponse,
  SkillListResponse,
  SkillSaveResponse,
  type FormPayload,
  type SkillSaveRequest,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

export type SkillTarget = { courseId: number; triadId: number };

const base = ({ courseId, triadId }: SkillTarget) => `/app/skill/${courseId}/${triadId}`;

export const skillsKey = (target: SkillTarget) => ['skills', target.courseId, target.triadId] as const;

export function fetchSkills(target: SkillTarget) {
  return apiRequest(`${base(target)}/list`, { schema: SkillListResponse });
}

export function saveSkills(target: SkillTarget, sessionId: number, body: SkillSaveRequest) {
  return apiRequest(`${base(target)}/save/${sessionId}`, { method: 'POST', body, schema: SkillSaveResponse });
}

export function fetchSkillHistory(target: SkillTarget, skillId: number, sessionId: number) {
  return apiRequest(`${base(target)}/historic/${skillId}?session=${sessionId}`, { schema: SkillHistoryResponse });
}

export function fetchJustificativeForm(target: SkillTarget, skillId: number, sessionId: number) {
  return apiRequest(`${base(target)}/justificative-form/${skillId}?session=${sessionId}`, { schema: FormModel });
}

export function saveJustificative(target: SkillTarget, skillId: number, sessionId: number, payload: FormPayload) {
  return apiRequest(`${base(target)}/justificative-post/${skillId}?session=${sessionId}`, {
    method: 'PUT',
    body: payload,
    schema: SkillJustificativeResponse,
  });
}

export function exportSkillsPdf(target: SkillTarget, sessionId: number) {
  return apiRequest(`${base(target)}/export/${sessionId}`, { schema: FileDownloadResponse });
}

export function exportSkillsXlsx(target: SkillTarget, sessionId: number) {
  return apiRequest(`${base(target)}/export?session=${sessionId}`, { schema: FileDownloadResponse });
}
