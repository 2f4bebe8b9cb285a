import { hash } from '@node-rs/argon2';
import { asc, count, eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { AppContext } from '../http/context.js';
import type { Tx } from '../db/client.js';
import {
  companies,
  contracts,
  contractTypes,
  crews,
  files,
  globalDocuments,
  helpDocuments,
  institutions,
  platforms,
  trainingCourseManagers,
  trainingCourses,
  trainings,
  triads,
  triadUsers,
  userPlatforms,
  users,
} from '../db/schema/index.js';
import {
  DEMO_COLORS,
  DEMO_COMPANIES,
  DEMO_MENU,
  DEMO_NAMING,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  DEMO_PLATFORM_TEXTS,
  DEMO_TRIADS,
  demoInfoBlocks,
  type DemoNaming,
} from './demo-content.js';
import { insertDemoQuestionnaires } from './demo-questionnaires.js';
import { insertDemoReminders } from './demo-reminders.js';
import { insertDemoActivity } from './demo-activity.js';
import { insertDemoSkills } from './demo-skill.js';
import { insertDemoDocumentCategories, insertDemoDocuments } from './demo-documents.js';
import { insertDemoManager, insertDemoOtherCourse } from './demo-manager.js';
import { insertDemoLessons } from './demo-lessons.js';
import { insertDemoAdminSetup } from './demo-admin-setup.js';
import { insertDemoManagerProfiles } from './demo-admin-users.js';
import { insertDemoCourseModules } from './demo-course-modules.js';
import { insertDemoAbsenceSettings, insertDemoCalendar } from './demo-calendar.js';
import { insertDemoHistory, insertDemoNews } from './demo-history-news.js';
import { type DemoFile, renderLogoSvg, renderPdf, storeDemoFile } from './demo-files.js';
import { insertDemoMessages } from './demo-messages.js';
import { insertDemoPaperSignature } from './demo-paper-signature.js';
import { insertDemoQualiopi } from './demo-qualiopi.js';

export { DEMO_PASSWORD } from './demo-content.js';

export type DemoSeedResult = { password: string; accounts: { username: string; description: string }[] };

/** The row at `index` of an insert's `returning()`: the seed inserted it, so its absence is a bug. */
function rowAt<T>(rows: T[], index = 0): T {
  const row = rows[index];
  if (row === undefined) throw new Error(`demo seed: missing row ${index}`);
  return row;
}

type DemoFiles = Awaited<ReturnType<typeof writeDemoFiles>>;

/** The logos, favicon and PDFs, written to the store before the transaction (bytes are not transactional). */
async function writeDemoFiles(ctx: AppContext) {
  const { principal, secondary } = DEMO_COLORS;
  const svg = 'image/svg+xml';
  const pdf = 'application/pdf';
  const put = (name: string, type: string, bytes: Buffer) => storeDemoFile(ctx.files, name, type, bytes);
  return {
    logoType: await put(
      'logo-livret.svg',
      svg,
      renderLogoSvg({ width: 240, height: 64, initials: 'L', label: 'Livret', color: principal, accent: secondary }),
    ),
    logoCfa: await put(
      'logo-cfa.svg',
      svg,
      renderLogoSvg({ width: 260, height: 64, initials: 'CD', label: 'CFA Campus', color: principal, accent: secondary }),
    ),
    logoHomepage: await put(
      'logo-accueil.svg',
      svg,
      renderLogoSvg({ width: 320, height: 96, initials: 'CD', label: 'Campus Demo', color: principal, accent: secondary }),
    ),
    favicon: await put('favicon.svg', svg, renderLogoSvg({ width: 32, height: 32, initials: 'L', color: principal, accent: secondary })),
    rules: await put(
      'reglement-interieur.pdf',
      pdf,
      await renderPdf('Règlement intérieur du CFA', [
        "Le présent règlement s'applique à tous les apprentis inscrits au CFA Campus Demo, au CFA comme en entreprise.",
        'Article 1 : ponctualité. Toute absence doit être justifiée dans les 48 heures auprès de la vie scolaire.',
        "Article 2 : le livret électronique est tenu à jour par l'apprenti, son tuteur et son maître d'apprentissage.",
      ]),
    ),
    calendar: await put(
      'calendrier-alternance-2025-2026.pdf',
      pdf,
      await renderPdf("Calendrier de l'alternance 2025-2026", [
        'Septembre : rentrée au CFA le 8 septembre 2025, puis alternance de deux semaines.',
        "Décembre : visites en entreprise et premier bilan. Juin : examens et bilan de fin d'année.",
      ]),
    ),
    guide: await put(
      'guide-demarrage.pdf',
      pdf,
      await renderPdf('Guide de démarrage du livret', [
        "Connectez-vous avec l'identifiant reçu par courriel, puis choisissez votre formation et votre trinôme.",
        'Le tableau de bord regroupe les questionnaires à signer, les documents partagés et les messages.',
      ]),
    ),
  };
}

async function insertFiles(tx: Tx, platformId: number, stored: DemoFiles): Promise<Record<keyof DemoFiles, number>> {
  const keys = Object.keys(stored) as (keyof DemoFiles)[];
  const rows = await tx
    .insert(files)
    .values(keys.map((key) => ({ ...(stored[key] as DemoFile), platformId })))
    .returning({ id: files.id, pathName: files.pathName });
  const idOf = new Map(rows.map((row) => [row.pathName, row.id]));
  return Object.fromEntries(keys.map((key) => [key, idOf.get(stored[key].pathName) as number])) as Record<keyof DemoFiles, number>;
}

async function insertPlatform(tx: Tx, stored: DemoFiles) {
  const platform = rowAt(
    await tx
      .insert(platforms)
      .values({ ...DEMO_PLATFORM_TEXTS, isDefault: true, principalColor: DEMO_COLORS.principal, secondaryColor: DEMO_COLORS.secondary })
      .returning({ id: platforms.id }),
  );
  const fileIds = await insertFiles(tx, platform.id, stored);
  await tx
    .update(platforms)
    .set({
      logoTypeFileId: fileIds.logoType,
      logoCfaFileId: fileIds.logoCfa,
      logoHomepageFileId: fileIds.logoHomepage,
      faviconFileId: fileIds.favicon,
    })
    .where(eq(platforms.id, platform.id));
  await tx.insert(globalDocuments).values([
    { platformId: platform.id, title: 'Règlement intérieur', fileId: fileIds.rules, position: 0 },
    { platformId: platform.id, title: "Calendrier de l'alternance 2025-2026", fileId: fileIds.calendar, position: 1 },
  ]);
  await tx.insert(helpDocuments).values([
    { platformId: platform.id, title: 'Guide de démarrage', documentType: 1, fileId: fileIds.guide, position: 0 },
    {
      platformId: platform.id,
      title: 'Signer un questionnaire',
      documentType: 2,
      description:
        '<p>Ouvrez le questionnaire depuis le tableau de bord, répondez aux questions de votre profil puis cliquez sur <strong>Signer</strong>. Une fois signé, il ne peut plus être modifié.</p>',
      position: 1,
    },
  ]);
  return platform.id;
}

/** Every demo person under `naming`: the answer maps the demo's username (the seed's key) to the new id. */
async function insertPeople(tx: Tx, platformId: number, passwordHash: string, naming: DemoNaming): Promise<Map<string, number>> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((person) => ({
        username: naming.username(person.username),
        email: naming.email(person.firstName, person.lastName),
        passwordHash,
        firstName: person.firstName,
        lastName: person.lastName,
        roles: person.roles,
        type: person.type,
        city: person.city ?? 'Lyon',
        ...(person.username === 'apprenti' ? { parentFirstName: 'Catherine', parentLastName: 'Martin', mobile: '0612345678' } : {}),
      })),
    )
    .returning({ id: users.id, username: users.username });
  await tx.insert(userPlatforms).values(rows.map((row) => ({ userId: row.id, platformId })));
  const idOf = new Map(rows.map((row) => [row.username, row.id]));
  return new Map(DEMO_PEOPLE.map((person) => [person.username, idOf.get(naming.username(person.username)) as number]));
}

