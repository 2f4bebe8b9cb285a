import { useQuery } from '@tanstack/react-query';
import { ExportChoicesResponse } from '@lea/shared';
import { apiRequest } from '../../shell/api-client';
import { downloadFile, type Progress } from '../../shell/download-file';

/** Where the exports of an area are: the admin area's seven, or a course's four. */
export type ExportArea = { kind: 'admin' } | { kind: 'course'; courseId: number };
const basePath = (area: ExportArea) => (area.kind === 'admin' ? '/app/admin/export' : `/app/lea-manager/${area.courseId}/export`);

/** GET …/export: the types offered and the years that hold data. */
export function useExportChoices(area: ExportArea) {
  return useQuery({
    queryKey: ['export-choices', area],
    queryFn: () => apiRequest(basePath(area), { schema: ExportChoicesResponse }),
    staleTime: 60_000,
  });
}

export { saveFile, type Progress } from '../../shell/download-file';

/**
 * GET …/export/{type}?year=: the workbook as bytes, read chunk by chunk so that the screen shows how
 * much has arrived (the server sends its length). Answers the file's name and bytes.
 */
export function downloadExport(
  area: ExportArea,
  type: number,
  year: string,
  onProgress: (progress: Progress) => void,
  signal?: AbortSignal,
): Promise<{ filename: string; blob: Blob }> {
  return downloadFile(`${basePath(area)}/${type}?year=${encodeURIComponent(year)}`, `lea-export-${type}.xlsx`, onProgress, signal);
}
