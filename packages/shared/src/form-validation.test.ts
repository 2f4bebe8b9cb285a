import { describe, expect, it } from 'vitest';
import { FormField, FormModel, type FieldAttributes, type FieldKind } from './contracts/form-model.js';
import {
  isFieldValueEmpty,
  toggledVisibility,
  validateField,
  validateFileSelection,
  validateFormPayload,
  validateTranslations,
} from './form-validation.js';

const REQUIRED = 'Ce champ est obligatoire';

function field(kind: FieldKind, options: { required?: boolean; disabled?: boolean; attributes?: FieldAttributes } = {}): FormField {
  return FormField.parse({ id: `f_${kind}`, name: kind, label: kind, kind, ...options });
}

describe('validateField: required (spec 1 §5.1)', () => {
  const emptyByKind: [FieldKind, unknown][] = [
    ['text', ''],
    ['text', '   '],
    ['textarea', ''],
    ['phone', undefined],
    ['editor', '<p></p>'],
    ['editor', '<p><br></p>'],
    ['radio', null],
    ['date', ''],
    ['datetime', null],
    ['time', ''],
    ['select', ''],
    ['number', ''],
    ['email', ''],
    ['password', ''],
    ['multiselect', []],
    ['remoteselect', []],
    ['checkboxgroup', []],
    ['checkbox', false],
    ['file', null],
    ['file', { originalName: 'a.pdf' }],
    ['file', []],
    ['color', ''],
  ];
  it.each(emptyByKind)('a required %s holding %j answers the required message', (kind, value) => {
    expect(validateField(field(kind, { required: true }), value, {})).toBe(REQUIRED);
  });

  it.each(emptyByKind)('an optional empty %s is valid', (kind, value) => {
    expect(validateField(field(kind), value, {})).toBeNull();
  });

  it('accepts filled values, a file with an id and a checkbox group with one choice', () => {
    expect(validateField(field('text', { required: true }), 'Dupont', {})).toBeNull();
    expect(validateField(field('editor', { required: true }), '<p>Bonjour</p>', {})).toBeNull();
    expect(validateField(field('file', { required: true }), { id: 3, originalName: 'a.pdf' }, {})).toBeNull();
    expect(validateField(field('checkboxgroup', { required: true }), ['a'], {})).toBeNull();
    expect(validateField(field('number', { required: true }), 0, {})).toBeNull();
  });

  it('never reports disabled or hidden-kind fields', () => {
    expect(validateField(field('text', { required: true, disabled: true }), '', {})).toBeNull();
    expect(validateField(field('hidden', { required: true }), '', {})).toBeNull();
  });
});

describe('validateField: formats (spec 1 §5.1)', () => {
  it.each(['12', '-3', '+4', '2.5', '2,5', '-0,75'])('accepts the number %s', (value) => {
    expect(validateField(field('number'), value, {})).toBeNull();
  });
  it.each(['abc', '1.', '1,2,3', '1e3', '--1'])('rejects the number %s', (value) => {
    expect(validateField(field('number'), value, {})).toBe('Merci de saisir un chiffre entier ou décimal');
  });

  it('checks e-mail addresses', () => {
    expect(validateField(field('email'), 'jean.dupont@example.fr', {})).toBeNull();
    expect(validateField(field('email'), 'jean.dupont@', {})).toBe('Merci de saisir une adresse email conforme');
  });

  it('checks phone numbers only when one is given', () => {
    expect(validateField(field('phone'), '06 12 34 56 78', {})).toBeNull();
    expect(validateField(field('phone'), '+33612345678', {})).toBeNull();
    expect(validateField(field('phone'), '12ab', {})).toBe('Merci de saisir un numéro de téléphone conforme');
    expect(validateField(field('phone'), '', {})).toBeNull();
  });

  it('checks tag counts against the minimum and maximum', () => {
    const tags = field('multiselect', { attributes: { minTags: 2, maxTags: 3 } });
    expect(validateField(tags, ['a'], {})).toBe('Veuillez respecter le nombre minimum de valeur (2)');
    expect(validateField(tags, ['a', 'b', 'c', 'd'], {})).toBe('Veuillez respecter le nombre maximum de valeur (3)');
    expect(validateField(tags, ['a', 'b'], {})).toBeNull();
    const remote = field('remoteselect', { attributes: { maxTags: 1 } });
    expect(validateField(remote, ['1', '2'], {})).toBe('Veuillez respecter le nombre maximum de valeur (1)');
  });

  it('asks for a 12-character password with every character class', () => {
    const message =
      'Veuillez saisir un mot de passe comportant 12 caractères minimum dont une minuscule, une majuscule, un chiffre et un caractère spécial';
    expect(validateField(field('password'), 'Short1!', {})).toBe(message);
    expect(validateField(field('password'), 'nouppercase12!', {})).toBe(message);
    expect(validateField(field('password'), 'NoSpecialChar12', {})).toBe(message);
    expect(validateField(field('password'), 'Val1d-Passw0rd', {})).toBeNull();
  });

  it('asks both passwords to be identical', () => {
    const confirmation = field('password', { attributes: { equalTo: 'plainPassword' } });
    expect(validateField(confirmation, 'Val1d-Passw0rd', { plainPassword: 'Other-Passw0rd' })).toBe(
      'Les deux mots de passe doivent être identiques',
    );
    expect(validateField(confirmation, 'Val1d-Passw0rd', { plainPassword: 'Val1d-Passw0rd' })).toBeNull();
  });
});

