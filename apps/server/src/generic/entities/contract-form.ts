import type { FieldChoice } from '@lea/shared';
import { choicesOf, type FieldSpec, type TabSpec } from '../form-builder.js';
import { profileLabel } from '../text.js';
import type { Locale, Text } from '../types.js';

const NEW_COMPANY = 'company-new';

const companyField = (name: string, label: Text, required = false): FieldSpec => ({
  name,
  kind: 'text',
  label,
  required,
  toggleClass: NEW_COMPANY,
});

/**
 * The contract form: the contract tab, then the company tab whose discriminator (`companyChoice`,
 * a toggler) shows either the list of the platform's companies or the fields of a new company.
 */
export function contractTabs(
  locale: Locale,
  choices: { types: FieldChoice[]; companies: FieldChoice[]; people: FieldChoice[] },
): TabSpec[] {
  const afterStart = { dateReference: { field: 'startDate', kind: 'day' as const } };
  return [
    {
      code: 'contract',
      label: 'backOffice.contract.tab',
      fields: [
        { name: 'contractNumber', kind: 'text', label: 'backOffice.contract.contractNumber' },
        { name: 'contractType', kind: 'select', label: 'backOffice.contract.type', choices: choices.types },
        { name: 'startDate', kind: 'date', label: 'backOffice.contract.startDate', required: true },
        { name: 'endDate', kind: 'date', label: 'backOffice.contract.endDate', attributes: afterStart },
        { name: 'apprenticeMaster', kind: 'select', label: profileLabel(3), choices: choices.people },
        { name: 'manager', kind: 'select', label: profileLabel('companyManager'), choices: choices.people },
        { name: 'ruptureDate', kind: 'date', label: 'backOffice.contract.ruptureDate', attributes: afterStart },
        { name: 'ruptureCause', kind: 'textarea', label: 'backOffice.contract.ruptureCause' },
      ],
    },
    {
      code: 'company',
      label: 'backOffice.word.company',
      fields: [
        {
          name: 'companyChoice',
          kind: 'radio',
          label: 'backOffice.word.company',
          required: true,
          choices: choicesOf(locale, [
            { value: 'existing', label: 'backOffice.contract.pickCompany' },
            { value: 'new', label: 'backOffice.contract.newCompany' },
          ]),
          togglerTarget: 'company-',
        },
        {
          name: 'company',
          kind: 'select',
          label: 'backOffice.contract.existingCompany',
          required: true,
          choices: choices.companies,
          toggleClass: 'company-existing',
        },
        companyField('companyName', 'backOffice.contract.companyName', true),
        companyField('siretNumber', 'backOffice.word.siret'),
        companyField('address1', 'backOffice.word.address'),
        companyField('address2', 'backOffice.contract.address2'),
        companyField('postCode', 'backOffice.word.postCode'),
        companyField('city', 'backOffice.word.city'),
      ],
    },
  ];
}
