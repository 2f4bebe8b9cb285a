import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormModel } from '@lea/shared';
import { companies, contracts, triads } from '../db/schema/index.js';
import { userIdOf } from '../test/auth.js';
import { durationInMonths } from './entities/contract.js';
import { managerClient, payloadOf, useManagerFixture } from './test-helpers.js';

describe('contract entity', () => {
  const fixture = useManagerFixture();
  let triadId: number;

  beforeAll(async () => {
    const [triad] = await fixture.test.app.ctx.db
      .select()
      .from(triads)
      .where(eq(triads.apprenticeId, await userIdOf(fixture.test.app, 'apprenti')));
    triadId = triad!.id;
  });

  const contractCount = async () => (await fixture.test.app.ctx.db.select({ n: count() }).from(contracts))[0]!.n;

  it('counts whole months, the end day included', () => {
    expect(durationInMonths('2025-09-01', '2027-08-31')).toBe(24);
    expect(durationInMonths('2025-09-01', '2026-01-15')).toBe(4);
    expect(durationInMonths('2025-09-15', '2025-10-14')).toBe(1);
    expect(durationInMonths('2025-09-01', null)).toBeNull();
  });

  it('lists the contracts of a triad with company, type, duration and people', async () => {
    const body = (await fixture.call('GET', `/contract/list/${triadId}`)).json();
    expect(body.count).toBe(1);
    // The list names its parent under its heading: the triad's apprentice.
    expect(body.subtitle).toMatch(/^Trinôme de \S+ \S+/);
    expect(body.columns.map((column: { key: string }) => column.key)).toEqual([
      'id',
      'contractNumber',
      'contractType',
      'company',
      'startDate',
      'endDate',
      'duration',
      'apprenticeMaster',
      'manager',
      'ruptureDate',
      'ruptureCause',
    ]);
    expect(body.data[0]).toMatchObject({
      contractType: "Contrat d'apprentissage",
      company: 'Atelier Numérique Rhône',
      startDate: '2025-09-01',
      endDate: '2027-08-31',
      duration: 24,
      apprenticeMaster: 'Dubois Nathalie',
      manager: 'Garnier Philippe',
    });
    expect((await fixture.call('GET', '/contract/list')).statusCode).toBe(404);
  });

  it('serves the tabbed form with the company tab and its discriminator', async () => {
    const model: FormModel = (await fixture.call('GET', `/contract/form/${triadId}`)).json();
    expect(model.tabs.map((tab) => tab.code)).toEqual(['contract', 'company']);
    const choice = model.tabs[1]!.fields[0]!;
    expect(choice).toMatchObject({ name: 'companyChoice', kind: 'radio', togglerTarget: 'company-', value: 'existing' });
    expect(model.tabs[1]!.fields.find((field) => field.name === 'companyName')!.toggleClass).toBe('company-new');
    expect(model.tabs[0]!.fields.find((field) => field.name === 'endDate')!.attributes.dateReference).toEqual({
      field: 'startDate',
      kind: 'day',
    });
    expect(model.tabs[0]!.fields.find((field) => field.name === 'apprenticeMaster')!.value).toBe(
      String(await userIdOf(fixture.test.app, 'maitre')),
    );
  });

  it('adds a contract with a new company (spec path), then edits it with a termination', async () => {
    const model: FormModel = (await fixture.call('GET', `/contract/form/${triadId}`)).json();
    const companiesBefore = (await fixture.test.app.ctx.db.select({ n: count() }).from(companies))[0]!.n;
    const created = await fixture.call(
      'POST',
      `/contract/${triadId}`,
      payloadOf(model, {
        contractNumber: 'CA-2026-0042',
        startDate: '2026-09-01',
        endDate: '2027-08-31',
        companyChoice: 'new',
        company: null,
        companyName: 'Nouvelle Entreprise SAS',
        city: 'Lyon',
      }),
    );
    expect(created.json()).toMatchObject({ hasError: false, message: 'Le contrat a été enregistré' });
    const id = created.json().responses[0].object.id;
    expect((await fixture.test.app.ctx.db.select({ n: count() }).from(companies))[0]!.n).toBe(companiesBefore + 1);
    const edit: FormModel = (await fixture.call('GET', `/contract/form/${triadId}/${id}`)).json();
    const values = Object.fromEntries(edit.tabs.flatMap((tab) => tab.fields.map((field) => [field.name, field.value])));
    expect(values).toMatchObject({ contractNumber: 'CA-2026-0042', startDate: '2026-09-01', companyChoice: 'existing' });
    const edited = await fixture.call(
      'PUT',
      `/contract/${triadId}/${id}`,
      payloadOf(edit, { ruptureDate: '2027-01-31', ruptureCause: 'Démission' }),
    );
    expect(edited.json().hasError).toBe(false);
    const [row] = await fixture.test.app.ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ ruptureDate: '2027-01-31', ruptureCause: 'Démission', contractNumber: 'CA-2026-0042' });
    expect((await fixture.call('GET', `/contract/list/${triadId}`)).json().count).toBe(2);
  });

  it('refuses dates out of order and a company of the list that is not offered, writing nothing', async () => {
    const model: FormModel = (await fixture.call('GET', `/contract/form/${triadId}`)).json();
    const before = await contractCount();
    const company = model.tabs[1]!.fields.find((field) => field.name === 'company')!.choices![0]!.value;
    const dates = await fixture.call(
      'POST',
      `/contract/post/${triadId}`,
      payloadOf(model, { company, startDate: '2026-09-01', endDate: '2026-08-31', ruptureDate: '2026-01-01' }),
    );
    expect(dates.json().responses[0].validationErrors).toEqual([
      { field: 'endDate', message: 'La date de fin doit être postérieure à la date de début' },
      { field: 'ruptureDate', message: 'La date de rupture ne peut pas précéder la date de début' },
    ]);
    const missing = await fixture.call('POST', `/contract/${triadId}`, payloadOf(model, { startDate: null, company: '999999' }));
    expect(missing.json().responses[0].validationErrors).toEqual([
      { field: 'startDate', message: 'Ce champ est obligatoire' },
      { field: 'company', message: 'Merci de choisir une valeur de la liste' },
    ]);
    const newCompany = await fixture.call(
      'POST',
      `/contract/${triadId}`,
      payloadOf(model, { startDate: '2026-09-01', companyChoice: 'new', companyName: '' }),
    );
    expect(newCompany.json().responses[0].validationErrors).toEqual([{ field: 'companyName', message: 'Ce champ est obligatoire' }]);
    expect(await contractCount()).toBe(before);
  });

  it('copies and deletes a contract; another course reaches none of them', async () => {
    const [first] = (await fixture.call('GET', `/contract/list/${triadId}`)).json().data;
    const copy = await fixture.call('POST', `/contract/copy/${first.id}`);
    expect(copy.json()).toMatchObject({ success: true });
    expect((await fixture.call('GET', `/contract/list/${triadId}`)).json().count).toBe(3);
    expect((await fixture.call('DELETE', `/contract/delete/${copy.json().id}`)).json()).toMatchObject({ success: true });

    const own = managerClient(fixture.test.app, fixture.other.courseId, fixture.other.managerToken);
    expect((await own('GET', `/contract/list/${triadId}`)).statusCode).toBe(404);
    expect((await own('GET', `/contract/form/${triadId}/${first.id}`)).statusCode).toBe(404);
    expect((await own('DELETE', `/contract/delete/${first.id}`)).statusCode).toBe(404);
    expect((await own('POST', `/contract/${triadId}`, [])).statusCode).toBe(404);
    const outsider = managerClient(fixture.test.app, fixture.courseId, fixture.other.managerToken);
    expect((await outsider('GET', `/contract/list/${triadId}`)).statusCode).toBe(403);
    expect((await fixture.call('GET', `/contract/form/${fixture.other.crewId}/${first.id}`)).statusCode).toBe(404);
    expect((await fixture.call('GET', `/contract/list/${triadId}`)).json().count).toBe(2);
  });
});
