import { gt } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.js';

/**
 * Mails written by the test itself: the demo seeds each course's mail history (mails sent and
 * refused days ago), which a test counting a course's mails of one kind must leave out.
 */
export function recentMail() {
  return gt(mailOutbox.createdAt, new Date(Date.now() - 60 * 60 * 1000));
}
