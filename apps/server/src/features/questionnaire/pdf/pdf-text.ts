/**
 * Text helpers for the questionnaire PDF. The document uses pdfkit's standard Helvetica, which
 * only encodes WinAnsi (CP1252): French letters, œ, ’, « », – and € are in it, but narrow
 * no-break spaces, some quotes and symbols are not and would print as garbage. Every string
 * goes through `pdfText` before it reaches pdfkit.
 */

/** The characters CP1252 places at 0x80–0x9F (pdfkit maps them itself). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const REPLACEMENTS: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200a': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u200b': '',
  '\u00ad': '',
  '\ufeff': '',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': "'",
  '\u201f': '"',
  '\u2713': 'x',
  '\u2714': 'x',
  '\u2715': 'x',
  '\u2717': 'x',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
};

function isWinAnsi(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** The text as Helvetica can print it: known look-alikes replaced, accents kept, the rest as '?'. */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ')) {
    if (isWinAnsi(char)) out += char;
    else if (char in REPLACEMENTS) out += REPLACEMENTS[char];
    else {
      // A letter with an accent CP1252 lacks (ő, ș…) keeps its base letter rather than becoming '?'.
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  laquo: '«',
  raquo: '»',
  hellip: '…',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
};

/** Rich text (the editor's HTML) as plain paragraphs: block ends become line breaks, list items bullets. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(li|tr)>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "YYYY-MM-DD" (or the date part of a longer value) as dd/mm/yyyy; other input unchanged. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** "YYYY-MM-DD HH:mm" (or "YYYY-MM-DDTHH:mm") as dd/mm/yyyy HH:mm. */
export function formatDateTime(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : formatDate(value);
}

/** An instant as dd/mm/yyyy HH:mm in the portal's time zone (the booklets are French). */
export function formatInstant(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A number without trailing zeros, with a comma in French. */
export function formatNumber(value: number, locale: 'fr' | 'en'): string {
  const text = String(Math.round(value * 100) / 100);
  return locale === 'fr' ? text.replace('.', ',') : text;
}
