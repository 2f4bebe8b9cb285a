import type { Tx } from '../db/client.js';
import {
  answers,
  type AccessDates,
  questionnaireCategories,
  questionnaireCrews,
  questionnaires,
  questions,
  replies,
  replySignatures,
  type ValueListEntry,
} from '../db/schema/index.js';
import { replyDigest } from '../services/reply-digest.js';
import { parisDayAfter as isoDay } from './paris-day.js';

/** A question item of the demo, with its rows (cluster rows, grid sub-questions). */
type ItemSpec = {
  itemType: 'field' | 'cluster' | 'title';
  title: string;
  type?: number;
  access?: number[];
  tip?: string;
  required?: boolean;
  comments?: boolean;
  commentsLabel?: string;
  commentsType?: number;
  displayMode?: number;
  displayMark?: boolean;
  maximalMark?: number;
  valueList?: ValueListEntry[];
  openedQuestions?: boolean;
  openedQuestionsAccess?: number[];
  openedQuestionsType?: number;
  rows?: ItemSpec[];
  /** A row added by the demo triad's apprentice to an open cluster: it exists for that triad only. */
  triadRow?: boolean;
  /** The tutor's answer in the signed demo reply. */
  tutorAnswer?: { value: unknown; answerComment?: string };
  /** The manager's answer in the graded reply of the second crew's first triad. */
  managerAnswer?: unknown;
};

type QuestionnaireSpec = {
  title: string;
  category: number;
  year: number;
  description: string;
  signedBy: number[];
  window: 'open' | 'closed' | 'future';
  items: ItemSpec[];
  useComments?: boolean;
  marks?: boolean;
  interviewDate?: boolean;
  /** Restricted to the first crew; otherwise it applies to the whole course. */
  firstCrewOnly?: boolean;
  signedByTutor?: boolean;
  /** Signed by the manager, with marks, for the graded triad (the grades dashboard has something to show). */
  gradedByManager?: { totalMark: number; maximalMark: number };
};

const CATEGORIES = ['Intégration', 'Suivi en entreprise', 'Évaluations'];
const YES_NO: ValueListEntry[] = [
  { value: 'Oui', mark: null },
  { value: 'Non', mark: null },
];
const LEVELS: ValueListEntry[] = [
  { value: 'Acquis', mark: 3 },
  { value: "En cours d'acquisition", mark: 1 },
  { value: 'Non acquis', mark: 0 },
];
const field = (title: string, type: number, access: number[], extra: Partial<ItemSpec> = {}): ItemSpec => ({
  itemType: 'field',
  title,
  type,
  access,
  required: true,
  ...extra,
});
const heading = (title: string): ItemSpec => ({ itemType: 'title', title });

