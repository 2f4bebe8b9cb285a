import { describe, expect, it } from 'vitest';
import { FormModel } from '@lea/shared';
import { normalizeDateValue, raiseToMinimum, referenceMinimum } from './dates';
import { buildPayload, computeVisibility, initialValues, mapServerErrors, settleValues, validateValues, withExclusive } from './form-state';

const model = FormModel.parse({
  tabs: [
    {
      code: 'general',
      label: 'Général',
      fields: [
        {
          id: 'u_kind',
          name: 'kind',
          label: 'Type',
          kind: 'select',
          togglerTarget: 'kind-',
          value: 'company',
          choices: [
            { value: 'company', label: 'Entreprise' },
            { value: 'school', label: 'École' },
          ],
        },
        { id: 'u_siret', name: 'siret', label: 'Siret', kind: 'text', required: true, toggleClass: 'kind-company', value: '123' },
        {
          id: 'u_uai',
          name: 'uai',
          label: 'UAI',
          kind: 'text',
          required: true,
          toggleClass: 'kind-school',
          value: 'kept',
          attributes: { keepValueWhenHidden: true },
        },
        { id: 'u_start', name: 'startDate', label: 'Début', kind: 'date', value: '2024-03-10T00:00:00+00:00' },
        {
          id: 'u_end',
          name: 'endDate',
          label: 'Fin',
          kind: 'date',
          value: '2024-03-01',
          attributes: { dateReference: { field: 'startDate', kind: 'day' } },
        },
        { id: 'u_token', name: 'token', label: 'Jeton', kind: 'hidden', value: 'abc' },
      ],
    },
    {
      code: 'company',
      label: 'Entreprise',
      toggleClass: 'kind-company',
      fields: [{ id: 'c_name', name: 'name', label: 'Nom', kind: 'text', required: true }],
    },
  ],
});

describe('togglers (spec 1 §4.5)', () => {
  it('shows the matching class, hides the others and clears what they hide unless kept', () => {
    const values = initialValues(model);
    let visibility = computeVisibility(model, values);
    expect(visibility.hiddenFields.has('u_siret')).toBe(false);
    expect(visibility.hiddenFields.has('u_uai')).toBe(true);
    expect(values.u_uai).toBe('kept');

    const school = settleValues(model, { ...values, u_kind: 'school' });
    visibility = computeVisibility(model, school);
    expect(visibility.hiddenFields.has('u_siret')).toBe(true);
    expect(visibility.hiddenTabs.has('company')).toBe(true);
    expect(school.u_siret).toBe('');
    expect(school.u_uai).toBe('kept');
  });

  it('skips hidden fields and hidden tabs in validation and in the payload', () => {
    const school = settleValues(model, { ...initialValues(model), u_kind: 'school', u_uai: '' });
    const visibility = computeVisibility(model, school);
    expect(validateValues(model, school, visibility)).toEqual({ u_uai: 'Ce champ est obligatoire' });
    expect(buildPayload(model, school, visibility).map((entry) => entry.code)).toEqual(['general']);
  });
});

describe('date references (spec 1 §4.5)', () => {
  it('raises a value lower than the referenced date', () => {
    const values = initialValues(model);
    expect(values.u_start).toBe('2024-03-10');
    expect(values.u_end).toBe('2024-03-10');
    const later = settleValues(model, { ...values, u_start: '2024-04-02' });
    expect(later.u_end).toBe('2024-04-02');
    const untouched = settleValues(model, { ...later, u_end: '2024-05-01' });
    expect(untouched.u_end).toBe('2024-05-01');
  });

  it('holds date-times and times to the referenced day, hour or date-hour', () => {
    expect(referenceMinimum('datetime', '2024-03-10 14:30', 'datehour')).toBe('2024-03-10 14:30');
    expect(raiseToMinimum('datetime', '2024-03-10 09:00', '2024-03-10 14:30', 'datehour')).toBe('2024-03-10 14:30');
    const dayOnly = referenceMinimum('datetime', '2024-03-10', 'day');
    expect(raiseToMinimum('datetime', '2024-03-01 09:15', dayOnly, 'day')).toBe('2024-03-10 09:15');
    expect(raiseToMinimum('datetime', '2024-03-12 07:00', dayOnly, 'day')).toBe('2024-03-12 07:00');
    expect(referenceMinimum('time', '2024-03-10 14:30', 'hour')).toBe('14:30');
    expect(raiseToMinimum('time', '08:00', '14:30', 'hour')).toBe('14:30');
    expect(raiseToMinimum('time', null, '14:30', 'hour')).toBeNull();
  });

  it('normalises server date values to the wire formats', () => {
    expect(normalizeDateValue('datetime', '2024-01-01T11:00:00')).toBe('2024-01-01 11:00');
    expect(normalizeDateValue('date', '15/03/2024')).toBe('2024-03-15');
    expect(normalizeDateValue('time', '8:05')).toBe('08:05');
    expect(normalizeDateValue('date', 'not a date')).toBeNull();
  });
});

describe('payload and server errors', () => {
  it('builds one {code, form} entry per shown tab with values by field name', () => {
    const values = initialValues(model);
    expect(buildPayload(model, values, computeVisibility(model, values))).toEqual([
      {
        code: 'general',
        form: { kind: 'company', siret: '123', uai: 'kept', startDate: '2024-03-10', endDate: '2024-03-10', token: 'abc' },
      },
      { code: 'company', form: { name: '' } },
    ]);
  });

  it('puts server errors on fields named by name, id or tab code and keeps the others', () => {
    expect(
      mapServerErrors(model, [
        { field: 'name', message: 'Déjà utilisé' },
        { field: 'u_siret', message: 'Siret inconnu' },
        { field: 'general.uai', message: 'UAI inconnu' },
        { field: 'global', message: 'Erreur' },
      ]),
    ).toEqual({
      byField: { c_name: 'Déjà utilisé', u_siret: 'Siret inconnu', u_uai: 'UAI inconnu' },
      unmatched: [{ field: 'global', message: 'Erreur' }],
    });
  });
});

describe('exclusive checkboxes', () => {
  const roles = FormModel.parse({
    tabs: [
      {
        code: 'role',
        label: 'Rôle',
        fields: ['isAdmin', 'isUser', 'isLeaManager'].map((name) => ({
          id: `user_${name}`,
          name,
          label: name,
          kind: 'checkbox',
          attributes: { exclusiveGroup: 'role' },
        })),
      },
    ],
  });

  it('ticking one role flag unticks the other two; unticking one leaves the others', () => {
    const start = { user_isAdmin: false, user_isUser: true, user_isLeaManager: false };
    expect(withExclusive(roles, { ...start, user_isAdmin: true }, 'user_isAdmin')).toEqual({
      user_isAdmin: true,
      user_isUser: false,
      user_isLeaManager: false,
    });
    expect(withExclusive(roles, { ...start, user_isUser: false }, 'user_isUser')).toEqual({ ...start, user_isUser: false });
  });
});
