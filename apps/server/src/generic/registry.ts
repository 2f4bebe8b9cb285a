import { notFound } from '../http/errors.js';
import { contractEntity } from './entities/contract.js';
import { crewEntity } from './entities/crew.js';
import { leaUserEntity } from './entities/lea-user.js';
import { questionnaireCategoryEntity } from './entities/questionnaire-category.js';
import { triadUserEntity } from './entities/triad-user.js';
import { triadEntity } from './entities/triad.js';
import type { Area, EntityDeclaration } from './types.js';

/** Every back-office entity by alias: adding one is its declaration file plus one line here. */
const ENTITIES: readonly EntityDeclaration[] = [crewEntity, triadEntity, contractEntity, triadUserEntity, leaUserEntity, questionnaireCategoryEntity];

const BY_ALIAS = new Map(ENTITIES.map((entity) => [entity.alias, entity]));

/** The declaration of an alias served in the area; 404 for an unknown alias (or one of another area). */
export function entityFor(alias: string, area: Area): EntityDeclaration {
  const entity = BY_ALIAS.get(alias);
  if (!entity || !entity.areas.includes(area)) throw notFound(`Entité inconnue : ${alias}`);
  return entity;
}

export function registeredAliases(): string[] {
  return ENTITIES.map((entity) => entity.alias);
}