async function insertCourses(tx: Tx, platformId: number, managerId: number) {
  const institution = rowAt(
    await tx
      .insert(institutions)
      .values({
        platformId,
        name: 'CFA Campus Demo - site de Lyon',
        address: '12 rue des Alternants',
        postCode: '69003',
        city: 'Lyon',
        siret: '19690000000017',
      })
      .returning({ id: institutions.id }),
  );
  const training = rowAt(
    await tx
      .insert(trainings)
      .values({ platformId, institutionId: institution.id, title: 'BTS Services informatiques aux organisations', code: 'BTS-SIO' })
      .returning({ id: trainings.id }),
  );
  const courseRows = [
    { displayName: 'BTS SIO 2025-2027', startYear: 2025, endYear: 2027, archived: false },
    { displayName: 'BTS SIO 2023-2025', startYear: 2023, endYear: 2025, archived: true },
  ];
  const courseIds = (
    await tx
      .insert(trainingCourses)
      .values(
        courseRows.map((course) => ({
          ...course,
          trainingId: training.id,
          menu: DEMO_MENU,
          infoBlocks: demoInfoBlocks(course.displayName),
          blocNameDocument: 'Documents de la formation',
          description: 'Option SLAM (solutions logicielles et applications métiers).',
        })),
      )
      .returning({ id: trainingCourses.id })
  ).map((course) => course.id);
  await tx.insert(trainingCourseManagers).values(courseIds.map((trainingCourseId) => ({ trainingCourseId, userId: managerId })));
  const crewRows = await tx
    .insert(crews)
    .values([
      { trainingCourseId: rowAt(courseIds), name: 'Promotion 2025 - groupe A', position: 0 },
      { trainingCourseId: rowAt(courseIds), name: 'Promotion 2025 - groupe B', position: 1 },
    ])
    .returning({ id: crews.id });
  return { courseIds, crewIds: crewRows.map((crew) => crew.id) };
}

