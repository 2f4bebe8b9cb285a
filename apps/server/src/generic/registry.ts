import { notFound } from '../http/errors.js';
import { textRef } from '../texts/index.js';
import { contractEntity } from './entities/contract.js';
import { crewEntity } from './entities/crew.js';
import { dataAgreementEntity } from './entities/data-agreement.js';
import { institutionEntity } from './entities/institution.js';
import { leaUserEntity } from './entities/lea-user.js';
import { questionnaireCategoryEntity } from './entities/questionnaire-category.js';
import { triadUserEntity } from './entities/triad-user.js';
import { triadEntity } from './entities/triad.js';
import type { Area, EntityDeclaration } from './types.js';

/** Every back-office entity of both areas: adding one is its declaration file plus one line here. */
const ENTITIES: readonly EntityDeclaration[] = [
  crewEntity,
  triadEntity,
  contractEntity,
  triadUserEntity,
  leaUserEntity,
  questionnaireCategoryEntity,
  institutionEntity,
  dataAgreementEntity,
];

const key = (area: Area, alias: string) => `${area}:${alias}`;
const BY_AREA_ALIAS = new Map(ENTITIES.map((entity) => [key(entity.area, entity.alias), entity]));

/** The declaration of an alias served in the area; 404 for an unknown alias (or one of another area). */
export function entityFor(alias: string, area: Area): EntityDeclaration {
  const entity = BY_AREA_ALIAS.get(key(area, alias));
  if (!entity) throw notFound(textRef('backOffice.unknownEntity', { alias }));
  return entity;
}

export function entitiesOf(area: Area): EntityDeclaration[] {
  return ENTITIES.filter((entity) => entity.area === area);
}

export function registeredAliases(): string[] {
  return ENTITIES.map((entity) => entity.alias);
}
