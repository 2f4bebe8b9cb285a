import { z } from 'zod';
import { FormOptionalHtml } from './back-office.js';
import { FormDate, FormOptionalText, FormText } from './manager.js';
import { FormOptionalFile } from './lesson.js';
import { MESSAGES } from '../validation.js';

/** News tags (spec 3 §3): 10 Bug, 11 News, 12 Maintenance, 13 New feature, 14 Tutorial. */
export const NEWS_TAGS = [10, 11, 12, 13, 14] as const;
export type NewsTag = (typeof NEWS_TAGS)[number];
/** News list page size and how many the admin home shows (spec 3 §9). */
export const NEWS_PAGE_SIZE = 12;
export const NEWS_HOME_COUNT = 3;

/** 2026-02-28 is a day, 2026-02-30 and 2026-13-45 are not. */
function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The news form's values (admin area, generic entity `news`). */
export const NewsInput = z.object({
  title: FormText(255),
  subTitle: FormOptionalText(255),
  text: FormOptionalHtml,
  tag: z.coerce.number(MESSAGES.choice).refine((value) => (NEWS_TAGS as readonly number[]).includes(value), MESSAGES.choice),
  picture: FormOptionalFile,
  // FormDate checks the shape only: 2026-13-45 must be a field error here, not a database error.
  dateToDisplay: FormDate.refine(isCalendarDay, MESSAGES.date),
});
export type NewsInput = z.infer<typeof NewsInput>;

/** One news item as read (front office and admin); `picture` is a link signed for the reader. */
export const NewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  subTitle: z.string().nullable(),
  text: z.string().nullable(),
  tag: z.number().int(),
  picture: z.string().nullable(),
  dateToDisplay: z.string(),
});
export type NewsItem = z.infer<typeof NewsItem>;

/** `GET /app/news?page=n` (every signed-in user; administrators add `all=1` to see future-dated ones). */
export const NewsListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  all: z.enum(['0', '1']).optional(),
});
export const NewsListResponse = z.object({
  items: z.array(NewsItem),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NewsListResponse = z.infer<typeof NewsListResponse>;