const QUESTIONNAIRES: QuestionnaireSpec[] = [
  {
    title: "Entretien d'intégration",
    category: 0,
    year: 1,
    description:
      "<p>Premier entretien entre l'apprenti et son tuteur pédagogique, à réaliser dans le mois qui suit l'arrivée en entreprise.</p>",
    signedBy: [1, 2],
    window: 'open',
    useComments: true,
    signedByTutor: true,
    items: [
      heading("Votre arrivée dans l'entreprise"),
      field('Intitulé de votre poste', 0, [1], { tip: "Tel qu'il figure sur votre contrat d'apprentissage." }),
      field("Date de votre arrivée dans l'entreprise", 11, [1]),
      field('Décrivez vos premières missions', 1, [1], { comments: true, commentsLabel: 'Difficultés rencontrées', commentsType: 2 }),
      {
        itemType: 'cluster',
        title: 'Projets menés en entreprise',
        access: [1],
        openedQuestions: true,
        openedQuestionsAccess: [1, 2],
        openedQuestionsType: 1,
        rows: [field('Projet principal', 0, [1]), { ...field('Refonte du site vitrine', 0, [1], { required: false }), triadRow: true }],
      },
      heading('Avis du tuteur pédagogique'),
      field("Modalité de l'entretien", 2, [2], {
        valueList: [
          { value: 'Sur site', mark: null },
          { value: 'Visioconférence', mark: null },
          { value: 'Téléphone', mark: null },
        ],
        tutorAnswer: { value: 'Sur site' },
      }),
      field('Observations du tuteur pédagogique', 1, [2], {
        comments: true,
        commentsLabel: 'Points de vigilance',
        tutorAnswer: {
          value:
            "<p>Accueil très soigné : Lucas dispose d'un poste de travail complet et d'un référent technique identifié.</p><p>Les premières missions (maintenance du parc, support aux utilisateurs) correspondent bien au référentiel du BTS.</p>",
          answerComment: 'Veiller à ce que les missions de développement arrivent avant la fin du premier semestre.',
        },
      }),
    ],
  },
  {
    title: 'Accueil en entreprise',
    category: 0,
    year: 1,
    description: "<p>Le maître d'apprentissage confirme les conditions d'accueil ; l'apprenti dépose l'attestation de sécurité signée.</p>",
    signedBy: [1, 3],
    window: 'open',
    items: [
      field("Le livret d'accueil de l'entreprise a-t-il été remis ?", 3, [3], { valueList: YES_NO }),
      field('Présentations effectuées', 4, [3], {
        valueList: ["L'équipe", 'Les règles de sécurité', 'Les outils informatiques', 'Les locaux'].map((value) => ({ value, mark: null })),
      }),
      {
        itemType: 'cluster',
        title: 'Conditions de travail',
        access: [3],
        rows: [
          field('Durée hebdomadaire de travail (heures)', 8, [3]),
          field('Lieu de travail principal', 0, [3]),
          field('Premier rendez-vous de suivi', 12, [3]),
        ],
      },
      field('Attestation de formation à la sécurité signée', 10, [1], { tip: 'PDF ou image, 5 Mo au plus.' }),
      field("Nom de votre référent dans l'entreprise", 0, [1]),
    ],
  },
  {
    title: 'Visite en entreprise',
    category: 1,
    year: 1,
    description: "<p>Compte rendu de la visite du tuteur pédagogique dans l'entreprise, en présence du maître d'apprentissage.</p>",
    signedBy: [2, 3, 4],
    window: 'open',
    interviewDate: true,
    useComments: true,
    items: [
      heading("Intégration de l'apprenti"),
      field("Comment jugez-vous l'intégration de l'apprenti dans l'équipe ?", 3, [3], {
        valueList: ['Très satisfaisante', 'Satisfaisante', 'À améliorer'].map((value) => ({ value, mark: null })),
        comments: true,
      }),
      field('Points abordés lors de la visite', 4, [2], {
        valueList: ['Missions confiées', 'Horaires', 'Progression au CFA', 'Projet professionnel'].map((value) => ({ value, mark: null })),
      }),
      field('Compte rendu de la visite', 1, [2]),
      field('Avis du responsable de formation', 1, [4], { required: false }),
    ],
  },
  {
    title: 'Évaluation du premier semestre',
    category: 2,
    year: 1,
    description: '<p>Évaluation du savoir-être professionnel par le responsable de formation. La saisie est close.</p>',
    signedBy: [4],
    window: 'closed',
    marks: true,
    // Acquis (3) + En cours d'acquisition (1) + Bien (3), over 3 + 3 + 4.
    gradedByManager: { totalMark: 7, maximalMark: 10 },
    items: [
      {
        itemType: 'cluster',
        title: 'Savoir-être professionnel',
        access: [4],
        displayMode: 2,
        displayMark: true,
        maximalMark: 3,
        valueList: LEVELS,
        rows: [
          field('Ponctualité et assiduité', 3, [4], { managerAnswer: 'Acquis' }),
          field('Travail en équipe', 3, [4], { managerAnswer: "En cours d'acquisition" }),
        ],
      },
      field('Appréciation générale', 3, [4], {
        displayMark: true,
        maximalMark: 4,
        valueList: [
          { value: 'Excellent', mark: 4 },
          { value: 'Bien', mark: 3 },
          { value: 'Passable', mark: 2 },
          { value: 'Insuffisant', mark: 0 },
        ],
        managerAnswer: 'Bien',
      }),
      field("Note de l'épreuve écrite (sur 20)", 8, [4], { managerAnswer: 14 }),
    ],
  },
  {
    title: 'Bilan de mi-parcours',
    category: 1,
    year: 2,
    description: '<p>Bilan à mi-parcours du contrat : chacun fait le point sur la progression et le projet professionnel.</p>',
    signedBy: [1, 2, 3],
    window: 'future',
    items: [
      field('Quelles compétences avez-vous le plus développées ?', 1, [1]),
      field('Progression constatée en entreprise', 1, [3]),
      field('Progression constatée au CFA', 1, [2]),
      field("Date prévue de l'examen blanc", 11, [2]),
    ],
  },
  {
    title: 'Évaluation des compétences techniques',
    category: 2,
    year: 2,
    description: "<p>Évaluation des compétences du bloc 2 (conception et développement d'applications) pour le groupe A.</p>",
    signedBy: [2, 3],
    window: 'open',
    marks: true,
    firstCrewOnly: true,
    items: [
      {
        itemType: 'cluster',
        title: 'Compétences du bloc 2',
        access: [3],
        displayMode: 2,
        displayMark: true,
        maximalMark: 3,
        valueList: LEVELS,
        rows: [field('Concevoir une solution applicative', 3, [3]), field('Assurer la maintenance corrective', 3, [3])],
      },
      field('Commentaire du tuteur pédagogique', 1, [2], { required: false }),
    ],
  },
];

