// Writes the two triad import samples of docs/samples/ (docs/api/manager.md, "Triad import"):
//   lea-import-trinomes.xlsx          imports cleanly into the demo manager's course (BTS SIO 2025-2027)
//   lea-import-trinomes-erreurs.xlsx  is refused: errors on known lines and columns, nothing written
// Run: node scripts/make-import-samples.mjs   (the API test apps/server/src/generic/import.test.ts reads both)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { ROOT } from './lib/freshness.mjs';

/** The header row of the triad import model (GET triad/import-model, French). */
export const HEADERS = [
  'Groupe',
  'Nom apprenti',
  'Prénom apprenti',
  'Email apprenti',
  'Nom tuteur',
  'Prénom tuteur',
  'Email tuteur',
  "Nom maître d'apprentissage",
  "Prénom maître d'apprentissage",
  "Email maître d'apprentissage",
  'Nom dirigeant',
  'Prénom dirigeant',
  'Email dirigeant',
  'Active (oui/non)',
];

const CLEAN = [
  [
    'Promotion 2025 - groupe A',
    'Lambert',
    'Inès',
    'ines.lambert@example.org',
    'Bernard',
    'Julien',
    'julien.bernard@example.com',
    'Dubois',
    'Nathalie',
    'nathalie.dubois@example.com',
    '',
    '',
    '',
    'oui',
  ],
  [
    'Promotion 2025 - groupe B',
    'Caron',
    'Mathis',
    'mathis.caron@example.org',
    'Fournier',
    'Isabelle',
    'isabelle.fournier@example.com',
    'Girard',
    'Marc',
    'marc.girard@example.com',
    '',
    '',
    '',
    'oui',
  ],
  [
    'Promotion 2026 - groupe C',
    'Perrin',
    'Sarah',
    'sarah.perrin@example.org',
    'Leroy',
    'Antoine',
    'antoine.leroy@example.org',
    'Faure',
    'Julie',
    'julie.faure@example.org',
    'Gauthier',
    'Bruno',
    'bruno.gauthier@example.org',
    'non',
  ],
];

/** Line numbers are the spreadsheet's (the header is line 1); the expected report is in import.test.ts. */
const WITH_ERRORS = [
  [
    'Promotion 2025 - groupe A',
    'Morin',
    'Lina',
    'lina.morin@example.org',
    'Bernard',
    'Julien',
    'julien.bernard@example.com',
    '',
    '',
    '',
    '',
    '',
    '',
    'oui',
  ], // 2: valid
  ['Promotion 2025 - groupe A', 'Dupont', 'Jean', 'jean.dupont@', '', '', '', '', '', '', '', '', '', 'oui'], // 3: D, e-mail
  ['Promotion 2025 - groupe B', '', 'Paul', 'paul.sans-nom@example.org', '', '', '', '', '', '', '', '', '', 'oui'], // 4: B, required
  ['Promotion 2025 - groupe B', 'Blanc', 'Zoé', 'zoe.blanc@example.org', 'Leroy', '', '', '', '', '', '', '', '', 'oui'], // 5: F and G, tutor incomplete
  ['Promotion 2025 - groupe B', 'Noir', 'Léo', 'leo.noir@example.org', '', '', '', '', '', '', '', '', '', 'peut-être'], // 6: N, yes/no
  ['', 'Vert', 'Eva', 'eva.vert@example.org', '', '', '', '', '', '', '', '', '', 'oui'], // 7: A, required
];

/**
 * @param {string} file
 * @param {string[][]} rows
 */
async function write(file, rows) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'lea';
  // Fixed dates: the committed samples do not change when regenerated.
  workbook.created = new Date('2026-01-01T00:00:00Z');
  workbook.modified = new Date('2026-01-01T00:00:00Z');
  const sheet = workbook.addWorksheet('Trinômes');
  sheet.columns = HEADERS.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  await workbook.xlsx.writeFile(file);
  console.log(`wrote ${file}`);
}

const dir = join(ROOT, 'docs', 'samples');
mkdirSync(dir, { recursive: true });
await write(join(dir, 'lea-import-trinomes.xlsx'), CLEAN);
await write(join(dir, 'lea-import-trinomes-erreurs.xlsx'), WITH_ERRORS);
