import { useQuery } from '@tanstack/react-query';
import {
  Conversation,
  FileUploadResponse,
  MessageActionResponse,
  MessageListResponse,
  MessageOpenedResponse,
  MessagePostResponse,
  MessageRecipientsResponse,
  ReportedMessagesResponse,
  type MessagePostRequest,
} from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { MESSAGE_QUERY_ROOT } from '../../shell/message-events';

/**
 * Where the messaging screen lives: the front office (the current triad's people) or the manager
 * area of a course (its people, its conversations).
 */
export type MessagingArea = { kind: 'front'; triadId: number | null } | { kind: 'manager'; courseId: number };

export const messageKeys = {
  list: (area: MessagingArea) => [MESSAGE_QUERY_ROOT, 'list', area.kind === 'manager' ? area.courseId : 'front'] as const,
  conversation: (id: number) => [MESSAGE_QUERY_ROOT, 'conversation', id] as const,
  recipients: (area: MessagingArea) =>
    [MESSAGE_QUERY_ROOT, 'recipients', area.kind, area.kind === 'manager' ? area.courseId : area.triadId] as const,
  reported: (courseId: number) => [MESSAGE_QUERY_ROOT, 'reported', courseId] as const,
};

export function useConversations(area: MessagingArea) {
  const query = area.kind === 'manager' ? `?trainingCourse=${area.courseId}` : '';
  return useQuery({
    queryKey: messageKeys.list(area),
    queryFn: () => apiRequest(`/app/message/list/${query}`, { schema: MessageListResponse }),
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: messageKeys.conversation(id ?? 0),
    queryFn: () => apiRequest(`/app/message/show/${id}`, { schema: Conversation }),
    enabled: id !== null,
  });
}

export function useRecipients(area: MessagingArea, enabled: boolean) {
  const path =
    area.kind === 'manager'
      ? `/app/lea-manager/${area.courseId}/message/recipients`
      : `/app/message/recipients${area.triadId === null ? '' : `/${area.triadId}`}`;
  return useQuery({
    queryKey: messageKeys.recipients(area),
    queryFn: () => apiRequest(path, { schema: MessageRecipientsResponse }),
    enabled,
  });
}

export function useReportedMessages(courseId: number) {
  return useQuery({
    queryKey: messageKeys.reported(courseId),
    queryFn: () => apiRequest(`/app/lea-manager/${courseId}/message/reported`, { schema: ReportedMessagesResponse }),
  });
}

export function postMessage(body: MessagePostRequest) {
  return apiRequest('/app/message/post', { method: 'POST', body, schema: MessagePostResponse });
}

export function openConversation(id: number) {
  return apiRequest(`/app/message/opened/${id}`, { method: 'PUT', schema: MessageOpenedResponse });
}

export function removeMessage(id: number) {
  return apiRequest(`/app/message/remove/${id}`, { method: 'DELETE', schema: MessageActionResponse });
}

export function reportMessage(id: number) {
  return apiRequest(`/app/message/report/${id}`, { method: 'PUT', schema: MessageActionResponse });
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}

/** The one attachment: stored first (upload rules and quota apply), the message then carries its id. */
export async function uploadAttachment(file: File): Promise<{ id: number; originalName: string }> {
  const answer = await apiRequest('/app/file/upload', {
    method: 'POST',
    body: { data: await readAsDataUrl(file), originalName: file.name, type: 'message' },
    schema: FileUploadResponse,
  });
  const stored = answer.responses[0]?.object;
  if (answer.hasError || !stored) {
    throw new Error(answer.responses[0]?.validationErrors?.[0]?.message ?? answer.message ?? 'upload refused');
  }
  return { id: stored.id, originalName: stored.originalName };
}
