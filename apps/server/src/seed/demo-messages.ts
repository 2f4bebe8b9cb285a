import { PROFILE } from '@lea/shared';
import type { Tx } from '../db/client.js';
import { messageRecipients, messages } from '../db/schema/index.js';

type Person = 'apprenti' | 'tuteur' | 'maitre' | 'manager';
type DemoMessage = {
  from: Person;
  to: Person[];
  title: string;
  text: string;
  daysAgo: number;
  /** Who has opened it already; the others see it unread. */
  openedBy: Person[];
};

const PROFILE_OF: Record<Person, number> = {
  apprenti: PROFILE.apprentice,
  tuteur: PROFILE.tutor,
  maitre: PROFILE.apprenticeMaster,
  manager: PROFILE.manager,
};

/** Two conversations of the first triad; the apprenticeship master has not read the first one yet (the envelope shows 2). */
const CONVERSATIONS: DemoMessage[][] = [
  [
    {
      from: 'tuteur',
      to: ['apprenti', 'maitre'],
      title: 'Visite en entreprise du 12 décembre',
      text: '<p>Bonjour,</p><p>Je propose de passer <strong>le 12 décembre à 14 h</strong> pour la visite de mi-parcours. Cela vous convient-il ?</p>',
      daysAgo: 6,
      openedBy: ['apprenti'],
    },
    {
      from: 'apprenti',
      to: ['tuteur', 'maitre'],
      title: 'Visite en entreprise du 12 décembre',
      text: '<p>Bonjour, c’est noté de mon côté. Je prépare la démonstration du déploiement des postes.</p>',
      daysAgo: 5,
      openedBy: ['tuteur'],
    },
  ],
  [
    {
      from: 'manager',
      to: ['apprenti'],
      title: 'Convention de stage',
      text: '<p>Bonjour Lucas, la convention signée par l’entreprise est bien arrivée au CFA. Bonne continuation !</p>',
      daysAgo: 12,
      openedBy: ['apprenti'],
    },
  ],
];

/** The demo's messages (issue 16), so that `npm start` shows conversations, replies and an unread badge. */
export async function insertDemoMessages(tx: Tx, params: { platformId: number; courseId: number; people: Map<string, number> }) {
  const idOf = (person: Person) => {
    const id = params.people.get(person);
    if (id === undefined) throw new Error(`demo person ${person} missing`);
    return id;
  };
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  for (const conversation of CONVERSATIONS) {
    let motherId: number | null = null;
    for (const message of conversation) {
      const [row]: { id: number }[] = await tx
        .insert(messages)
        .values({
          platformId: params.platformId,
          trainingCourseId: params.courseId,
          motherId,
          senderId: idOf(message.from),
          senderProfile: PROFILE_OF[message.from],
          title: message.title,
          text: message.text,
          lastAt: daysAgo(conversation.at(-1)!.daysAgo),
          createdAt: daysAgo(message.daysAgo),
        })
        .returning({ id: messages.id });
      motherId ??= row!.id;
      await tx.insert(messageRecipients).values(
        message.to.map((person) => ({
          messageId: row!.id,
          recipientId: idOf(person),
          profile: PROFILE_OF[person],
          openedAt: message.openedBy.includes(person) ? daysAgo(message.daysAgo - 1) : null,
        })),
      );
    }
  }
}
