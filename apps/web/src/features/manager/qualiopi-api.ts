import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QualiopiReportResponse, type QualiopiQuery } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { downloadFile, saveFile } from '../../shell/download-file';

const basePath = (courseId: number) => `/app/lea-manager/${courseId}/qualiopi`;

/** `from=…&to=…[&crew=…]`, the query of the report and of its files. */
export function reportQuery(query: QualiopiQuery): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.crew !== undefined) params.set('crew', String(query.crew));
  return params.toString();
}

/** GET …/qualiopi: the report's rows and totals; the previous period's stay shown while the next one loads. */
export function useQualiopiReport(courseId: number, query: QualiopiQuery | null) {
  return useQuery({
    queryKey: ['qualiopi', courseId, query],
    queryFn: () => apiRequest(`${basePath(courseId)}?${reportQuery(query!)}`, { schema: QualiopiReportResponse }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET …/qualiopi/xlsx or /pdf: the file as bytes, handed to the browser. Answers its name. */
export async function downloadReport(courseId: number, format: 'xlsx' | 'pdf', query: QualiopiQuery): Promise<string> {
  const file = await downloadFile(`${basePath(courseId)}/${format}?${reportQuery(query)}`, `qualiopi.${format}`, () => undefined);
  saveFile(file.blob, file.filename);
  return file.filename;
}
