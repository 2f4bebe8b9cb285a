import type { InfoBlocks, ModuleMenuEntry } from '../db/schema/index.js';

export const DEMO_PASSWORD = 'Demo-Lea-2026!';

export const DEMO_COLORS = { principal: '#1c5d99', secondary: '#f08c00' } as const;

/** The platform's own texts (spec 1 §3.2), the same in every locale. */
export const DEMO_PLATFORM_TEXTS = {
  hostname: 'localhost',
  name: 'CFA Campus Demo',
  presentation:
    "<h2>Bienvenue sur le livret d'apprentissage du CFA Campus Demo</h2>" +
    "<p>Apprentis, tuteurs pédagogiques et maîtres d'apprentissage suivent ici, ensemble, la formation en alternance : " +
    'questionnaires à compléter et signer, compétences, absences, documents et messagerie.</p>',
  legalNotice:
    '<h2>Mentions légales</h2><p>Éditeur : CFA Campus Demo, 12 rue des Alternants, 69003 Lyon. ' +
    'Directrice de la publication : Mme Hélène Rousseau. Hébergement : serveurs du CFA, France.</p>',
  termOfService:
    "<h2>Conditions générales d'utilisation</h2><p>Le livret électronique est réservé aux membres des trinômes " +
    'et au personnel du CFA. Chaque utilisateur est responsable de la confidentialité de son mot de passe.</p>',
  learnerPrivacy:
    '<h2>Confidentialité : apprenti</h2><p>Vos données (identité, coordonnées, évaluations) sont traitées par le CFA ' +
    'pour le suivi de votre formation et conservées trois ans après la fin du contrat.</p>',
  professionalTutorPrivacy:
    "<h2>Confidentialité : maître d'apprentissage</h2><p>Vos coordonnées professionnelles servent au suivi de " +
    "l'apprenti et aux échanges avec le CFA ; elles ne sont jamais transmises à des tiers.</p>",
  pedagogicTutorPrivacy:
    "<h2>Confidentialité : tuteur pédagogique</h2><p>Vos données sont utilisées pour l'organisation du suivi " +
    'pédagogique et des visites en entreprise.</p>',
  homeAlert: "<p><strong>Rentrée 2025 :</strong> pensez à signer le questionnaire d'intégration avant le 15 octobre.</p>",
  helpContactEmail: 'assistance.livret@example.com',
  helpContact: '<p>Service relations entreprises : 04 72 00 00 00, du lundi au vendredi de 9 h à 17 h.</p>',
} as const;

export const DEMO_MENU: ModuleMenuEntry[] = [
  { code: 'MODULE_LEA_DOCUMENT', title: 'Documents', icon: 'IconFolder' },
  { code: 'MODULE_LEA_SKILL', title: 'Compétences', icon: 'IconChecklist' },
  { code: 'MODULE_LEA_QUESTIONNAIRE', title: 'Questionnaires', icon: 'IconClipboardList' },
  { code: 'MODULE_LEA_ABSENCE', title: 'Absences et planning', icon: 'IconCalendar' },
  { code: 'MODULE_LEA_MESSAGE', title: 'Messagerie', icon: 'IconMail' },
  { code: 'MODULE_LEA_COURSE', title: 'Cours', icon: 'IconBook' },
  { code: 'MODULE_LEA_NOTEPAD', title: 'Bloc-notes', icon: 'IconNotes' },
  { code: 'MODULE_LEA_WEBLINKS', title: 'Liens utiles', icon: 'IconLink' },
  { code: 'MODULE_LEA_GRADEBOOK', title: 'Carnets de notes', icon: 'IconSchool' },
  { code: 'MODULE_LEA_ATTESTATION', title: 'Attestations', icon: 'IconCertificate' },
];

export function demoInfoBlocks(courseName: string): InfoBlocks {
  return {
    presentation: {
      display: true,
      blockName: 'Présentation',
      content: `<p>Le ${courseName} forme en deux ans des techniciens supérieurs en alternance (2 semaines au CFA, 2 semaines en entreprise).</p>`,
    },
    contact: {
      display: true,
      blockName: 'Contacts',
      content: '<p>Responsable de formation : Sophie Laurent, sophie.laurent@example.com</p>',
    },
    partner: {
      display: true,
      blockName: 'Partenaires',
      content:
        "<p>La formation est financée par l'OPCO Atlas et soutenue par la Région Auvergne-Rhône-Alpes.</p><ul><li>OPCO Atlas : prise en charge du contrat</li><li>Région Auvergne-Rhône-Alpes : aide au premier équipement</li></ul>",
    },
    communication: {
      display: true,
      blockName: 'Informations',
      content: '<p>Les visites en entreprise ont lieu entre novembre et janvier.</p>',
    },
  };
}

export type DemoPerson = {
  username: string;
  firstName: string;
  lastName: string;
  type: 'tutor' | 'apprentice_master' | 'lea_manager' | 'apprentice' | null;
  roles: string[];
  description: string;
  city?: string;
};

const user = ['ROLE_LEA_USER'];

