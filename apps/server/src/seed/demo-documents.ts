import { eq } from 'drizzle-orm';
import { recordTimeline } from '../services/timeline.js';
import type { FileStore } from '../services/file-store.js';
import type { Tx } from '../db/client.js';
import { documentCategories, documents, documentTrainingCourses, files } from '../db/schema/index.js';
import { DEMO_PEOPLE } from './demo-content.js';
import { renderPdf, storeDemoFile } from './demo-files.js';

type Author = { username: string; profile: 1 | 2 | 3 };

type DemoItem = {
  title: string;
  author: Author;
  daysAgo: number;
  rights?: number[];
} & ({ type: 1; category: string; file: { name: string; paragraphs: string[] }; visibleHomeLea: boolean } | { type: 2; text: string });

const APPRENTICE: Author = { username: 'apprenti', profile: 1 };
const TUTOR: Author = { username: 'tuteur', profile: 2 };
const MASTER: Author = { username: 'maitre', profile: 3 };

/** The categories of spec 2 §3: general and pedagogic feed the home dashboard, the others are tabs only. */
const CATEGORIES = ['general', 'pedagogic', 'administrative'] as const;

/** Documents and notes of the main demo triad (the apprentice `apprenti`), oldest first. */
const TRIAD_ITEMS: DemoItem[] = [
  {
    type: 1,
    title: "Livret d'accueil de l'entreprise",
    author: MASTER,
    daysAgo: 40,
    category: 'general',
    visibleHomeLea: true,
    file: {
      name: 'livret-accueil-atelier-numerique.pdf',
      paragraphs: [
        "Bienvenue à l'Atelier Numérique Rhône. Horaires : 9 h - 12 h 30 et 13 h 30 - 17 h 30, du lundi au vendredi.",
        "Votre maître d'apprentissage, Nathalie Dubois, vous accompagne au quotidien ; le poste de travail et les accès sont remis le premier jour.",
      ],
    },
  },
  {
    type: 1,
    title: 'Fiche de renseignements administratifs',
    author: APPRENTICE,
    daysAgo: 35,
    category: 'administrative',
    visibleHomeLea: false,
    rights: [1, 4],
    file: {
      name: 'fiche-renseignements.pdf',
      paragraphs: [
        'Apprenti : Lucas Martin, né le 14 mars 2006, domicilié à Villeurbanne.',
        'Numéro de sécurité sociale et coordonnées bancaires transmis au CFA.',
      ],
    },
  },
  {
    type: 1,
    title: 'Calendrier des visites en entreprise',
    author: TUTOR,
    daysAgo: 28,
    category: 'general',
    visibleHomeLea: true,
    file: {
      name: 'calendrier-visites-2025-2026.pdf',
      paragraphs: [
        'Première visite : semaine du 17 novembre 2025.',
        'Deuxième visite : semaine du 9 mars 2026, avec bilan des compétences du premier semestre.',
      ],
    },
  },
  {
    type: 2,
    title: 'Questions pour la première visite',
    author: APPRENTICE,
    daysAgo: 21,
    text: "Demander comment sera évalué le projet de l'entreprise et quelles compétences du référentiel il couvre.",
  },
  {
    type: 1,
    title: 'Compte rendu de la visite de novembre',
    author: TUTOR,
    daysAgo: 14,
    category: 'pedagogic',
    visibleHomeLea: true,
    file: {
      name: 'compte-rendu-visite-novembre.pdf',
      paragraphs: [
        "Visite du 18 novembre 2025 en présence de l'apprenti et de son maître d'apprentissage.",
        'Points forts : autonomie sur le support utilisateurs. À travailler : documentation des interventions.',
      ],
    },
  },
  {
    type: 2,
    title: 'Préparer la soutenance du projet',
    author: TUTOR,
    daysAgo: 10,
    text: 'Prévoir une démonstration de dix minutes et un support de cinq diapositives au plus.',
  },
  {
    type: 1,
    title: "Rapport d'activité du premier semestre",
    author: APPRENTICE,
    daysAgo: 6,
    category: 'pedagogic',
    visibleHomeLea: false,
    rights: [1, 2, 4],
    file: {
      name: 'rapport-activite-s1.pdf',
      paragraphs: [
        'Missions réalisées : déploiement de vingt postes, migration de la messagerie, support de niveau 1.',
        "Objectifs du second semestre : scripts d'automatisation et supervision.",
      ],
    },
  },
  {
    type: 2,
    title: "Congés d'été",
    author: MASTER,
    daysAgo: 3,
    text: "L'entreprise ferme du 4 au 22 août : poser les congés de l'apprenti sur cette période.",
  },
];

