import { z } from 'zod';

/** `GET /app/admin/statistic?archive=1`: archived courses count too when asked (the screen's archive switch). */
export const StatisticsQuery = z.object({ archive: z.enum(['0', '1']).default('0') });

const FillRate = z.object({ expected: z.number().int(), signed: z.number().int(), rate: z.number() });
export const StatisticsResponse = z.object({
  /** Distinct people per profile (1 apprentice, 2 tutor, 3 apprentice master, 4 manager) in the counted courses. */
  usersByProfile: z.array(z.object({ profile: z.number().int(), count: z.number().int() })),
  users: z.number().int(),
  triads: z.number().int(),
  activeTriads: z.number().int(),
  /** Booklet fill rate: signed replies / expected signatures (active questionnaires × their triads × signing profiles present). */
  fillRate: FillRate,
  fillRateByCourse: z.array(FillRate.extend({ courseId: z.number().int(), course: z.string(), year: z.number().int().nullable() })),
  fillRateByYear: z.array(FillRate.extend({ year: z.number().int() })),
  /** The last twelve months, oldest first, `YYYY-MM` (Paris time). */
  signaturesPerMonth: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type StatisticsResponse = z.infer<typeof StatisticsResponse>;
