import { profileTitlesByNumber } from '@lea/shared';

/** The printed words of the questionnaire PDF, in the caller's locale. */
const FR = {
  profiles: profileTitlesByNumber('fr'),
  filledBooklet: 'Livret d\'apprentissage',
  blankModel: 'Modèle vierge',
  trainingCourse: 'Formation',
  crew: 'Groupe',
  year: 'Année',
  category: 'Catégorie',
  yearValue: (year: number) => (year === 1 ? '1re année' : `${year}e année`),
  noAnswer: 'Non renseigné',
  file: 'Fichier joint',
  comment: 'Commentaire',
  mark: 'Note',
  totalMark: 'Note totale',
  question: 'Question',
  signatures: 'Signatures',
  signedElectronically: 'Signé électroniquement',
  signedOn: 'le',
  onBehalf: 'par',
  digest: 'Empreinte',
  notSigned: 'Non signé',
  name: 'Nom',
  date: 'Date',
  signature: 'Signature',
  page: (page: number, total: number) => `Page ${page} / ${total}`,
  generatedOn: (date: string) => `Document généré le ${date}`,
  notSet: '-',
};

export type PdfLabels = typeof FR;

const EN: PdfLabels = {
  profiles: profileTitlesByNumber('en'),
  filledBooklet: 'Apprenticeship booklet',
  blankModel: 'Blank model',
  trainingCourse: 'Training course',
  crew: 'Crew',
  year: 'Year',
  category: 'Category',
  yearValue: (year: number) => `Year ${year}`,
  noAnswer: 'No answer',
  file: 'Attached file',
  comment: 'Comment',
  mark: 'Mark',
  totalMark: 'Total mark',
  question: 'Question',
  signatures: 'Signatures',
  signedElectronically: 'Signed electronically',
  signedOn: 'on',
  onBehalf: 'by',
  digest: 'Digest',
  notSigned: 'Not signed',
  name: 'Name',
  date: 'Date',
  signature: 'Signature',
  page: (page: number, total: number) => `Page ${page} / ${total}`,
  generatedOn: (date: string) => `Generated on ${date}`,
  notSet: '-',
};

export function labelsFor(locale: 'fr' | 'en'): PdfLabels {
  return locale === 'en' ? EN : FR;
}

export function profileLabel(labels: PdfLabels, profile: number): string {
  return labels.profiles[profile] ?? String(profile);
}