function fullNameOf(username: string): string {
  const person = DEMO_PEOPLE.find((candidate) => candidate.username === username);
  return person ? `${person.firstName} ${person.lastName}` : username;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

/** `sharedCourseIds`: the courses the manager's shared document is given to (the shared-document screen's demo). */
export type DemoDocumentsInput = {
  platformId: number;
  courseId: number;
  sharedCourseIds: number[];
  triadId: number;
  people: Map<string, number>;
};

/** The document categories of the demo platform (one set per platform). */
export async function insertDemoDocumentCategories(tx: Tx, platformId: number): Promise<void> {
  await tx.insert(documentCategories).values(CATEGORIES.map((code, position) => ({ platformId, code, position })));
}

/**
 * The main triad's documents (real PDFs, some on the home page) and notes from its apprentice,
 * tutor and master with their timeline lines, and a document the manager shared with the course.
 */
export async function insertDemoDocuments(tx: Tx, store: FileStore, input: DemoDocumentsInput): Promise<void> {
  const personId = (username: string) => input.people.get(username) ?? null;
  const categoryRows = await tx
    .select({ id: documentCategories.id, code: documentCategories.code })
    .from(documentCategories)
    .where(eq(documentCategories.platformId, input.platformId));
  const categoryId = (code: string) => categoryRows.find((row) => row.code === code)?.id ?? null;
  const storePdf = async (name: string, title: string, paragraphs: string[], uploader: number | null) => {
    const stored = await storeDemoFile(store, name, 'application/pdf', await renderPdf(title, paragraphs));
    const [row] = await tx
      .insert(files)
      .values({ ...stored, folder: 'document', platformId: input.platformId, uploadedBy: uploader })
      .returning({ id: files.id });
    return row?.id ?? null;
  };

  for (const item of TRIAD_ITEMS) {
    const uploaderId = personId(item.author.username);
    const common = {
      platformId: input.platformId,
      triadId: input.triadId,
      title: item.title,
      rights: item.rights ?? [1, 2, 3, 4],
      uploaderId,
      uploaderProfile: item.author.profile,
      createdAt: daysAgo(item.daysAgo),
      updatedAt: daysAgo(item.daysAgo),
    };
    const values =
      item.type === 1
        ? {
            ...common,
            type: 1,
            categoryId: categoryId(item.category),
            visibleHomeLea: item.visibleHomeLea,
            fileId: await storePdf(item.file.name, item.title, item.file.paragraphs, uploaderId),
          }
        : { ...common, type: 2, text: item.text };
    await tx.insert(documents).values(values);
    await recordTimeline(tx, {
      triadId: input.triadId,
      className: item.type === 1 ? 'document' : 'note',
      titlePart1: fullNameOf(item.author.username),
      titlePart2: item.title,
      userId: uploaderId,
    });
  }

  const managerId = personId('manager');
  const [shared] = await tx
    .insert(documents)
    .values({
      platformId: input.platformId,
      triadId: null,
      documentType: 2,
      type: 1,
      title: 'Référentiel du BTS SIO',
      categoryId: categoryId('pedagogic'),
      visibleHomeLea: true,
      uploaderId: managerId,
      uploaderProfile: 4,
      createdAt: daysAgo(50),
      updatedAt: daysAgo(50),
      fileId: await storePdf(
        'referentiel-bts-sio.pdf',
        'Référentiel du BTS Services informatiques aux organisations',
        [
          'Bloc 1 : support et mise à disposition de services informatiques.',
          "Bloc 2 : administration des systèmes et des réseaux (option SISR) ou conception et développement d'applications (option SLAM).",
          'Bloc 3 : cybersécurité des services informatiques.',
        ],
        managerId,
      ),
    })
    .returning({ id: documents.id });
  if (shared) await tx.insert(documentTrainingCourses).values({ documentId: shared.id, trainingCourseId: input.courseId });

  const [rules] = await tx
    .insert(documents)
    .values({
      platformId: input.platformId,
      triadId: null,
      documentType: 2,
      type: 1,
      title: 'Règlement intérieur du CFA',
      categoryId: categoryId('general'),
      visibleHomeLea: false,
      uploaderId: managerId,
      uploaderProfile: 4,
      createdAt: daysAgo(30),
      updatedAt: daysAgo(30),
      fileId: await storePdf(
        'reglement-interieur.pdf',
        'Règlement intérieur du CFA',
        ['Horaires : 8 h 30 – 17 h 30.', 'Toute absence est justifiée auprès du responsable de la formation sous 48 heures.'],
        managerId,
      ),
    })
    .returning({ id: documents.id });
  if (rules)
    await tx
      .insert(documentTrainingCourses)
      .values(input.sharedCourseIds.map((trainingCourseId) => ({ documentId: rules.id, trainingCourseId })));
}
