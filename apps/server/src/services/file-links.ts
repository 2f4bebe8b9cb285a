/** Links of spec 2 §7 under which the browser downloads or shows a stored file. */
export function downloadFileUrl(pathName: string, originalName: string): string {
  return `/download-file/path-name-${encodeURIComponent(pathName)}/original-name-${encodeURIComponent(originalName)}`;
}

/** The link under which the browser shows a stored image (spec 1 §3.2 logos and favicon). */
export function inlineFileUrl(pathName: string, originalName: string): string {
  return `/inline-file/path-name-${encodeURIComponent(pathName)}/original-name-${encodeURIComponent(originalName)}`;
}
