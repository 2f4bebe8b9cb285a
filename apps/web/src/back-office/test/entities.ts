import type { EntityDescription } from '@lea/shared';

const can = (more: Partial<EntityDescription['can']> = {}): EntityDescription['can'] => ({
  list: true,
  add: true,
  edit: true,
  remove: true,
  sort: false,
  move: false,
  copy: false,
  import: false,
  export: false,
  singleton: false,
  ...more,
});

const titles = (list: string, add: string, edit: string, back: string, more: Partial<EntityDescription['titles']> = {}) => ({
  list,
  add,
  edit,
  back,
  import: null,
  update: null,
  ...more,
});

/** What GET …/generic/entities answers for the manager area's entities the tests use (as the server declares them). */
export const ENTITIES: EntityDescription[] = [
  {
    alias: 'crew',
    parent: null,
    screen: { path: 'triad/crew', back: 'triad' },
    titles: titles('Groupes', 'Ajouter un groupe', 'Modifier le groupe', 'Retour aux trinômes'),
    importTexts: null,
    can: can({ sort: true, copy: true }),
    bulkRemove: null,
  },
  {
    alias: 'triad',
    parent: null,
    screen: { path: 'triad/triad', back: 'triad' },
    titles: titles('Trinômes', 'Ajouter un trinôme', 'Modifier le trinôme', 'Retour aux trinômes', {
      import: 'Importer des trinômes',
      update: 'Mettre à jour les trinômes',
    }),
    importTexts: {
      import: 'Nouveau modèle depuis le 18/09/2023',
      update: 'Exportez les trinômes de la formation',
      created: { one: '{count} trinôme créé', other: '{count} trinômes créés' },
      updated: { one: '{count} trinôme mis à jour', other: '{count} trinômes mis à jour' },
      thanks: 'Merci, les trinômes de la formation sont à jour.',
    },
    can: can({ list: false, move: true, import: true, export: true }),
    bulkRemove: null,
  },
  {
    alias: 'contract',
    parent: 'triad',
    screen: { path: 'triad/contract', back: null },
    titles: titles('Contrats du trinôme', 'Ajouter un contrat', 'Modifier le contrat', 'Retour aux contrats'),
    importTexts: null,
    can: can({ remove: false }),
    bulkRemove: null,
  },
  {
    alias: 'questionnaire-category',
    parent: null,
    screen: { path: 'questionnaire/category', back: null },
    titles: titles('Catégories de questionnaires', 'Ajouter une catégorie', 'Modifier la catégorie', 'Retour aux catégories'),
    importTexts: null,
    can: can({ sort: true }),
    bulkRemove: null,
  },
];

/** The admin area's singleton, as the server declares it. */
export const DATA_AGREEMENT: EntityDescription = {
  alias: 'data-agreement',
  parent: null,
  screen: { path: 'data-agreement', back: null },
  titles: titles('Données personnelles et mentions', 'Textes légaux', 'Textes légaux', "Retour à l'accueil"),
  importTexts: null,
  can: can({ list: false, add: false, edit: false, remove: false, singleton: true }),
  bulkRemove: null,
};

export const entity = (alias: string): EntityDescription => ENTITIES.find((candidate) => candidate.alias === alias)!;

/** The answer of GET /app/lea-manager/1/generic/entities. */
export const areaEntities = { area: 'manager', entities: ENTITIES };
