import { readFileSync } from 'node:fs';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillCategories, skills, trainingCourses } from '../../db/schema/index.js';
import { tokenFor } from '../../test/auth.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { competencesOf } from './rncp-parse.js';

const sample = (name: string) => readFileSync(new URL(`../../../../../docs/samples/${name}`, import.meta.url));

/** RNCP skill blocks from France Compétences' open data (issue 14 §5): XML flow and CSV variant. */
describe('manager area: RNCP import and repository removal', () => {
  let test: TestApp;
  const tokens: Record<string, string> = {};
  let courseId = 0;
  const call = (who: string, method: 'GET' | 'POST', path: string, payload?: unknown, locale = 'fr') =>
    test.app.inject({
      method,
      url: `/api/${locale}/app/lea-manager/${courseId}/skill${path}`,
      headers: { host: 'localhost', authorization: `Bearer ${tokens[who]}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = async (bytes: Buffer, name: string, who = 'manager', type = 'rncp') =>
    test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { host: 'localhost', authorization: `Bearer ${tokens[who]}` },
      payload: { data: bytes.toString('base64'), originalName: name, type },
    });
  const fileId = async (bytes: Buffer, name: string, who = 'manager') =>
    (await upload(bytes, name, who)).json().responses[0].object.id as number;
  beforeAll(async () => {
    test = await createTestApp();
    for (const who of ['manager', 'apprenti', 'admin']) tokens[who] = await tokenFor(test.app, who);
    const [course] = await test.app.ctx.db
      .select({ id: trainingCourses.id })
      .from(trainingCourses)
      .where(eq(trainingCourses.displayName, 'BTS SIO 2025-2027'));
    courseId = course!.id;
  });
  afterAll(async () => test?.close());

  it('cleans the HTML list of competences', () => {
    expect(competencesOf('<p>- Installer&nbsp;son poste<br/>• Maquetter</p><ul><li>Tester&#39;s</li></ul>')).toEqual([
      'Installer son poste',
      'Maquetter',
      "Tester's",
    ]);
  });

  it('accepts XML and CSV only in the rncp folder', async () => {
    expect((await upload(sample('rncp-export-fiches.xml'), 'fiches.xml', 'manager', 'upload')).json().hasError).toBe(true);
    expect((await upload(Buffer.from('MZ\u0000\u0000'), 'fiches.xml')).json().hasError).toBe(true);
    expect((await upload(sample('rncp-export-fiches.xml'), 'fiches.xml')).json().hasError).toBe(false);
  });

  it('lists the certifications of the file, then imports one block per category with its competences', async () => {
    const id = await fileId(sample('rncp-export-fiches.xml'), 'fiches.xml');
    const listed = await call('manager', 'GET', `/france-competence?file=${id}`);
    expect(listed.json().certifications).toEqual([
      { numero: 'RNCP35340', intitule: 'BTS - Services informatiques aux organisations', blocks: 2 },
      { numero: 'RNCP37989', intitule: 'Titre professionnel - Développeur web et web mobile', blocks: 1 },
    ]);
    const imported = await call('manager', 'POST', '/france-competence', { file: id, rncp: 'RNCP35340' });
    expect(imported.json()).toEqual({ hasError: false, message: '2 bloc(s) et 6 compétence(s) importés', categories: 2, skills: 6 });
    const [block] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.code, 'RNCP35340BC03'));
    expect(block).toMatchObject({ name: 'Cybersécurité des services informatiques', motherId: null, trainingCourseId: courseId });
    const names = (await test.app.ctx.db.select().from(skills).where(eq(skills.skillCategoryId, block!.id))).map((row) => row.name);
    expect(names).toEqual([
      'Protéger les données à caractère personnel',
      "Préserver l'identité numérique de l’organisation",
      'Sécuriser les équipements et les usages des utilisateurs',
    ]);
    // Twice adds nothing.
    expect((await call('manager', 'POST', '/france-competence', { file: id, rncp: 'RNCP35340' })).json()).toMatchObject({
      categories: 0,
      skills: 0,
    });
  });

  it('imports the CSV variant (BOM, quoted fields)', async () => {
    const id = await fileId(sample('rncp-export-blocs.csv'), 'blocs.csv');
    const imported = await call('manager', 'POST', '/france-competence', { file: id, rncp: 'rncp35340' }, 'en');
    expect(imported.json()).toEqual({ hasError: false, message: '2 block(s) and 5 skill(s) imported', categories: 2, skills: 5 });
    const [block] = await test.app.ctx.db.select().from(skillCategories).where(eq(skillCategories.code, 'RNCP35340BC05'));
    const names = (await test.app.ctx.db.select().from(skills).where(eq(skills.skillCategoryId, block!.id))).map((row) => row.name);
    expect(names).toEqual(['Analyser l’organisation de son activité', 'Exploiter une documentation "technique"']);
  });

  it('refuses a certification not in the file, someone else’s file, a triad member, bad input; writes nothing', async () => {
    const id = await fileId(sample('rncp-export-fiches.xml'), 'fiches.xml');
    const before = (await test.app.ctx.db.select().from(skillCategories)).length;
    const missing = await call('manager', 'POST', '/france-competence', { file: id, rncp: 'RNCP99999' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('La certification RNCP99999 ne figure pas dans ce fichier');
    const theirs = await fileId(sample('rncp-export-fiches.xml'), 'fiches.xml', 'admin');
    expect((await call('manager', 'POST', '/france-competence', { file: theirs, rncp: 'RNCP35340' })).statusCode).toBe(404);
    expect((await call('apprenti', 'POST', '/france-competence', { file: id, rncp: 'RNCP35340' })).statusCode).toBe(403);
    expect((await call('apprenti', 'GET', '/remove-repository')).statusCode).toBe(403);
    for (const body of [{ file: id, rncp: 'ABC' }, { file: 'x', rncp: 'RNCP1' }, { rncp: 'RNCP1' }]) {
      expect((await call('manager', 'POST', '/france-competence', body)).statusCode).toBe(400);
    }
    const csvNoColumns = await fileId(Buffer.from('a;b\n1;2\n'), 'vide.csv');
    expect((await call('manager', 'GET', `/france-competence?file=${csvNoColumns}`)).statusCode).toBe(400);
    expect((await test.app.ctx.db.select().from(skillCategories)).length).toBe(before);
  });

  it('removes the RNCP blocks never rated, and keeps the rated demo block', async () => {
    const removed = await call('manager', 'GET', '/remove-repository');
    expect(removed.json()).toMatchObject({ success: true, removed: 4 });
    const left = await test.app.ctx.db.select().from(skillCategories).where(like(skillCategories.code, 'RNCP%'));
    expect(left.map((row) => row.code)).toEqual(['RNCP35340BC01']);
  });
});
