import {
  AbsenceJustificationList,
  CalendarFeedResponse,
  EventListResponse,
  FileDownloadResponse,
  FormModel,
  GenericActionResponse,
  GenericSaveResponse,
  type EventCopyBody,
  type FormPayload,
  type JustificationDecision,
  type JustifyType,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** The calendar's calls (spec 2 §7, spec 3 §7.1): events, justifications, the manager's actions, exports and the feed. */
export type EventKind = 'planning' | 'absence';
export type Period = { startDate: string; endDate: string };

export const eventsKey = (triadId: number) => ['calendar', 'events', triadId] as const;
export const justificationsKey = (eventId: number) => ['calendar', 'justifications', eventId] as const;
export const feedKey = ['calendar', 'feed'] as const;

const periodQuery = (period: Period, includePlanning = true) =>
  new URLSearchParams({ startDate: period.startDate, endDate: period.endDate, includePlanning: includePlanning ? '1' : '0' }).toString();

export function fetchEvents(triadId: number, period: Period, includePlanning = true) {
  return apiRequest(`/app/event/list/${triadId}?${periodQuery(period, includePlanning)}`, { schema: EventListResponse });
}

export function exportPlanning(triadId: number, period: Period) {
  return apiRequest(`/app/event/export/${triadId}?${periodQuery(period)}`, { schema: FileDownloadResponse });
}

export function fetchJustifications(eventId: number) {
  return apiRequest(`/app/event/justifications/${eventId}`, { schema: AbsenceJustificationList });
}

export function fetchJustifyForm(courseId: number, type: JustifyType, id: number) {
  return apiRequest(`/app/${courseId}/absence/justify/form/${type}/${id}`, { schema: FormModel });
}

export function putJustification(courseId: number, type: JustifyType, id: number, payload: FormPayload) {
  return apiRequest(`/app/${courseId}/absence/justify/put/${id}?type=${type}`, {
    method: 'PUT',
    body: payload,
    schema: GenericSaveResponse,
  });
}

const managerPath = (courseId: number, path: string) => `/app/lea-manager/${courseId}${path}`;

export function decideJustification(courseId: number, id: number, body: JustificationDecision) {
  return apiRequest(managerPath(courseId, `/absence/justification/${id}`), { method: 'PUT', body, schema: GenericActionResponse });
}

/** The manager's event form, starting from the clicked day and the triad (spec 3 §2.1 `set` query). */
export function fetchEventForm(courseId: number, kind: EventKind, id: number | null, initial: Record<string, string> = {}) {
  const query = new URLSearchParams(initial).toString();
  return apiRequest(managerPath(courseId, `/${kind}/form${id === null ? '' : `/${id}`}${query ? `?${query}` : ''}`), { schema: FormModel });
}

export function saveEvent(courseId: number, kind: EventKind, id: number | null, payload: FormPayload) {
  return apiRequest(managerPath(courseId, `/${kind}/post${id === null ? '' : `/${id}`}`), {
    method: id === null ? 'POST' : 'PUT',
    body: payload,
    schema: GenericSaveResponse,
  });
}

export function removeEvent(courseId: number, kind: EventKind, id: number) {
  return apiRequest(managerPath(courseId, `/${kind}/delete/${id}`), { method: 'DELETE', schema: GenericActionResponse });
}

export function copyEvent(courseId: number, kind: EventKind, id: number, body: EventCopyBody) {
  return apiRequest(managerPath(courseId, `/${kind}/copy/${id}`), { method: 'POST', body, schema: GenericActionResponse });
}

export function moveEvent(courseId: number, kind: EventKind, id: number, startDate: string) {
  return apiRequest(managerPath(courseId, `/${kind}/move/${id}`), { method: 'PUT', body: { startDate }, schema: GenericActionResponse });
}

export function deletePlannings(courseId: number, plannings: number[]) {
  return apiRequest(managerPath(courseId, '/planning/delete'), { method: 'DELETE', body: { plannings }, schema: GenericActionResponse });
}

export function exportCourseAbsences(courseId: number) {
  return apiRequest(managerPath(courseId, '/absence/export-apprentices'), { schema: FileDownloadResponse });
}

export function fetchFeed() {
  return apiRequest('/app/event/feed', { schema: CalendarFeedResponse });
}

export function renewFeed() {
  return apiRequest('/app/event/feed', { method: 'POST', schema: CalendarFeedResponse });
}

export function revokeFeed() {
  return apiRequest('/app/event/feed', { method: 'DELETE', schema: CalendarFeedResponse });
}