/** Every demo account; the order is the order printed at start. */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    username: 'admin',
    firstName: 'Claire',
    lastName: 'Morel',
    type: null,
    roles: ['ROLE_LEA_ADMIN', 'ROLE_LEA_USER'],
    description: 'administrator (ROLE_LEA_ADMIN)',
  },
  {
    username: 'manager',
    firstName: 'Sophie',
    lastName: 'Laurent',
    type: 'lea_manager',
    roles: user,
    description: 'manager of both training courses (profile 4)',
  },
  {
    username: 'apprenti',
    firstName: 'Lucas',
    lastName: 'Martin',
    type: 'apprentice',
    roles: user,
    description: 'apprentice (profile 1) of the first triad',
    city: 'Villeurbanne',
  },
  {
    username: 'tuteur',
    firstName: 'Julien',
    lastName: 'Bernard',
    type: 'tutor',
    roles: user,
    description: 'pedagogic tutor (profile 2) of triads 1, 2 and of the archived course',
  },
  {
    username: 'maitre',
    firstName: 'Nathalie',
    lastName: 'Dubois',
    type: 'apprentice_master',
    roles: user,
    description: 'apprenticeship master (profile 3) of triads 1, 3 and of the archived course',
  },
  {
    username: 'apprenti2',
    firstName: 'Emma',
    lastName: 'Petit',
    type: 'apprentice',
    roles: user,
    description: 'apprentice of the second triad',
  },
  {
    username: 'apprenti3',
    firstName: 'Hugo',
    lastName: 'Durand',
    type: 'apprentice',
    roles: user,
    description: 'apprentice of the third triad (crew B)',
  },
  {
    username: 'apprenti4',
    firstName: 'Léa',
    lastName: 'Moreau',
    type: 'apprentice',
    roles: user,
    description: 'apprentice of the fourth triad (crew B)',
  },
  {
    username: 'apprenti5',
    firstName: 'Chloé',
    lastName: 'Lefebvre',
    type: 'apprentice',
    roles: user,
    description: 'apprentice of an inactive triad of the first course',
  },
  {
    username: 'apprenti6',
    firstName: 'Thomas',
    lastName: 'Roux',
    type: 'apprentice',
    roles: user,
    description: 'apprentice of the archived course',
  },
  {
    username: 'tuteur2',
    firstName: 'Isabelle',
    lastName: 'Fournier',
    type: 'tutor',
    roles: user,
    description: 'pedagogic tutor of triads 3, 4 and of the inactive triad; second tutor of triad 1',
  },
  {
    username: 'maitre2',
    firstName: 'Marc',
    lastName: 'Girard',
    type: 'apprentice_master',
    roles: user,
    description: 'apprenticeship master of triads 2, 4 and of the inactive triad',
  },
  {
    username: 'dirigeant',
    firstName: 'Philippe',
    lastName: 'Garnier',
    type: 'apprentice_master',
    roles: user,
    description: 'company manager of the first triad',
  },
  {
    username: 'parent',
    firstName: 'Catherine',
    lastName: 'Martin',
    type: null,
    roles: user,
    description: 'parent of the first apprentice (secondary user typed 1)',
  },
];

/** Triads of the demo: usernames per member; `course` 0 is the active course, 1 the archived one. */
export const DEMO_TRIADS = [
  {
    course: 0,
    crew: 0,
    apprentice: 'apprenti',
    tutor: 'tuteur',
    tutor2: 'tuteur2',
    master: 'maitre',
    companyManager: 'dirigeant',
    company: 0,
    active: true,
  },
  {
    course: 0,
    crew: 0,
    apprentice: 'apprenti2',
    tutor: 'tuteur',
    tutor2: null,
    master: 'maitre2',
    companyManager: null,
    company: 1,
    active: true,
  },
  {
    course: 0,
    crew: 1,
    apprentice: 'apprenti3',
    tutor: 'tuteur2',
    tutor2: null,
    master: 'maitre',
    companyManager: null,
    company: 0,
    active: true,
  },
  {
    course: 0,
    crew: 1,
    apprentice: 'apprenti4',
    tutor: 'tuteur2',
    tutor2: null,
    master: 'maitre2',
    companyManager: null,
    company: 1,
    active: true,
  },
  {
    course: 0,
    crew: 1,
    apprentice: 'apprenti5',
    tutor: 'tuteur2',
    tutor2: null,
    master: 'maitre2',
    companyManager: null,
    company: 2,
    active: false,
  },
  {
    course: 1,
    crew: null,
    apprentice: 'apprenti6',
    tutor: 'tuteur',
    tutor2: null,
    master: 'maitre',
    companyManager: null,
    company: 2,
    active: true,
  },
] as const;

export const DEMO_COMPANIES = [
  { companyName: 'Atelier Numérique Rhône', siretNumber: '81234567800015', address1: '8 quai Perrache', postCode: '69002', city: 'Lyon' },
  {
    companyName: 'Boulangerie Informatique SARL',
    siretNumber: '52345678900021',
    address1: '14 avenue Jean Jaurès',
    postCode: '69007',
    city: 'Lyon',
  },
  {
    companyName: 'Transports Vallée du Gier',
    siretNumber: '43456789000034',
    address1: '3 rue de la Gare',
    postCode: '42800',
    city: 'Rive-de-Gier',
  },
] as const;

/** Lower-case ASCII e-mail local part, e.g. "Léa Moreau" → "lea.moreau". */
export function emailOf(firstName: string, lastName: string): string {
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '-');
  return `${ascii(firstName)}.${ascii(lastName)}@example.com`;
}

/**
 * How the seed names its people. The demo keeps the names above; an end-to-end fixture seeds the
 * same course again for people of its own (apps/server/src/e2e/), whose usernames and addresses
 * must not meet the demo's.
 */
export type DemoNaming = { username: (base: string) => string; email: (firstName: string, lastName: string) => string };

export const DEMO_NAMING: DemoNaming = { username: (base) => base, email: emailOf };
