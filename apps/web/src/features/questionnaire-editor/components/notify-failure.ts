import { notifications } from '@mantine/notifications';
import { ApiRequestError } from '../../../shell/api-client';

/** A failed action's notice: a refusal (4xx) shows the server's message, anything else the given fallback. */
export function notifyFailure(error: unknown, fallback: string) {
  notifications.show({
    color: 'red',
    message: error instanceof ApiRequestError && error.status < 500 ? error.message : fallback,
  });
}
