import { XMLParser } from 'fast-xml-parser';

/** A certification of France Compétences' RNCP open data: its number, title and skill blocks. */
export type RncpCertification = { numero: string; intitule: string; blocks: RncpBlock[] };
export type RncpBlock = { code: string; libelle: string; competences: string[] };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
};
const decode = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole);

/**
 * The competences of a block's LISTE_COMPETENCES (HTML): one per list item, paragraph or line, tags
 * and entities removed, bullets and blank lines dropped.
 */
export function competencesOf(html: string): string[] {
  const text = decode(
    html
      .replace(/<\/(li|p|div|h\d)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  ).replace(/<[^>]*>/g, '');
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^[\s•\-–*·]+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((line) => line.length > 1)
    .map((line) => line.slice(0, 2000));
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const textOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/** The XML flow (FICHES/FICHE with NUMERO_FICHE, BLOCS_COMPETENCES/BLOC_COMPETENCES), or one certification's extract. */
export function parseRncpXml(xml: string): RncpCertification[] {
  const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, processEntities: true, htmlEntities: true });
  const document = parser.parse(xml) as Record<string, unknown>;
  const root = (document.FICHES ?? document) as Record<string, unknown>;
  return list(root.FICHE as Record<string, unknown> | Record<string, unknown>[] | undefined).map((fiche) => {
    const blocs = (fiche.BLOCS_COMPETENCES ?? {}) as Record<string, unknown>;
    return {
      numero: textOf(fiche.NUMERO_FICHE),
      intitule: textOf(fiche.INTITULE),
      blocks: list(blocs.BLOC_COMPETENCES as Record<string, unknown> | Record<string, unknown>[] | undefined).map((bloc) => ({
        code: textOf(bloc.CODE),
        libelle: textOf(bloc.LIBELLE),
        competences: competencesOf(textOf(bloc.LISTE_COMPETENCES)),
      })),
    };
  });
}

/** Fields of one `;`-separated line, with "" quoting (fields may span lines inside quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(field);
      if (row.some((cell) => cell.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  row.push(field);
  if (row.some((cell) => cell.trim() !== '')) rows.push(row);
  return rows;
}

/** The CSV variant (UTF-8 with a BOM, `;`): one line per block, columns named as in the XML flow. */
export function parseRncpCsv(csv: string): RncpCertification[] {
  const [header, ...lines] = csvRows(csv.replace(/^\uFEFF/, ''));
  if (!header) return [];
  const column = (...names: string[]) => header.findIndex((cell) => names.includes(cell.trim().toUpperCase()));
  const numero = column('NUMERO_FICHE');
  const intitule = column('INTITULE');
  const code = column('CODE', 'BLOC_COMPETENCES_CODE');
  const libelle = column('LIBELLE', 'BLOC_COMPETENCES_LIBELLE');
  const liste = column('LISTE_COMPETENCES');
  if (numero < 0 || code < 0 || libelle < 0 || liste < 0) return [];
  const byNumero = new Map<string, RncpCertification>();
  for (const line of lines) {
    const key = (line[numero] ?? '').trim();
    if (!key) continue;
    const certification = byNumero.get(key) ?? { numero: key, intitule: intitule < 0 ? '' : (line[intitule] ?? '').trim(), blocks: [] };
    certification.blocks.push({
      code: (line[code] ?? '').trim(),
      libelle: (line[libelle] ?? '').trim(),
      competences: competencesOf(line[liste] ?? ''),
    });
    byNumero.set(key, certification);
  }
  return [...byNumero.values()];
}

/** Either format, told apart by the first character (an XML flow starts with `<`). */
export function parseRncp(bytes: Buffer): RncpCertification[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return text.trimStart().startsWith('<') ? parseRncpXml(text) : parseRncpCsv(text);
}
