import {
  ALLOWED_FILE_EXTENSIONS,
  APP_VERSION,
  type AppConfig,
  type DataAgreement,
  DEFAULT_COLOR,
  DEFAULT_LOCALE,
  type Design,
  FILE_DEFAULT_MAX_BYTES,
  FILE_HARD_MAX_BYTES,
  type GlobalDocumentList,
  type HelpDocument,
  LOCALES,
} from '@lea/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { publicFileUrl } from '../../services/file-links.js';
import { findFilesByIds, findPlatformById, listGlobalDocuments, listHelpDocuments } from './queries.js';
import { textRef } from '../../texts/index.js';

async function requirePlatform(db: Db, platformId: number) {
  const platform = await findPlatformById(db, platformId);
  if (!platform) throw notFound(textRef('common.platformNotFound'));
  return platform;
}

export async function getDesign(db: Db, platformId: number): Promise<Design> {
  const platform = await requirePlatform(db, platformId);
  const fileIds = [platform.logoTypeFileId, platform.logoCfaFileId, platform.logoHomepageFileId, platform.faviconFileId].filter(
    (id): id is number => id !== null,
  );
  const byId = new Map((await findFilesByIds(db, fileIds)).map((file) => [file.id, file]));
  const urlOf = (id: number | null) => {
    const file = id === null ? undefined : byId.get(id);
    // The platform's logos and favicon are public on it: the file route serves them by record.
    return file ? publicFileUrl('inline', file) : null;
  };
  return {
    name: platform.name,
    hostname: platform.hostname,
    presentation: platform.presentation,
    legalNotice: platform.legalNotice,
    termOfService: platform.termOfService,
    helpContactEmail: platform.helpContactEmail,
    helpContact: platform.helpContact,
    homeAlert: platform.homeAlert,
    logos: {
      logoType: urlOf(platform.logoTypeFileId),
      logoCfa: urlOf(platform.logoCfaFileId),
      logoHomepage: urlOf(platform.logoHomepageFileId),
    },
    favicon: urlOf(platform.faviconFileId),
    // Spec 1 §1: colours default to black when nothing is configured.
    principalColor: platform.principalColor || DEFAULT_COLOR,
    secondaryColor: platform.secondaryColor || DEFAULT_COLOR,
    upload_dir: platform.uploadDir,
  };
}

export async function getDataAgreement(db: Db, platformId: number): Promise<DataAgreement> {
  const platform = await requirePlatform(db, platformId);
  return {
    legalNotice: platform.legalNotice,
    termOfService: platform.termOfService,
    learnerPrivacy: platform.learnerPrivacy,
    professionalTutorPrivacy: platform.professionalTutorPrivacy,
    pedagogicTutorPrivacy: platform.pedagogicTutorPrivacy,
  };
}

export async function getGlobalDocuments(db: Db, platformId: number): Promise<GlobalDocumentList> {
  const rows = await listGlobalDocuments(db, platformId);
  return {
    documents: rows.map((row) => ({ id: row.id, title: row.title, file: { pathName: row.pathName, originalName: row.originalName } })),
  };
}

async function getHelpDocuments(db: Db, platformId: number): Promise<HelpDocument[]> {
  const rows = await listHelpDocuments(db, platformId);
  return rows
    .filter((row) => row.documentType === 1 || row.documentType === 2)
    .map((row) => ({
      id: row.id,
      title: row.title,
      documentType: row.documentType === 1 ? 1 : 2,
      description: row.description,
      file: row.pathName !== null && row.originalName !== null ? { pathName: row.pathName, originalName: row.originalName } : null,
    }));
}

export async function getAppConfig(db: Db, platformId: number): Promise<AppConfig> {
  return {
    version: APP_VERSION,
    locales: [...LOCALES],
    defaultLocale: DEFAULT_LOCALE,
    uploadMaxBytes: FILE_DEFAULT_MAX_BYTES,
    uploadHardMaxBytes: FILE_HARD_MAX_BYTES,
    allowedExtensions: [...ALLOWED_FILE_EXTENSIONS],
    helpDocuments: await getHelpDocuments(db, platformId),
    chatbot: false,
  };
}
