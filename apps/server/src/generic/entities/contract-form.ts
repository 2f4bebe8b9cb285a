import type { FieldChoice } from '@lea/shared';
import { choicesOf, type TabSpec } from '../form-builder.js';
import type { Locale } from '../types.js';

const NEW_COMPANY = 'company-new';

const companyField = (name: string, fr: string, en: string, required = false) => ({
  name,
  kind: 'text' as const,
  label: { fr, en },
  required,
  toggleClass: NEW_COMPANY,
});

/**
 * The contract form: the contract tab, then the company tab whose discriminator (`companyChoice`,
 * a toggler) shows either the list of the platform's companies or the fields of a new company.
 */
export function contractTabs(locale: Locale, choices: { types: FieldChoice[]; companies: FieldChoice[]; people: FieldChoice[] }): TabSpec[] {
  const afterStart = { dateReference: { field: 'startDate', kind: 'day' as const } };
  return [
    {
      code: 'contract',
      label: { fr: 'Contrat', en: 'Contract' },
      fields: [
        { name: 'contractNumber', kind: 'text', label: { fr: 'Numéro de contrat', en: 'Contract number' } },
        { name: 'contractType', kind: 'select', label: { fr: 'Type de contrat', en: 'Contract type' }, choices: choices.types },
        { name: 'startDate', kind: 'date', label: { fr: 'Date de début', en: 'Start date' }, required: true },
        { name: 'endDate', kind: 'date', label: { fr: 'Date de fin', en: 'End date' }, attributes: afterStart },
        { name: 'apprenticeMaster', kind: 'select', label: { fr: "Maître d'apprentissage", en: 'Apprenticeship master' }, choices: choices.people },
        { name: 'manager', kind: 'select', label: { fr: 'Dirigeant', en: 'Company manager' }, choices: choices.people },
        { name: 'ruptureDate', kind: 'date', label: { fr: 'Date de rupture', en: 'Termination date' }, attributes: afterStart },
        { name: 'ruptureCause', kind: 'textarea', label: { fr: 'Motif de rupture', en: 'Termination cause' } },
      ],
    },
    {
      code: 'company',
      label: { fr: 'Entreprise', en: 'Company' },
      fields: [
        {
          name: 'companyChoice',
          kind: 'radio',
          label: { fr: 'Entreprise', en: 'Company' },
          required: true,
          choices: choicesOf(locale, [
            { value: 'existing', label: { fr: 'Choisir une entreprise existante', en: 'Pick an existing company' } },
            { value: 'new', label: { fr: 'Créer une nouvelle entreprise', en: 'Create a new company' } },
          ]),
          togglerTarget: 'company-',
        },
        { name: 'company', kind: 'select', label: { fr: 'Entreprise existante', en: 'Existing company' }, required: true, choices: choices.companies, toggleClass: 'company-existing' },
        companyField('companyName', 'Raison sociale', 'Company name', true),
        companyField('siretNumber', 'SIRET', 'SIRET'),
        companyField('address1', 'Adresse', 'Address'),
        companyField('address2', "Complément d'adresse", 'Address line 2'),
        companyField('postCode', 'Code postal', 'Post code'),
        companyField('city', 'Ville', 'City'),
      ],
    },
  ];
}
