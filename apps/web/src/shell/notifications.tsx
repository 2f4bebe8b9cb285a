import { Notifications } from '@mantine/notifications';

/** Mantine's toast stack, loaded by providers.tsx when the first toast is shown (decision 034). */
export default Notifications;
