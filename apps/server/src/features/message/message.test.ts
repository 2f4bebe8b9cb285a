import { count, eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Conversation,
  MessageActionResponse,
  MessageListResponse,
  MessageOpenedResponse,
  MessageRecipientsResponse,
  ReportedMessagesResponse,
  User,
} from '@lea/shared';
import { disallowedParts, XSS_PAYLOADS } from '@lea/shared/html-xss-cases';
import { mailOutbox, messages, users } from '../../db/schema/index.js';
import { createForeignCourse } from '../../test/foreign-course.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { messageFixture } from './test-helpers.js';

type Box = { innerHTML: string; querySelectorAll(selector: string): Parameters<typeof disallowedParts>[0] };
const { document } = new JSDOM('').window as unknown as { document: { createElement(tag: string): Box } };
const activeParts = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return disallowedParts(box.querySelectorAll('*'));
};

describe('messaging (spec 2 §2, §7)', () => {
  let test: TestApp;
  let f: Awaited<ReturnType<typeof messageFixture>>;

  beforeAll(async () => {
    test = await createTestApp();
    f = await messageFixture(test);
  });
  afterAll(async () => {
    await test.close();
  });

  const unreadOf = async (username: Parameters<typeof f.call>[0]) =>
    User.parse((await f.call(username, 'GET', '/app/user/me')).json()).userNewMessage;
  const messageCount = async () => (await test.app.ctx.db.select({ total: count() }).from(messages))[0]?.total ?? 0;

  it('answers 401 without a token', async () => {
    expect((await f.call(null, 'GET', '/app/message/list/')).statusCode).toBe(401);
    expect((await f.call(null, 'POST', '/app/message/post', {})).statusCode).toBe(401);
    expect((await f.call(null, 'GET', '/app/message/events')).statusCode).toBe(401);
  });

  it("groups a triad's recipients by profile, the caller left out; 403 outside the triad, 404 unknown", async () => {
    const response = await f.call('apprenti', 'GET', `/app/message/recipients/${f.triadId}`);
    expect(response.statusCode).toBe(200);
    const answer = MessageRecipientsResponse.parse(response.json());
    expect(answer.trainingCourse).toBe(f.courseId);
    const byProfile = Object.fromEntries(answer.groups.map((group) => [group.profile, group.recipients.map((person) => person.id)]));
    expect(byProfile[2]).toContain(f.ids.tuteur);
    expect(byProfile[3]).toContain(f.ids.maitre);
    expect(byProfile[4]).toContain(f.ids.manager);
    expect(answer.groups.flatMap((group) => group.recipients.map((person) => person.id))).not.toContain(f.ids.apprenti);
    expect(answer.groups.flatMap((group) => group.recipients.map((person) => person.id))).not.toContain(f.ids.apprenti3);
    expect((await f.call('apprenti3', 'GET', `/app/message/recipients/${f.triadId}`)).statusCode).toBe(403);
    expect((await f.call('apprenti', 'GET', '/app/message/recipients/999999')).statusCode).toBe(404);
    expect((await f.call('apprenti', 'GET', '/app/message/recipients/abc')).statusCode).toBe(400);
    // Without a triad: every triad of the caller.
    const all = MessageRecipientsResponse.parse((await f.call('apprenti', 'GET', '/app/message/recipients')).json());
    expect(all.groups.flatMap((group) => group.recipients.map((person) => person.id))).toContain(f.ids.tuteur);
  });

  it("gives the manager area's recipients to the course's managers only; another platform's course is 404", async () => {
    const response = await f.call('manager', 'GET', `/app/lea-manager/${f.courseId}/message/recipients`);
    expect(response.statusCode).toBe(200);
    const ids = MessageRecipientsResponse.parse(response.json()).groups.flatMap((group) => group.recipients.map((person) => person.id));
    expect(ids).toEqual(expect.arrayContaining([f.ids.apprenti, f.ids.apprenti3, f.ids.tuteur]));
    const oneTriad = await f.call('manager', 'GET', `/app/lea-manager/${f.courseId}/message/recipients/${f.triadId}`);
    expect(MessageRecipientsResponse.parse(oneTriad.json()).groups.flatMap((g) => g.recipients.map((p) => p.id))).not.toContain(
      f.ids.apprenti3,
    );
    expect((await f.call('apprenti', 'GET', `/app/lea-manager/${f.courseId}/message/recipients`)).statusCode).toBe(403);
    const foreign = await createForeignCourse(test.app.ctx.db, 'autre-message.example');
    expect((await f.call('manager', 'GET', `/app/lea-manager/${foreign.courseId}/message/recipients`)).statusCode).toBe(404);
    expect((await f.call('admin', 'GET', `/app/lea-manager/${f.courseId}/message/recipients`)).statusCode).toBe(200);
  });

  it('refuses bad messages with field errors and writes nothing', async () => {
    const before = await messageCount();
    const base = { title: 'Objet', text: '<p>Texte</p>', trainingCourse: f.courseId };
    const refused = async (body: unknown, field: string, status = 400) => {
      const response = await f.call('apprenti', 'POST', '/app/message/post', body);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 400) expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    };
    await refused({ ...base, messageRecipients: [] }, 'messageRecipients');
    await refused({ ...base, title: ' ', messageRecipients: [{ recipient: f.ids.tuteur, profile: 2 }] }, 'title');
    await refused({ ...base, messageRecipients: [{ recipient: f.ids.apprenti3, profile: 1 }] }, 'messageRecipients');
    await refused({ ...base, messageRecipients: [{ recipient: f.ids.tuteur, profile: 1 }] }, 'messageRecipients');
    await refused({ ...base, text: '<p> </p>', messageRecipients: [{ recipient: f.ids.tuteur, profile: 2 }] }, 'text');
    const othersFile = await f.upload('tuteur');
    await refused({ ...base, messageFile: othersFile, messageRecipients: [{ recipient: f.ids.tuteur, profile: 2 }] }, 'messageFile');
    await refused({ ...base, messageRecipients: [{ recipient: 'x', profile: 2 }] }, 'messageRecipients.0.recipient');
    await refused({ ...base, messageRecipients: [{ recipient: f.ids.tuteur, profile: 9 }] }, 'messageRecipients.0.profile');
    await refused({ ...base, mother: 2_147_483_648, messageRecipients: [] }, 'mother');
    await refused({ ...base, mother: 999_999 }, '', 404);
    const foreign = await createForeignCourse(test.app.ctx.db, 'autre-post.example');
    await refused({ ...base, trainingCourse: foreign.courseId, messageRecipients: [{ recipient: f.ids.tuteur, profile: 2 }] }, '', 404);
    expect(await messageCount()).toBe(before);
    const english = await f.call('apprenti', 'POST', '/app/message/post', { ...base, messageRecipients: [] }, 'en');
    expect(english.json().message).toBe('Please choose at least one recipient');
  });

  it('sends with an attachment; the unread counts rise, opening lowers them, only readers see it', async () => {
    const fileId = await f.upload('apprenti');
    expect(await unreadOf('tuteur')).toBe(0);
    const sent = await f.post('apprenti', {
      title: 'Convention de stage',
      text: '<p>Voici la convention</p>',
      messageFile: fileId,
      trainingCourse: f.courseId,
      messageRecipients: [{ recipient: f.ids.tuteur, profile: 2 }],
    });
    expect(sent.messages[0]).toMatchObject({ title: 'Convention de stage', canRemove: true, sender: { id: f.ids.apprenti } });
    expect(sent.messages[0]?.messageFile).toMatchObject({ originalName: 'convention.pdf', isPicture: false });
    expect(sent.messages[0]?.messageFile?.url).toMatch(/^\/download-file\/.*signature=/);
    expect(await unreadOf('tuteur')).toBe(1);
    expect(await unreadOf('apprenti')).toBe(0);

    const list = MessageListResponse.parse((await f.call('tuteur', 'GET', '/app/message/list/')).json());
    expect(list.userNewMessage).toBe(1);
    expect(list.messages[0]).toMatchObject({ id: sent.id, userNew: 1, last: { sender: { id: f.ids.apprenti } } });

    expect((await f.call('maitre', 'GET', `/app/message/show/${sent.id}`)).statusCode).toBe(403);
    expect((await f.call('maitre', 'PUT', `/app/message/opened/${sent.id}`)).statusCode).toBe(403);
    expect((await f.call('tuteur', 'PUT', '/app/message/opened/999999')).statusCode).toBe(404);
    expect((await f.call('tuteur', 'PUT', '/app/message/opened/0')).statusCode).toBe(400);

    const shown = Conversation.parse((await f.call('tuteur', 'GET', `/app/message/show/${sent.id}`)).json());
    expect(shown).toMatchObject({ userNew: 1, messages: [{ unread: true, canRemove: false }] });
    const opened = MessageOpenedResponse.parse((await f.call('tuteur', 'PUT', `/app/message/opened/${sent.id}`)).json());
    expect(opened).toEqual({ result: true, opened: 1, userNewMessage: 0 });
    expect(await unreadOf('tuteur')).toBe(0);
  });

  it('sends a reply to the conversation’s other people, and the sender alone deletes a message', async () => {
    const first = await f.write('apprenti', 'tuteur', 2, 'Question sur le planning');
    const reply = await f.post('tuteur', { mother: first.id, text: '<p>Réponse</p>' });
    expect(reply.id).toBe(first.id);
    expect(reply.messages.map((message) => message.sender.id)).toEqual([f.ids.apprenti, f.ids.tuteur]);
    expect(reply.messages[1]?.messageRecipients).toEqual([{ recipient: expect.objectContaining({ id: f.ids.apprenti }), profile: 1 }]);
    expect(await unreadOf('apprenti')).toBe(1);
    expect((await f.call('maitre', 'POST', '/app/message/post', { mother: first.id, text: '<p>x</p>' })).statusCode).toBe(403);

    const replyId = reply.messages[1]!.id;
    expect((await f.call('apprenti', 'DELETE', `/app/message/remove/${replyId}`)).statusCode).toBe(403);
    expect((await f.call('maitre', 'DELETE', `/app/message/remove/${replyId}`)).statusCode).toBe(403);
    expect((await f.call('tuteur', 'DELETE', '/app/message/remove/999999')).statusCode).toBe(404);
    const removed = await f.call('tuteur', 'DELETE', `/app/message/remove/${replyId}`);
    expect(MessageActionResponse.parse(removed.json())).toMatchObject({ success: true, message: 'Le message a été supprimé' });
    const after = Conversation.parse((await f.call('apprenti', 'GET', `/app/message/show/${first.id}`)).json());
    expect(after.messages[1]).toMatchObject({ deleted: true, text: '', canRemove: false, unread: false });
    expect(await unreadOf('apprenti')).toBe(0);
  });

  it("lets a reader report a message, kept for the course's managers", async () => {
    const message = await f.write('tuteur', 'apprenti', 1, 'Message à signaler', '<p>Contenu déplacé</p>');
    expect((await f.call('tuteur', 'PUT', `/app/message/report/${message.id}`)).statusCode).toBe(403);
    expect((await f.call('maitre', 'PUT', `/app/message/report/${message.id}`)).statusCode).toBe(403);
    expect((await f.call('apprenti', 'PUT', '/app/message/report/999999')).statusCode).toBe(404);
    const reported = await f.call('apprenti', 'PUT', `/app/message/report/${message.id}`, undefined, 'en');
    expect(MessageActionResponse.parse(reported.json()).message).toBe("The message has been reported to the training course's managers");
    expect((await f.call('apprenti', 'PUT', `/app/message/report/${message.id}`)).statusCode).toBe(200);
    const shown = Conversation.parse((await f.call('apprenti', 'GET', `/app/message/show/${message.id}`)).json());
    expect(shown.messages[0]?.reported).toBe(true);

    const list = await f.call('manager', 'GET', `/app/lea-manager/${f.courseId}/message/reported`);
    expect(list.statusCode).toBe(200);
    const entry = ReportedMessagesResponse.parse(list.json()).messages.find((item) => item.id === message.id);
    expect(entry).toMatchObject({ title: 'Message à signaler', text: '<p>Contenu déplacé</p>', sender: { id: f.ids.tuteur } });
    expect(entry?.reports).toEqual([{ reporter: { id: f.ids.apprenti, fullName: expect.any(String) }, date: expect.any(String) }]);
    expect((await f.call('apprenti', 'GET', `/app/lea-manager/${f.courseId}/message/reported`)).statusCode).toBe(403);
    const foreign = await createForeignCourse(test.app.ctx.db, 'autre-report.example');
    expect((await f.call('manager', 'GET', `/app/lea-manager/${foreign.courseId}/message/reported`)).statusCode).toBe(404);
  });

  it('keeps scripts, handlers and javascript: links out of what is stored and what another user is served', async () => {
    const payload = Object.values(XSS_PAYLOADS).join('');
    const sent = await f.write('apprenti', 'tuteur', 2, 'XSS', `<p>Bonjour</p>${payload}`);
    const [stored] = await test.app.ctx.db.select({ text: messages.text }).from(messages).where(eq(messages.id, sent.id));
    expect(stored?.text).toContain('Bonjour');
    expect(activeParts(stored!.text)).toEqual([]);
    expect(stored?.text).not.toMatch(/<script|onerror|javascript:/i);
    const served = Conversation.parse((await f.call('tuteur', 'GET', `/app/message/show/${sent.id}`)).json());
    expect(activeParts(served.messages[0]!.text)).toEqual([]);
    expect(served.messages[0]!.text).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("reads and sets the caller's own mail preference; a bad body is 400 and changes nothing", async () => {
    expect((await f.call(null, 'GET', '/app/message/notification')).statusCode).toBe(401);
    expect((await f.call('maitre', 'GET', '/app/message/notification')).json()).toEqual({ messageNotification: false });
    expect((await f.call('maitre', 'PUT', '/app/message/notification', { messageNotification: 'yes' })).statusCode).toBe(400);
    expect((await f.call('maitre', 'PUT', '/app/message/notification', { messageNotification: true, id: f.ids.tuteur })).statusCode).toBe(
      400,
    );
    expect((await f.call('maitre', 'GET', '/app/message/notification')).json()).toEqual({ messageNotification: false });
    const saved = await f.call('maitre', 'PUT', '/app/message/notification', { messageNotification: true });
    expect(saved.json()).toEqual({ messageNotification: true });
    expect((await f.call('maitre', 'GET', '/app/message/notification')).json()).toEqual({ messageNotification: true });
    expect((await f.call('tuteur', 'GET', '/app/message/notification')).json()).toEqual({ messageNotification: false });
  });

  it('mails the recipients who asked for it in their profile', async () => {
    await f.post('apprenti', {
      title: 'Visite en entreprise',
      text: '<p>Date</p>',
      trainingCourse: f.courseId,
      messageRecipients: [
        { recipient: f.ids.maitre, profile: 3 },
        { recipient: f.ids.tuteur, profile: 2 },
      ],
    });
    const mails = await test.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'message'));
    const [maitre] = await test.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, f.ids.maitre));
    expect(mails.map((mail) => mail.toAddress)).toEqual([maitre!.email]);
    expect(mails[0]?.subject).toBe('Nouveau message : Visite en entreprise');
  });

  it("answers 404 for another platform's message", async () => {
    const foreign = await createForeignCourse(test.app.ctx.db, 'autre-show.example');
    const [row] = await test.app.ctx.db
      .insert(messages)
      .values({ platformId: foreign.platformId, senderId: f.ids.apprenti, senderProfile: 1, title: 'Ailleurs', text: '<p>x</p>' })
      .returning({ id: messages.id });
    for (const [method, path] of [
      ['GET', `/app/message/show/${row!.id}`],
      ['PUT', `/app/message/opened/${row!.id}`],
      ['PUT', `/app/message/report/${row!.id}`],
      ['DELETE', `/app/message/remove/${row!.id}`],
    ] as const) {
      expect((await f.call('apprenti', method, path)).statusCode).toBe(404);
    }
  });
});
