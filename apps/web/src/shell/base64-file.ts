/** Export answers carry files as base64 (`{data, filename, filetype}`, spec 1 §7.3): their bytes and their download. */

/** The decoded bytes of a base64 export answer. */
export function base64Blob(data: string, filetype: string): Blob {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: filetype || 'application/pdf' });
}

/** Saves a base64 answer as a download. Returns false when there is nothing to save. */
export function downloadBase64(data: string, filename: string, filetype: string): boolean {
  if (!data) return false;
  const url = URL.createObjectURL(base64Blob(data, filetype));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || 'document.pdf';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
