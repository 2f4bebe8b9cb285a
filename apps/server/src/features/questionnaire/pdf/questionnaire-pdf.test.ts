import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderQuestionnairePdf } from './index.js';
import { fixtureInput, fixtureView } from './pdf-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'lea-questionnaire-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function save(pdf: Buffer): string {
  fileCount += 1;
  const path = join(dir, `q${fileCount}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/** The document's text as poppler extracts it: what a reader (or a screen reader) gets. */
const textOf = (pdf: Buffer) => execFileSync('pdftotext', [save(pdf), '-'], { encoding: 'utf8' });

describe('renderQuestionnairePdf, filled booklet (model 1)', () => {
  it('prints the triad, every answer, comments, marks, the interview date and the signatures', async () => {
    const pdf = await renderQuestionnairePdf(fixtureInput(1));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    for (const expected of [
      "LIVRET D'APPRENTISSAGE",
      'Visite en entreprise – bilan d’intégration',
      'Léa Martin',
      'Sophie Lefèvre',
      'BTS SIO 2025-2027',
      'Promotion 2025 - groupe A',
      '1re année / Suivi en entreprise',
      'Technicienne support et développement',
      'Léa a pris en charge la maintenance du parc',
      'l’œuvre est',
      '• Autonomie croissante',
      'Difficultés rencontrées',
      'Prise en main du réseau un peu longue.',
      'Paul Durand (Tuteur pédagogique), 14/01/2026 16:05',
      'Entièrement d’accord avec cette appréciation.',
      'APPRENTI',
      'TUTEUR PÉDAGOGIQUE',
      "MAÎTRE D'APPRENTISSAGE",
      'RESPONSABLE',
      '35,5',
      'attestation-sécurité.pdf',
      '08/09/2025',
      '02/10/2025 14:30',
      'Lyon 2e (siège)',
      '9 h - 17 h 30',
      'Outil de suivi des interventions',
      'Acquis (3)',
      '3 / 3',
      '1 / 3',
      'Note : 3 / 4',
      'Note totale',
      'Responsable de formation : 7 / 10',
      'Date de la visite en entreprise',
      'Tuteur pédagogique : 12/01/2026',
      'Signatures',
      'Signé électroniquement le 15/01/2026 11:00',
      '(par Claire Petit)',
      'Empreinte : 3f9a0c1be27d4a55…',
      'Non signé',
      'Page 1 / ',
      'Document généré le 20/01/2026 17:42',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('3f9a0c1be27d4a55e');
  });

  it('leaves marks out when the caller may not see them', async () => {
    const view = { ...fixtureView(), userProfile: 1, userCanManage: false };
    const text = textOf(await renderQuestionnairePdf(fixtureInput(1, { view })));
    expect(text).toContain('Technicienne support et développement');
    expect(text).not.toContain('Note totale');
    expect(text).not.toContain('Note : 3 / 4');
    expect(text).not.toContain('Acquis (3)');
  });

  it('runs long texts over several numbered pages and speaks English when asked', async () => {
    const view = fixtureView();
    const long = Array.from(
      { length: 60 },
      (_, index) => `<p>Paragraphe ${index + 1} : l’apprentie a mené à bien la tâche confiée.</p>`,
    ).join('');
    const [, field] = view.questions;
    if (!field?.answers[0]) throw new Error('fixture changed');
    field.answers[0] = { ...field.answers[0], value: long };
    const text = textOf(await renderQuestionnairePdf(fixtureInput(1, { view, locale: 'en' })));
    expect(text).toContain('Paragraphe 60 : l’apprentie a mené à bien la tâche confiée.');
    expect(text).toMatch(/Page 4 \/ \d/);
    expect(text).toContain('APPRENTICE');
    expect(text).toContain('Signed electronically on 15/01/2026 11:00');
  });
});

describe('renderQuestionnairePdf, blank model (model 0)', () => {
  it('prints questions, tips and choices with empty answer areas and signature boxes', async () => {
    const text = textOf(await renderQuestionnairePdf(fixtureInput(0)));
    for (const expected of [
      'MODÈLE VIERGE',
      'Intitulé de votre poste',
      'Tel qu’il figure sur votre contrat.',
      'Visioconférence',
      'Les règles de sécurité',
      'Ponctualité et assiduité',
      'Nom :',
      'Signature :',
      'Page 1 / ',
    ]) {
      expect(text).toContain(expected);
    }
    for (const answer of [
      'Technicienne support',
      'Léa a pris en charge',
      'Lyon 2e',
      'attestation-sécurité.pdf',
      '08/09/2025',
      '35,5',
      'Signé électroniquement',
      'Prise en main du réseau',
      'Note totale',
    ]) {
      expect(text).not.toContain(answer);
    }
  });
});

describe('renderQuestionnairePdf, logo and pictures', () => {
  it('renders page 1 as an image, and embeds a PNG logo in the band', async () => {
    const first = save(await renderQuestionnairePdf(fixtureInput(1)));
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', first, join(dir, 'page')]);
    const png = readdirSync(dir).find((name) => name.startsWith('page') && name.endsWith('.png'));
    if (!png) throw new Error('pdftoppm wrote no page');
    const logo = readFileSync(join(dir, png));
    expect(logo.subarray(1, 4).toString()).toBe('PNG');
    const input = fixtureInput(1);
    const withLogo = save(await renderQuestionnairePdf({ ...input, platform: { ...input.platform, logo, logoMime: 'image/png' } }));
    expect(execFileSync('pdfimages', ['-list', withLogo], { encoding: 'utf8' })).toMatch(/\n\s+1\s+\d+\s+image/);
  });

  it('prints the platform name when the logo is an SVG or unreadable', async () => {
    const input = fixtureInput(1);
    for (const platform of [
      { ...input.platform, logo: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), logoMime: 'image/svg+xml' },
      { ...input.platform, logo: Buffer.from('not a png'), logoMime: 'image/png' },
    ]) {
      const text = textOf(await renderQuestionnairePdf({ ...input, platform }));
      expect(text).toContain('CFA Campus Demo');
    }
  });
});