/** The access window of a demo questionnaire, relative to today (also used by the e2e seed to close one). */
export function accessDatesOf(window: QuestionnaireSpec['window'], today: Date): AccessDates {
  if (window === 'closed') return { all: { startDate: isoDay(today, -60), endDate: isoDay(today, -10) } };
  if (window === 'future') return { all: { startDate: isoDay(today, 20), endDate: isoDay(today, 110) } };
  return { all: { startDate: isoDay(today, -30), endDate: isoDay(today, 60) } };
}

type DemoTriad = { id: number; tutorId: number };
/** The triad whose manager-signed evaluation carries marks, and the manager who signed it. */
type GradedTriad = { id: number; managerId: number };
type SeededAnswer = { questionId: number; value: unknown; answerComment: string | null };

async function insertItems(tx: Tx, questionnaireId: number, items: ItemSpec[], triad: DemoTriad, parentId: number | null) {
  const seeded: { tutor: SeededAnswer[]; manager: SeededAnswer[] } = { tutor: [], manager: [] };
  for (const [index, item] of items.entries()) {
    const [row] = await tx
      .insert(questions)
      .values({
        questionnaireId,
        parentId,
        triadId: item.triadRow === true ? triad.id : null,
        index,
        itemType: item.itemType,
        title: item.title,
        type: item.type ?? 0,
        tip: item.tip ?? null,
        tipActive: item.tip !== undefined,
        required: item.required ?? false,
        access: item.access ?? [],
        comments: item.comments ?? false,
        commentsLabel: item.commentsLabel ?? null,
        commentsType: item.commentsType ?? 1,
        displayMode: item.displayMode ?? 1,
        displayMark: item.displayMark ?? false,
        maximalMark: item.maximalMark ?? null,
        valueList: item.valueList ?? [],
        openedQuestions: item.openedQuestions ?? false,
        openedQuestionsAccess: item.openedQuestionsAccess ?? [],
        openedQuestionsType: item.openedQuestionsType ?? 1,
      })
      .returning({ id: questions.id });
    if (!row) throw new Error('demo seed: question not inserted');
    if (item.tutorAnswer)
      seeded.tutor.push({ questionId: row.id, value: item.tutorAnswer.value, answerComment: item.tutorAnswer.answerComment ?? null });
    if (item.managerAnswer !== undefined) seeded.manager.push({ questionId: row.id, value: item.managerAnswer, answerComment: null });
    if (item.rows) {
      const nested = await insertItems(tx, questionnaireId, item.rows, triad, row.id);
      seeded.tutor.push(...nested.tutor);
      seeded.manager.push(...nested.manager);
    }
  }
  return seeded;
}

