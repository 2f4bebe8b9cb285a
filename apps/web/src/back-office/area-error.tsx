import { createContext, useContext, useEffect } from 'react';
import { ApiRequestError } from '../shell/api-client';

/** Statuses that replace the area's content with the error view (spec 3 §2.1, §8). */
export const AREA_ERROR_CODES: readonly number[] = [401, 403, 404, 503];

/** The status of a failed call that the error view shows, else null (other failures stay local). */
export function areaErrorCode(error: unknown): number | null {
  return error instanceof ApiRequestError && AREA_ERROR_CODES.includes(error.status) ? error.status : null;
}

/** Set by a screen whose call failed; the layout shows the error view instead of the screen. */
export const AreaErrorContext = createContext<(code: number | null) => void>(() => undefined);

/** Reports a query's failure to the layout (a screen keeps rendering its own state for other errors). */
export function useReportAreaError(error: unknown): void {
  const report = useContext(AreaErrorContext);
  const code = areaErrorCode(error);
  useEffect(() => {
    if (code !== null) report(code);
  }, [code, report]);
}