/** The platform's companies (DEMO_COMPANIES' order) and the contract type of the triads' contracts. */
type DemoEmployers = { companyIds: number[]; contractTypeId: number };

async function insertEmployers(tx: Tx, platformId: number): Promise<DemoEmployers> {
  const companyRows = await tx
    .insert(companies)
    .values(DEMO_COMPANIES.map((company) => ({ ...company, platformId, email: `contact@${company.siretNumber}.example.com` })))
    .returning({ id: companies.id });
  const contractType = rowAt(
    await tx
      .insert(contractTypes)
      .values([
        { platformId, title: "Contrat d'apprentissage" },
        { platformId, title: 'Contrat de professionnalisation' },
      ])
      .returning({ id: contractTypes.id }),
  );
  return { companyIds: companyRows.map((row) => row.id), contractTypeId: contractType.id };
}

/** The employers insertEmployers gave the platform, found again for a course seeded later. */
async function findEmployers(tx: Tx, platformId: number): Promise<DemoEmployers> {
  const companyRows = await tx
    .select({ id: companies.id, siret: companies.siretNumber })
    .from(companies)
    .where(eq(companies.platformId, platformId));
  const [contractType] = await tx
    .select({ id: contractTypes.id })
    .from(contractTypes)
    .where(eq(contractTypes.platformId, platformId))
    .orderBy(asc(contractTypes.id))
    .limit(1);
  const companyIds = DEMO_COMPANIES.map((company) => companyRows.find((row) => row.siret === company.siretNumber)?.id);
  if (!contractType || companyIds.some((id) => id === undefined)) throw new Error('demo seed: the platform has no demo companies');
  return { companyIds: companyIds as number[], contractTypeId: contractType.id };
}

async function insertTriads(tx: Tx, people: Map<string, number>, courseIds: number[], crewIds: number[], employers: DemoEmployers) {
  const idOf = (username: string | null) => (username === null ? null : (people.get(username) ?? null));
  const triadRows = await tx
    .insert(triads)
    .values(
      DEMO_TRIADS.map((triad) => ({
        trainingCourseId: rowAt(courseIds, triad.course),
        crewId: triad.crew === null ? null : rowAt(crewIds, triad.crew),
        apprenticeId: idOf(triad.apprentice),
        tutorId: idOf(triad.tutor),
        tutor2Id: idOf(triad.tutor2),
        apprenticeMasterId: idOf(triad.master),
        companyManagerId: idOf(triad.companyManager),
        active: triad.active,
      })),
    )
    .returning({ id: triads.id });
  await tx.insert(contracts).values(
    DEMO_TRIADS.map((triad, index) => ({
      triadId: rowAt(triadRows, index).id,
      companyId: rowAt(employers.companyIds, triad.company),
      contractTypeId: employers.contractTypeId,
      startDate: triad.course === 0 ? '2025-09-01' : '2023-09-01',
      endDate: triad.course === 0 ? '2027-08-31' : '2025-08-31',
      ruptureDate: triad.active ? null : '2026-01-15',
      ruptureCause: triad.active ? null : "Rupture d'un commun accord",
      apprenticeMasterId: idOf(triad.master),
      managerId: idOf(triad.companyManager),
    })),
  );
  await tx.insert(triadUsers).values({ triadId: rowAt(triadRows).id, userId: idOf('parent') as number, userType: 1 });
  const graded = DEMO_TRIADS.findIndex((triad) => triad.apprentice === 'apprenti3');
  return {
    demoTriad: { id: rowAt(triadRows).id, tutorId: idOf('tuteur') as number },
    gradedTriad: { id: rowAt(triadRows, graded).id, managerId: idOf('manager') as number },
  };
}

