import { crc32, deflateSync } from 'node:zlib';
import type { Tx } from '../db/client.js';
import { files, lessons, lessonSubjects, lessonUnits, webLinks } from '../db/schema/index.js';
import type { FileStore } from '../services/file-store.js';
import { renderPdf, storeDemoFile } from './demo-files.js';

/** A PNG of a network diagram's colours (bands and a grid), drawn without an image library. */
function renderDiagramPng(width: number, height: number, colors: [number, number, number][]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const grid = x % 40 === 0 || y % 40 === 0;
      const [r, g, b] = grid ? [255, 255, 255] : colors[Math.floor((x / width) * colors.length)]!;
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

type DemoLesson = { title: string; activity: string; workToDo: string; link?: string; handout?: string; diagram?: boolean };

/** Units → subjects → lessons of the demo course (BTS SIO): what the lessons screen and the manager lists show. */
const UNITS: { name: string; subjects: { name: string; lessons: DemoLesson[] }[] }[] = [
  {
    name: 'Bloc 1 : support et mise à disposition de services informatiques',
    subjects: [
      {
        name: 'Réseaux',
        lessons: [
          {
            title: 'Adressage IPv4 et sous-réseaux',
            activity:
              '<p>Découpage d’un réseau <strong>192.168.10.0/24</strong> en quatre sous-réseaux, calcul des masques et des passerelles.</p>',
            workToDo: '<ul><li>Terminer les exercices 3 à 6 du TD</li><li>Préparer le schéma du réseau de votre entreprise</li></ul>',
            link: 'https://fr.wikipedia.org/wiki/Sous-r%C3%A9seau',
            handout: 'TD adressage IPv4',
            diagram: true,
          },
          {
            title: 'Routage statique',
            activity: '<p>Configuration de routes statiques entre deux routeurs sous Packet Tracer.</p>',
            workToDo: '<p>Rendre la maquette Packet Tracer sur la plateforme avant vendredi.</p>',
          },
        ],
      },
      {
        name: 'Systèmes',
        lessons: [
          {
            title: 'Gestion des comptes sous Linux',
            activity: '<p>Création d’utilisateurs et de groupes, droits sur les fichiers (<code>chmod</code>, <code>chown</code>).</p>',
            workToDo: '<p>Écrire un script qui crée les comptes d’une liste CSV.</p>',
            link: 'https://doc.ubuntu-fr.org/utilisateurs',
          },
        ],
      },
    ],
  },
  {
    name: 'Bloc 2 : conception et développement d’applications',
    subjects: [
      {
        name: 'Développement web',
        lessons: [
          {
            title: 'Formulaires HTML et validation',
            activity: '<p>Construction d’un formulaire d’inscription accessible, validation côté navigateur puis côté serveur.</p>',
            workToDo: '<p>Ajouter la validation du code postal et du numéro de téléphone.</p>',
            handout: 'Fiche formulaires accessibles',
          },
        ],
      },
      { name: 'Bases de données', lessons: [] },
    ],
  },
];

const LINKS = [
  { name: 'Onisep : le BTS SIO', url: 'https://www.onisep.fr' },
  { name: 'Code du travail : contrat d’apprentissage', url: 'https://www.legifrance.gouv.fr' },
  { name: 'Service public : aides à l’apprentissage', url: 'https://www.service-public.fr' },
];

/** The course's units, subjects, lessons (with a PDF handout and a picture) and useful links, the files uploaded by the manager. */
export async function insertDemoLessons(
  tx: Tx,
  store: FileStore,
  input: { platformId: number; courseId: number; managerId: number | null },
): Promise<void> {
  const stored = async (name: string, mimeType: string, bytes: Buffer) => {
    const file = await storeDemoFile(store, name, mimeType, bytes);
    const [row] = await tx
      .insert(files)
      .values({ ...file, folder: 'lesson', platformId: input.platformId, uploadedBy: input.managerId })
      .returning({ id: files.id });
    return row!.id;
  };
  const diagram = renderDiagramPng(240, 140, [
    [28, 93, 153],
    [240, 140, 0],
    [46, 160, 67],
  ]);
  for (const [unitIndex, unit] of UNITS.entries()) {
    const [unitRow] = await tx
      .insert(lessonUnits)
      .values({ trainingCourseId: input.courseId, name: unit.name, position: unitIndex })
      .returning({ id: lessonUnits.id });
    for (const [subjectIndex, subject] of unit.subjects.entries()) {
      const [subjectRow] = await tx
        .insert(lessonSubjects)
        .values({ unitId: unitRow!.id, name: subject.name, position: subjectIndex })
        .returning({ id: lessonSubjects.id });
      for (const [lessonIndex, lesson] of subject.lessons.entries()) {
        const handout = lesson.handout
          ? await stored(`${lesson.handout}.pdf`, 'application/pdf', await renderPdf(lesson.handout, [lesson.title]))
          : null;
        const picture = lesson.diagram ? await stored('schema-reseau.png', 'image/png', diagram) : null;
        await tx.insert(lessons).values({
          subjectId: subjectRow!.id,
          title: lesson.title,
          activity: lesson.activity,
          workToDo: lesson.workToDo,
          link: lesson.link ?? null,
          lessonFileId: picture ?? handout,
          lessonFile2Id: picture ? handout : null,
          position: lessonIndex,
        });
      }
    }
  }
  const logo = await stored('onisep.png', 'image/png', renderDiagramPng(64, 64, [[28, 93, 153]]));
  await tx
    .insert(webLinks)
    .values(
      LINKS.map((link, index) => ({ trainingCourseId: input.courseId, ...link, logoFileId: index === 0 ? logo : null, position: index })),
    );
}
