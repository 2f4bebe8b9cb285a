import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Triad } from '@lea/shared';
import { contracts, notepads, replies, triads, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { getAs, tokenFor } from '../test/auth.js';

/** The demo's activity (issue 4, demo data): notes of each profile, the timeline, info blocks, a terminated contract. */
describe('demo activity', () => {
  let test: TestApp;
  let triadId = 0;
  beforeAll(async () => {
    test = await createTestApp();
    const [row] = await test.app.ctx.db
      .select({ id: triads.id })
      .from(triads)
      .innerJoin(users, eq(users.id, triads.apprenticeId))
      .where(eq(users.username, 'apprenti'));
    triadId = row?.id ?? 0;
  });
  afterAll(async () => {
    await test.close();
  });

  const triadAs = async (username: string) =>
    Triad.parse((await getAs(test.app, `/api/fr/app/triad/${triadId}`, await tokenFor(test.app, username))).json());

  it('gives the demo triad notepad notes from the apprentice, the tutor and the master', async () => {
    const notes = await test.app.ctx.db.select().from(notepads).where(eq(notepads.triadId, triadId));
    expect(new Set(notes.map((note) => note.profile))).toEqual(new Set([1, 2, 3]));
  });

  it('has a timeline entry for each seeded note and signature, at the same moment, newest first', async () => {
    const { timelines } = await triadAs('apprenti');
    expect(timelines.length).toBeGreaterThan(4);
    const [signature] = await test.app.ctx.db.select().from(replies).where(isNotNull(replies.signedAt));
    const signedMinute = new Date(Math.floor((signature?.signedAt?.getTime() ?? 0) / 60_000) * 60_000).toISOString();
    expect(timelines).toContainEqual(
      expect.objectContaining({
        className: 'questionnaire',
        titlePart1: 'Julien Bernard',
        titlePart2: "Entretien d'intégration",
        minute: signedMinute,
      }),
    );
    expect(timelines).toContainEqual(
      expect.objectContaining({ className: 'note', titlePart1: 'Nathalie Dubois', titlePart2: 'Accès aux outils de l’entreprise' }),
    );
    const minutes = timelines.map((entry) => entry.minute);
    expect(minutes).toEqual([...minutes].sort().reverse());
  });

  it('fills and shows the four information panels of the main course', async () => {
    const { infoBlocks } = (await triadAs('apprenti')).trainingCourse;
    for (const block of [infoBlocks.presentation, infoBlocks.contact, infoBlocks.partner, infoBlocks.communication]) {
      expect(block).toMatchObject({ display: true, blockName: expect.any(String), content: expect.stringMatching(/^<p>/) });
    }
  });

  it('keeps a contract with a termination date and its cause', async () => {
    const terminated = await test.app.ctx.db.select().from(contracts).where(isNotNull(contracts.ruptureDate));
    expect(terminated.some((contract) => contract.ruptureCause !== null && contract.ruptureCause.length > 0)).toBe(true);
  });
});
