import { SsoTicketResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';

/** The ticket of `/login/sso?ticket=…`, exchanged once for the session. */
export function exchangeSsoTicket(ticket: string) {
  return apiRequest('/sso/ticket', { method: 'POST', body: { ticket }, schema: SsoTicketResponse, auth: false, redirectOn401: false });
}
