import { notFound } from '../http/errors.js';
import { textRef } from '../texts/index.js';
import { contractEntity } from './entities/contract.js';
import { crewEntity } from './entities/crew.js';
import { courseConfigEntity } from './entities/course-config.js';
import { courseDocumentEntity } from './entities/course-document.js';
import { sharedDocumentEntity } from './entities/shared-document.js';
import { courseSkinEntity } from './entities/course-skin.js';
import { courseTemplateEntity } from './entities/course-template.js';
import { moduleEntity } from './entities/module.js';
import { adminTrainingCourseModuleEntity, trainingCourseModuleEntity } from './entities/training-course-module.js';
import { dataAgreementEntity } from './entities/data-agreement.js';
import { signInMethodsEntity } from './entities/sign-in-methods.js';
import { institutionEntity } from './entities/institution.js';
import { componentEntity } from './entities/component.js';
import { trainingEntity } from './entities/training.js';
import { trainingCourseEntity } from './entities/training-course.js';
import { designEntity } from './entities/design.js';
import { helpDocumentEntity } from './entities/help-document.js';
import { profileTitleEntity } from './entities/profile-title.js';
import { newsEntity } from './entities/news.js';
import { leaUserEntity } from './entities/lea-user.js';
import { adminUserEntity } from './entities/admin-user.js';
import { managerProfileEntity } from './entities/manager-profile.js';
import { questionnaireCategoryEntity } from './entities/questionnaire-category.js';
import { triadUserEntity } from './entities/triad-user.js';
import { triadEntity } from './entities/triad.js';
import { lessonUnitEntity } from './entities/lesson-unit.js';
import { lessonSubjectEntity } from './entities/lesson-subject.js';
import { lessonEntity } from './entities/lesson.js';
import { webLinkEntity } from './entities/web-link.js';
import { skillTypeEntity } from './entities/skill-type.js';
import { skillCategoryEntity } from './entities/skill-category.js';
import { skillSessionEntity } from './entities/skill-session.js';
import { skillEntity } from './entities/skill.js';
import { skillConfigurationEntity } from './entities/skill-configuration.js';
import { planningEntity } from './entities/planning.js';
import { absenceEntity } from './entities/absence.js';
import { absenceConfigEntity, courseAbsenceConfigEntity } from './entities/absence-settings.js';
import { absenceReasonEntity } from './entities/absence-reason.js';
import { ssoProviderEntity } from './entities/sso-provider.js';
import type { Area, EntityDeclaration } from './types.js';

/** Every back-office entity of both areas: adding one is its declaration file plus one line here. */
const ENTITIES: readonly EntityDeclaration[] = [
  planningEntity,
  absenceEntity,
  courseAbsenceConfigEntity,
  absenceConfigEntity,
  absenceReasonEntity,
  crewEntity,
  triadEntity,
  contractEntity,
  triadUserEntity,
  leaUserEntity,
  questionnaireCategoryEntity,
  institutionEntity,
  adminUserEntity,
  managerProfileEntity,
  componentEntity,
  trainingEntity,
  trainingCourseEntity,
  designEntity,
  helpDocumentEntity,
  profileTitleEntity,
  dataAgreementEntity,
  signInMethodsEntity,
  newsEntity,
  moduleEntity,
  trainingCourseModuleEntity,
  adminTrainingCourseModuleEntity,
  courseConfigEntity,
  courseSkinEntity,
  courseTemplateEntity,
  courseDocumentEntity,
  sharedDocumentEntity,
  skillTypeEntity,
  skillCategoryEntity,
  skillSessionEntity,
  skillEntity,
  skillConfigurationEntity,
  lessonUnitEntity,
  lessonSubjectEntity,
  lessonEntity,
  webLinkEntity,
  ssoProviderEntity,
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