describe('translatable fields', () => {
  const title = field('translatable', { required: true, attributes: { languages: ['fr', 'en'] } });
  it('validates each language on its own', () => {
    expect(validateTranslations(title, { fr: 'Titre', en: '' })).toEqual({ fr: null, en: REQUIRED });
    expect(validateField(title, { fr: 'Titre', en: '' }, {})).toBe(REQUIRED);
    expect(validateField(title, { fr: 'Titre', en: 'Title' }, {})).toBeNull();
    expect(isFieldValueEmpty(title, { fr: '', en: '' })).toBe(true);
  });
});

describe('validateFileSelection (spec 1 §5.2)', () => {
  it('answers the default format message for a forbidden extension', () => {
    expect(validateFileSelection(field('file'), { name: 'virus.exe', size: 10 })).toBe(
      'Veuillez choisir un fichier de type pdf, doc, xls, xslx, csv, docx, jpeg, bmp, gif ou png',
    );
  });
  it('answers the configured message and honours configured extensions', () => {
    const images = field('file', { attributes: { allowedExtensions: ['.PNG'], fileMessage: 'Image PNG seulement' } });
    expect(validateFileSelection(images, { name: 'photo.jpg', size: 10 })).toBe('Image PNG seulement');
    expect(validateFileSelection(images, { name: 'photo.png', size: 10 })).toBeNull();
  });
  it('answers file_size_error with the size in Mo, capped by the hard maximum', () => {
    expect(validateFileSelection(field('file'), { name: 'a.pdf', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Veuillez choisir un fichier de moins de 5 Mo',
    );
    expect(validateFileSelection(field('file'), { name: 'a.pdf', size: 5 * 1024 * 1024 })).toBeNull();
    const huge = field('file', { attributes: { maxFileBytes: 50 * 1024 * 1024 } });
    expect(validateFileSelection(huge, { name: 'a.pdf', size: 10485761 })).toBe('Veuillez choisir un fichier de moins de 10 Mo');
  });
});

describe('togglers and payload validation (spec 1 §4.5)', () => {
  it('shows the class matching target plus value and hides the other classes of the target', () => {
    const togglers = [{ target: 'contract-', value: 'company' }];
    expect(toggledVisibility('contract-company', togglers)).toBe(true);
    expect(toggledVisibility('contract-school', togglers)).toBe(false);
    expect(toggledVisibility('other', togglers)).toBeNull();
    expect(toggledVisibility('flag-1', [{ target: 'flag-', value: true }])).toBe(true);
  });

  const model = FormModel.parse({
    tabs: [
      {
        code: 'main',
        label: 'Main',
        fields: [
          { id: 'kind', name: 'kind', label: 'Kind', kind: 'select', togglerTarget: 'kind-' },
          { id: 'siret', name: 'siret', label: 'Siret', kind: 'text', required: true, toggleClass: 'kind-company' },
          { id: 'email', name: 'email', label: 'Email', kind: 'email', required: true },
        ],
      },
      {
        code: 'company',
        label: 'Company',
        toggleClass: 'kind-company',
        fields: [{ id: 'name', name: 'name', label: 'Name', kind: 'text', required: true }],
      },
    ],
  });

  it('skips fields and tabs hidden by a toggler and reports the others by name', () => {
    expect(validateFormPayload(model, [{ code: 'main', form: { kind: 'school', email: 'bad' } }])).toEqual([
      { field: 'email', message: 'Merci de saisir une adresse email conforme' },
    ]);
    expect(validateFormPayload(model, [{ code: 'main', form: { kind: 'company', email: 'a@b.fr' } }])).toEqual([
      { field: 'siret', message: REQUIRED },
      { field: 'name', message: REQUIRED },
    ]);
  });
});
