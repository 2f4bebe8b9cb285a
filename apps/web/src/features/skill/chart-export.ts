/**
 * Exports of the radar chart (spec 2 §2): its SVG as drawn (Mantine's CSS variables resolved, so
 * the file stands alone), a PNG rendered from it, and a one-page PDF holding that picture.
 */

/** The chart's SVG as a standalone document. */
export function chartSvg(container: HTMLElement): string | null {
  const svg = container.querySelector('svg.recharts-surface');
  if (!svg) return null;
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const { width, height } = svg.getBoundingClientRect();
  clone.setAttribute('width', String(Math.round(width)));
  clone.setAttribute('height', String(Math.round(height)));
  const styles = getComputedStyle(container);
  const source = new XMLSerializer().serializeToString(clone);
  return source.replace(/var\((--[\w-]+)(?:,[^)]*)?\)/g, (_, name: string) => styles.getPropertyValue(name).trim() || 'currentColor');
}

function loadImage(svg: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('svg render failed'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}

/** The SVG drawn on a white canvas at twice its size. */
export async function chartCanvas(svg: string): Promise<HTMLCanvasElement> {
  const image = await loadImage(svg);
  const canvas = document.createElement('canvas');
  canvas.width = image.width * 2;
  canvas.height = image.height * 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A one-page A4 PDF showing a JPEG (DCTDecode needs no encoder of ours) with a title. */
export function jpegPdf(jpeg: Uint8Array, size: { width: number; height: number }, title: string): Blob {
  const pageWidth = 595;
  const pageHeight = 842;
  const scale = Math.min((pageWidth - 80) / size.width, (pageHeight - 160) / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  const safeTitle = [...title]
    .map((char) => (char.charCodeAt(0) < 128 ? char : '?'))
    .join('')
    .replace(/[()\\]/g, '');
  const content = `BT /F1 16 Tf 40 ${pageHeight - 60} Td (${safeTitle}) Tj ET q ${width.toFixed(2)} 0 0 ${height.toFixed(2)} 40 ${(pageHeight - 90 - height).toFixed(2)} cm /Im1 Do Q`;
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (id: number, body: string | Uint8Array[], dictionary?: string) => {
    offsets[id] = length;
    if (typeof body === 'string') push(`${id} 0 obj\n${body}\nendobj\n`);
    else {
      push(`${id} 0 obj\n${dictionary}\nstream\n`);
      body.forEach(push);
      push('\nendstream\nendobj\n');
    }
  };
  push('%PDF-1.4\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] /Resources << /Font << /F1 4 0 R >> /XObject << /Im1 5 0 R >> >> /Contents 6 0 R >>`,
  );
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object(
    5,
    [jpeg],
    `<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
  );
  object(6, [encoder.encode(content)], `<< /Length ${encoder.encode(content).length} >>`);
  const xref = length;
  push(
    `xref\n0 7\n0000000000 65535 f \n${offsets
      .slice(1)
      .map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)
      .join('')}`,
  );
  push(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Blob(parts as BlobPart[], { type: 'application/pdf' });
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function canvasJpeg(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error('jpeg failed');
  return new Uint8Array(await blob.arrayBuffer());
}