/** The people, courses, triads, questionnaires, documents and activity of the demo, on a platform that has its employers and document categories. */
async function insertDemoCourses(
  tx: Tx,
  store: AppContext['files'],
  params: { platformId: number; passwordHash: string; naming: DemoNaming; employers: DemoEmployers },
) {
  const { platformId } = params;
  const people = await insertPeople(tx, platformId, params.passwordHash, params.naming);
  const { courseIds, crewIds } = await insertCourses(tx, platformId, people.get('manager') as number);
  const { demoTriad, gradedTriad } = await insertTriads(tx, people, courseIds, crewIds, params.employers);
  await insertDemoQuestionnaires(tx, rowAt(courseIds), crewIds, demoTriad, gradedTriad);
  await insertDemoReminders(tx, rowAt(courseIds));
  await insertDemoDocuments(tx, store, {
    platformId,
    courseId: rowAt(courseIds),
    sharedCourseIds: courseIds,
    triadId: demoTriad.id,
    people,
  });
  await insertDemoActivity(tx, { triadId: demoTriad.id, people });
  await insertDemoSkills(tx, { courseId: rowAt(courseIds), triadId: demoTriad.id, people });
  await insertDemoManager(tx, { platformId, courseIds, people, naming: params.naming });
  await insertDemoLessons(tx, store, { platformId, courseId: rowAt(courseIds), managerId: people.get('manager') ?? null });
  await insertDemoCourseModules(tx, { platformId, courseIds });
  await insertDemoHistory(tx, { platformId, courseId: rowAt(courseIds), people });
  await insertDemoCalendar(tx, { platformId, courseId: rowAt(courseIds), crewIds, people });
  await insertDemoQualiopi(tx, { courseId: rowAt(courseIds), people });
  return { people, courseIds };
}

/**
 * The demo's active and archived courses again, on a platform the demo seed filled, for people of
 * their own named by `naming` (end-to-end fixtures, apps/server/src/e2e/): one transaction.
 */
export async function seedDemoCourseCopy(
  tx: Tx,
  store: AppContext['files'],
  params: { platformId: number; passwordHash: string; naming: DemoNaming },
) {
  const employers = await findEmployers(tx, params.platformId);
  return insertDemoCourses(tx, store, { ...params, employers });
}

/** Inserts the demo platform, its course data and accounts (spec issue "demo data"), in one transaction. */
export async function seedDemo(ctx: AppContext): Promise<DemoSeedResult> {
  // One hash for every account: argon2id is deliberately slow, and the demo accounts share the password.
  const passwordHash = await hash(DEMO_PASSWORD);
  const stored = await writeDemoFiles(ctx);
  await ctx.db.transaction(async (tx) => {
    const platformId = await insertPlatform(tx, stored);
    const employers = await insertEmployers(tx, platformId);
    await insertDemoDocumentCategories(tx, platformId);
    await insertDemoAbsenceSettings(tx, platformId);
    const { people, courseIds } = await insertDemoCourses(tx, ctx.files, { platformId, passwordHash, naming: DEMO_NAMING, employers });
    await insertDemoMessages(tx, { platformId, courseId: rowAt(courseIds), people });
    await insertDemoPaperSignature(tx, ctx.files, { platformId, courseId: rowAt(courseIds), people });
    await insertDemoOtherCourse(tx, platformId, rowAt(courseIds));
    await insertDemoNews(tx, platformId);
    await insertDemoAdminSetup(tx, platformId);
    await insertDemoManagerProfiles(tx, platformId);
  });
  return {
    password: DEMO_PASSWORD,
    accounts: DEMO_PEOPLE.map((person) => ({ username: person.username, description: person.description })),
  };
}

/**
 * Seeds an empty database when the demo is wanted: LEA_DEMO=1, or by default on the embedded
 * database only (with DATABASE_URL, a real deployment gets no demo accounts unless asked).
 */
export async function seedDemoIfWanted(ctx: AppContext, config: Config): Promise<DemoSeedResult | null> {
  const wanted = config.demo === true || (config.demo === null && config.databaseUrl === null);
  if (!wanted) return null;
  const [existing] = await ctx.db.select({ platformCount: count() }).from(platforms);
  if ((existing?.platformCount ?? 0) > 0) return null;
  return seedDemo(ctx);
}