type SignedReply = {
  questionnaireId: number;
  triadId: number;
  profile: 2 | 4;
  userId: number;
  answers: SeededAnswer[];
  marks?: { totalMark: number; maximalMark: number };
  signedAt: Date;
};

/** A signed reply with its answers and the signature audit row. */
async function insertSignedReply(tx: Tx, signed: SignedReply) {
  const { signedAt, userId } = signed;
  const [reply] = await tx
    .insert(replies)
    .values({
      questionnaireId: signed.questionnaireId,
      triadId: signed.triadId,
      profile: signed.profile,
      status: 3,
      version: 1,
      writerUserId: userId,
      signedAt,
      ...signed.marks,
    })
    .returning({ id: replies.id });
  if (!reply) throw new Error('demo seed: reply not inserted');
  await tx.insert(answers).values(signed.answers.map((answer) => ({ replyId: reply.id, ...answer })));
  await tx.insert(replySignatures).values({
    replyId: reply.id,
    signedAt,
    userId,
    ip: '127.0.0.1',
    userAgent: 'seed',
    digest: replyDigest(signed.answers),
  });
}

const daysBefore = (today: Date, days: number) => new Date(today.getTime() - days * 24 * 3600 * 1000);

/**
 * The demo questionnaires of the active course (issue 3, demo data): two years, three categories,
 * every field type, a grid and an open cluster, marks, comments, the interview date, varied
 * signers and windows relative to `today` (open, closed, not yet open), one signed by the tutor,
 * and a closed evaluation signed with marks by the manager for `graded`.
 */
export async function insertDemoQuestionnaires(
  tx: Tx,
  courseId: number,
  crewIds: number[],
  triad: DemoTriad,
  graded: GradedTriad,
  today = new Date(),
) {
  const categoryIds = (
    await tx
      .insert(questionnaireCategories)
      .values(CATEGORIES.map((title, position) => ({ trainingCourseId: courseId, title, position })))
      .returning({ id: questionnaireCategories.id })
  ).map((category) => category.id);
  for (const spec of QUESTIONNAIRES) {
    const [questionnaire] = await tx
      .insert(questionnaires)
      .values({
        trainingCourseId: courseId,
        categoryId: categoryIds[spec.category] ?? null,
        year: spec.year,
        title: spec.title,
        description: spec.description,
        visibleBy: [1, 2, 3, 4],
        signedBy: spec.signedBy,
        marksVisibleBy: spec.marks === true ? [2, 4] : [4],
        accessDates: accessDatesOf(spec.window, today),
        useComments: spec.useComments ?? false,
        useInterviewDate: spec.interviewDate ?? false,
        interviewDateLabel: spec.interviewDate === true ? 'Date de la visite en entreprise' : null,
        interviewDateVisibleBy: spec.interviewDate === true ? [2] : [],
        markAutomatic: spec.marks ?? false,
      })
      .returning({ id: questionnaires.id });
    if (!questionnaire) throw new Error('demo seed: questionnaire not inserted');
    const firstCrew = crewIds[0];
    if (spec.firstCrewOnly === true && firstCrew !== undefined) {
      await tx.insert(questionnaireCrews).values({ questionnaireId: questionnaire.id, crewId: firstCrew });
    }
    const seeded = await insertItems(tx, questionnaire.id, spec.items, triad, null);
    const questionnaireId = questionnaire.id;
    if (spec.signedByTutor === true) {
      await insertSignedReply(tx, {
        questionnaireId,
        triadId: triad.id,
        profile: 2,
        userId: triad.tutorId,
        answers: seeded.tutor,
        signedAt: daysBefore(today, 3),
      });
    }
    if (spec.gradedByManager) {
      await insertSignedReply(tx, {
        questionnaireId,
        triadId: graded.id,
        profile: 4,
        userId: graded.managerId,
        answers: seeded.manager,
        marks: spec.gradedByManager,
        signedAt: daysBefore(today, 20),
      });
    }
  }
}
