import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import type { Conversation, LiveEvent, Message, Thread } from '../../../common/schemas/messages';
import { describeEachEngine, useTestApp } from '../../test/app';
import { createArtist, createStudio, insertBareUsers, type TestUser } from '../../test/factories';
import { call } from '../../test/listing-factories';
import { block, send, unblock } from './testing';

const unread = async (app: FastifyInstance, user: TestUser) => (await call(app, 'GET', '/api/messages/unread-count', { as: user })).json().count as number;
const conversations = async (app: FastifyInstance, user: TestUser, query = '') =>
  (await call(app, 'GET', `/api/messages/conversations${query}`, { as: user })).json() as Conversation[];
const thread = async (app: FastifyInstance, user: TestUser, contact: number, query = '') =>
  (await call(app, 'GET', `/api/messages/contact/${contact}${query}`, { as: user })).json() as Thread;

describeEachEngine('messages', (engine) => {
  const t = useTestApp(engine);
  let artist: TestUser;
  let studio: TestUser;
  let third: TestUser;

  // A fresh pair per test keeps the rate limits and conversation rows of one test out of the next.
  beforeEach(async () => {
    [artist, studio, third] = await Promise.all([createArtist(t.app), createStudio(t.app), createArtist(t.app)]);
  });

  /**
   * Writes `count` studios without profiles straight into the table, answering their ids in order;
   * `prefix`, the engine and this test's artist make their names unique.
   */
  async function bareStudios(prefix: string, count: number): Promise<number[]> {
    const bare = Array.from({ length: count }, (_, i) => ({
      username: `${prefix}_${engine}_${i}_${artist.user.id}`,
      usernameKey: `${prefix}_${engine}_${i}_${artist.user.id}`,
      email: `${prefix}${i}_${artist.user.id}@example.test`,
      name: `${prefix} ${i}`,
      type: 'studio' as const,
    }));
    await insertBareUsers(t.app, bare);
    return (await t.app.ctx.db.selectFrom('users').select('id').where('username', 'in', bare.map((b) => b.username)).orderBy('id').execute()).map((r) => r.id);
  }

  it('sends a message: 201 with the message, both persons and the client id', async () => {
    const clientId = randomUUID();
    const res = await send(t.app, artist, studio.user.id, '  Hallo Studio!\nHast du im Mai Platz?  ', clientId);
    expect(res.statusCode).toBe(201);
    const { message } = res.json() as { message: Message };
    expect(message).toMatchObject({
      senderId: artist.user.id,
      receiverId: studio.user.id,
      content: 'Hallo Studio!\nHast du im Mai Platz?',
      isRead: false,
      readAt: null,
      reference: null,
      clientId,
      sender: { id: artist.user.id, name: artist.user.name, username: artist.user.username, avatar: null, userType: 'artist' },
      receiver: { id: studio.user.id, userType: 'studio' },
    });
    expect(Object.keys(message).sort()).toEqual(['clientId', 'content', 'createdAt', 'id', 'isRead', 'readAt', 'receiver', 'receiverId', 'reference', 'sender', 'senderId'].sort());
    expect(Date.parse(message.createdAt)).not.toBeNaN();
  });

  it('answers visitors 401 on every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages/conversations'],
      ['GET', `/api/messages/contact/${studio.user.id}`],
      ['PUT', `/api/messages/read/${studio.user.id}`],
      ['POST', '/api/messages'],
      ['DELETE', '/api/messages/1'],
      ['DELETE', `/api/messages/conversation/${studio.user.id}`],
      ['GET', '/api/messages/unread-count'],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { payload: { recipient_id: studio.user.id, content: 'Hi' } } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses malformed ids and bodies with 400 and unknown ids with 404', async () => {
    expect((await call(t.app, 'GET', '/api/messages/contact/abc', { as: artist })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/messages/contact/0', { as: artist })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/messages/contact/99999999', { as: artist })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/messages/contact/9999999999', { as: artist })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/messages/contact/${studio.user.id}?before=x`, { as: artist })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/api/messages/read/x1', { as: artist })).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/api/messages/read/99999999', { as: artist })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/messages/1.5', { as: artist })).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', '/api/messages/99999999', { as: artist })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/messages/conversation/99999999', { as: artist })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/messages/conversations?before=yesterday', { as: artist })).statusCode).toBe(400);
    const unknown = await send(t.app, artist, 99999999, 'Hallo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('userNotFound');
    for (const payload of [{}, { recipient_id: 'x', content: 'Hi' }, { recipient_id: studio.user.id }, { recipient_id: studio.user.id, content: 5 }, { recipient_id: studio.user.id, content: 'Hi', client_id: 'nope' }]) {
      const res = await call(t.app, 'POST', '/api/messages', { as: artist, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses empty, too long and self messages with the texts in the request language', async () => {
    const empty = await send(t.app, artist, studio.user.id, ' \n\t ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('messageEmpty');
    const long = await send(t.app, artist, studio.user.id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('messageTooLong');
    expect((await send(t.app, artist, studio.user.id, 'x'.repeat(5000))).statusCode).toBe(201);
    const self = await call(t.app, 'POST', '/api/messages', { as: artist, payload: { recipient_id: artist.user.id, content: 'Hi me' }, lang: 'de' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ success: false, code: 'messageSelf' });
    expect(self.json().error).not.toBe('messageSelf');
  });

  it('lets anyone message any user of either type', async () => {
    expect((await send(t.app, artist, third.user.id, 'Artist to artist')).statusCode).toBe(201);
    const otherStudio = await createStudio(t.app);
    expect((await send(t.app, studio, otherStudio.user.id, 'Studio to studio')).statusCode).toBe(201);
  });

  it('drops control characters other than line break and tab, and keeps markup as plain text', async () => {
    const res = await send(t.app, artist, studio.user.id, 'Hal\u0000lo\u0007 \u001b[31mdu\r\nTab\there\u007f');
    expect(res.statusCode).toBe(201);
    expect(res.json().message.content).toBe('Hallo [31mdu\nTab\there');
    const only = await send(t.app, artist, studio.user.id, '\u0000\u0001');
    expect(only.statusCode).toBe(400);
    expect(only.json().code).toBe('messageEmpty');

    const script = '<script>alert("x")</script> & <b>fett</b>';
    const sent = await send(t.app, artist, studio.user.id, script);
    expect(sent.json().message.content).toBe(script);
    const read = await thread(t.app, studio, artist.user.id);
    expect(read.messages.at(-1)?.content).toBe(script);
    expect((await conversations(t.app, studio))[0]?.lastMessage).toBe(script);
  });

  it('answers a repeated client id with the first message (200), never a second', async () => {
    const clientId = randomUUID();
    const first = await send(t.app, artist, studio.user.id, 'Once only', clientId);
    expect(first.statusCode).toBe(201);
    const again = await send(t.app, artist, studio.user.id, 'Once only', clientId);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toEqual(first.json().message);
    // Another sender may use the same UUID: the index is per sender.
    expect((await send(t.app, third, studio.user.id, 'Same id, other sender', clientId)).statusCode).toBe(201);
    const rows = await t.app.ctx.db.selectFrom('messages').select('id').where('client_id', '=', clientId).execute();
    expect(rows).toHaveLength(2);
    expect(await unread(t.app, studio)).toBe(2);
  });

  it('lists conversations newest first with the unread count and last message, and pages them', async () => {
    await send(t.app, artist, studio.user.id, 'First from artist');
    await send(t.app, third, studio.user.id, 'From the third');
    await send(t.app, third, studio.user.id, 'Again from the third');
    // Two sends in one millisecond tie on their time, and a tie goes to the higher contact id.
    await new Promise((r) => setTimeout(r, 5));
    await send(t.app, studio, artist.user.id, 'Studio answers the artist');

    const list = await conversations(t.app, studio);
    expect(list.map((c) => c.id)).toEqual([artist.user.id, third.user.id]);
    expect(list[0]).toEqual({
      id: artist.user.id,
      name: artist.user.name,
      username: artist.user.username,
      avatar: null,
      userType: 'artist',
      unreadCount: 1,
      lastMessage: 'Studio answers the artist',
      lastMessageTime: expect.any(String),
    });
    expect(list[1]).toMatchObject({ unreadCount: 2, lastMessage: 'Again from the third' });
    expect(await unread(t.app, studio)).toBe(3);
    expect(await unread(t.app, artist)).toBe(1);

    const first = list[0] as Conversation;
    const next = await conversations(t.app, studio, `?before=${encodeURIComponent(first.lastMessageTime as string)}&beforeId=${first.id}`);
    expect(next.map((c) => c.id)).toEqual([third.user.id]);
    expect(await conversations(t.app, studio, `?before=${encodeURIComponent('2000-01-01T00:00:00.000Z')}`)).toEqual([]);
  });

  it('pages conversations 50 at a time', async () => {
    const ids = await bareStudios('pager', 52);
    // Written through the database: the rate limits would stop an account this young at 20 new conversations a day.
    await t.app.ctx.db.updateTable('users').set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() }).where('id', '=', artist.user.id).execute();
    for (const id of ids) expect((await send(t.app, artist, id, `Hi ${id}`)).statusCode).toBe(201);
    const page = await conversations(t.app, artist);
    expect(page).toHaveLength(50);
    expect(page[0]?.id).toBe(ids.at(-1));
    const last = page.at(-1) as Conversation;
    const rest = await conversations(t.app, artist, `?before=${encodeURIComponent(last.lastMessageTime as string)}&beforeId=${last.id}`);
    expect(rest.map((c) => c.id)).toEqual([ids[1], ids[0]]);
  });

  it('shows a thread oldest first with the contact, 50 at a time, older ones by ?before=', async () => {
    for (let i = 1; i <= 55; i++) await send(t.app, i % 2 ? artist : studio, i % 2 ? studio.user.id : artist.user.id, `Nachricht ${i}`);
    const latest = await thread(t.app, artist, studio.user.id);
    expect(latest.messages).toHaveLength(50);
    expect(latest.hasMore).toBe(true);
    expect(latest.messages[0]?.content).toBe('Nachricht 6');
    expect(latest.messages.at(-1)?.content).toBe('Nachricht 55');
    expect(latest.contact).toEqual({ id: studio.user.id, name: studio.user.name, username: studio.user.username, avatar: null, userType: 'studio', canSend: true, blockedByMe: false });
    const older = await thread(t.app, artist, studio.user.id, `?before=${latest.messages[0]?.id}`);
    expect(older.messages.map((m) => m.content)).toEqual(['Nachricht 1', 'Nachricht 2', 'Nachricht 3', 'Nachricht 4', 'Nachricht 5']);
    expect(older.hasMore).toBe(false);
    const withThird = await thread(t.app, artist, third.user.id);
    expect(withThird).toMatchObject({ messages: [], hasMore: false, contact: { id: third.user.id, canSend: true } });
    const self = await thread(t.app, artist, artist.user.id);
    expect(self.contact.canSend).toBe(false);
  });

  it('marks a contact’s messages read with readAt, sets the unread count to 0 and leaves mine to them alone', async () => {
    await send(t.app, artist, studio.user.id, 'One');
    await send(t.app, artist, studio.user.id, 'Two');
    await send(t.app, studio, artist.user.id, 'Answer');
    expect(await unread(t.app, studio)).toBe(2);

    const other = await call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: third });
    expect(other.json()).toEqual({ success: true, updated: 0 });
    expect(await unread(t.app, studio)).toBe(2);

    const res = await call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: studio });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, updated: 2 });
    expect(await unread(t.app, studio)).toBe(0);
    expect((await conversations(t.app, studio))[0]?.unreadCount).toBe(0);
    const seen = await thread(t.app, artist, studio.user.id);
    const mine = seen.messages.filter((m) => m.senderId === artist.user.id);
    expect(mine.every((m) => m.isRead && m.readAt !== null)).toBe(true);
    expect(seen.messages.find((m) => m.senderId === studio.user.id)?.isRead).toBe(false);
    expect(await unread(t.app, artist)).toBe(1);
    expect((await call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: studio })).json().updated).toBe(0);
  });

  it('deletes a message for both: the sender only; the recipient gets 403, anyone else 404', async () => {
    await send(t.app, artist, studio.user.id, 'Keep me');
    const doomed = (await send(t.app, artist, studio.user.id, 'Delete me')).json().message as Message;
    expect(await unread(t.app, studio)).toBe(2);

    expect((await call(t.app, 'DELETE', `/api/messages/${doomed.id}`)).statusCode).toBe(401);
    const byRecipient = await call(t.app, 'DELETE', `/api/messages/${doomed.id}`, { as: studio });
    expect(byRecipient.statusCode).toBe(403);
    expect(byRecipient.json().code).toBe('messageNotSender');
    const byThird = await call(t.app, 'DELETE', `/api/messages/${doomed.id}`, { as: third });
    expect(byThird.statusCode).toBe(404);
    expect(byThird.json().code).toBe('messageNotFound');

    const res = await call(t.app, 'DELETE', `/api/messages/${doomed.id}`, { as: artist });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await call(t.app, 'DELETE', `/api/messages/${doomed.id}`, { as: artist })).statusCode).toBe(404);
    for (const [user, contact] of [[artist, studio], [studio, artist]] as const) {
      expect((await thread(t.app, user, contact.user.id)).messages.map((m) => m.content)).toEqual(['Keep me']);
      expect((await conversations(t.app, user))[0]?.lastMessage).toBe('Keep me');
    }
    expect(await unread(t.app, studio)).toBe(1);
  });

  it('leaves the conversation rows empty when the last message of a pair is deleted', async () => {
    const only = (await send(t.app, artist, studio.user.id, 'Only one')).json().message as Message;
    await call(t.app, 'DELETE', `/api/messages/${only.id}`, { as: artist });
    expect(await conversations(t.app, artist)).toEqual([]);
    expect(await conversations(t.app, studio)).toEqual([]);
    expect(await unread(t.app, studio)).toBe(0);
  });

  it('keeps a third user out of a pair’s messages', async () => {
    const message = (await send(t.app, artist, studio.user.id, 'Between us')).json().message as Message;
    const seen = await thread(t.app, third, artist.user.id);
    expect(seen.messages).toEqual([]);
    expect(await conversations(t.app, third)).toEqual([]);
    expect((await call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: third })).json().updated).toBe(0);
    expect((await call(t.app, 'DELETE', `/api/messages/${message.id}`, { as: third })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/messages/conversation/${artist.user.id}`, { as: third })).statusCode).toBe(200);
    expect((await thread(t.app, studio, artist.user.id)).messages).toHaveLength(1);
    expect(await unread(t.app, studio)).toBe(1);
  });

  it('hides a conversation for me only; a later message starts it afresh', async () => {
    await send(t.app, artist, studio.user.id, 'Old one');
    await send(t.app, studio, artist.user.id, 'Old answer');
    await send(t.app, artist, studio.user.id, 'Old two');
    expect(await unread(t.app, studio)).toBe(2);

    expect((await call(t.app, 'DELETE', `/api/messages/conversation/${artist.user.id}`)).statusCode).toBe(401);
    const res = await call(t.app, 'DELETE', `/api/messages/conversation/${artist.user.id}`, { as: studio });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await conversations(t.app, studio)).toEqual([]);
    expect((await thread(t.app, studio, artist.user.id)).messages).toEqual([]);
    expect(await unread(t.app, studio)).toBe(0);
    // The artist keeps everything.
    expect((await thread(t.app, artist, studio.user.id)).messages).toHaveLength(3);
    expect((await conversations(t.app, artist)).map((c) => c.id)).toEqual([studio.user.id]);

    await send(t.app, artist, studio.user.id, 'New start');
    const list = await conversations(t.app, studio);
    expect(list).toEqual([expect.objectContaining({ id: artist.user.id, unreadCount: 1, lastMessage: 'New start' })]);
    expect((await thread(t.app, studio, artist.user.id)).messages.map((m) => m.content)).toEqual(['New start']);
    expect(await unread(t.app, studio)).toBe(1);
  });

  it('refuses messages across a block either way with 403, and hides the conversation from the list and count', async () => {
    await send(t.app, artist, studio.user.id, 'Before the block');
    await block(t.app, studio, artist);

    for (const [from, to] of [[artist, studio], [studio, artist]] as const) {
      const res = await call(t.app, 'POST', '/api/messages', { as: from, payload: { recipient_id: to.user.id, content: 'Hallo?' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'messageBlocked', error: 'You can’t message this user.' });
    }
    expect(await conversations(t.app, studio)).toEqual([]);
    expect(await conversations(t.app, artist)).toEqual([]);
    expect(await unread(t.app, studio)).toBe(0);
    const blocker = await thread(t.app, studio, artist.user.id);
    expect(blocker.contact).toMatchObject({ canSend: false, blockedByMe: true });
    const blockedOne = await thread(t.app, artist, studio.user.id);
    expect(blockedOne.contact).toMatchObject({ canSend: false, blockedByMe: false });

    await unblock(t.app, studio, artist);
    expect(await unread(t.app, studio)).toBe(1);
    expect((await send(t.app, artist, studio.user.id, 'After the block')).statusCode).toBe(201);
  });

  it('answers 429 with Retry-After on the 61st message in a minute, and a retry of a sent one still answers', async () => {
    const clientId = randomUUID();
    for (let i = 1; i <= 60; i++) {
      const res = await send(t.app, artist, studio.user.id, `Nachricht ${i}`, i === 1 ? clientId : undefined);
      expect(res.statusCode, `message ${i}`).toBe(201);
    }
    const over = await send(t.app, artist, studio.user.id, 'Eine zu viel');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rateLimited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await send(t.app, artist, studio.user.id, 'Nachricht 1', clientId)).statusCode).toBe(200);
    // Limits are per sender.
    expect((await send(t.app, studio, artist.user.id, 'Ich darf noch')).statusCode).toBe(201);
  });

  it('lets a new account start 20 conversations a day, an older one 100', async () => {
    const ids = await bareStudios('contact', 22);
    for (const id of ids.slice(0, 20)) expect((await send(t.app, artist, id, 'Hallo!')).statusCode).toBe(201);
    const over = await send(t.app, artist, ids[20] as number, 'Hallo!');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing of the refused first message is kept.
    expect((await thread(t.app, artist, ids[20] as number)).messages).toEqual([]);
    // Writing on in a conversation that exists is not a new one.
    expect((await send(t.app, artist, ids[0] as number, 'Noch was')).statusCode).toBe(201);

    await t.app.ctx.db.updateTable('users').set({ created_at: new Date(Date.now() - 8 * 86_400_000).toISOString() }).where('id', '=', artist.user.id).execute();
    expect((await send(t.app, artist, ids[21] as number, 'Hallo!')).statusCode).toBe(201);
  });

  it('publishes each change live to the users it concerns', async () => {
    const heard = new Map<number, LiveEvent[]>();
    await t.app.ctx.events.ready?.();
    const stops = [artist, studio, third].map((u) => {
      heard.set(u.user.id, []);
      return t.app.ctx.events.subscribe(u.user.id, (event) => heard.get(u.user.id)?.push(event));
    });
    const types = (u: TestUser) => (heard.get(u.user.id) ?? []).map((e) => e.type);
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
      expect(check()).toBe(true);
    };
    try {
      const message = (await send(t.app, artist, studio.user.id, 'Live!')).json().message as Message;
      await until(() => types(studio).length === 2 && types(artist).length === 1);
      expect(heard.get(studio.user.id)).toEqual([{ type: 'message.created', message }, { type: 'unread.count', count: 1 }]);
      expect(heard.get(artist.user.id)).toEqual([{ type: 'message.created', message }]);

      await call(t.app, 'PUT', `/api/messages/read/${artist.user.id}`, { as: studio });
      await until(() => types(artist).includes('conversation.read') && types(studio).length === 3);
      expect(heard.get(artist.user.id)?.at(-1)).toEqual({ type: 'conversation.read', readerId: studio.user.id, contactId: artist.user.id, readAt: expect.any(String), upToId: message.id });
      expect(heard.get(studio.user.id)?.at(-1)).toEqual({ type: 'unread.count', count: 0 });

      await call(t.app, 'DELETE', `/api/messages/${message.id}`, { as: artist });
      const deleted = { type: 'message.deleted', id: message.id, senderId: artist.user.id, receiverId: studio.user.id };
      await until(() => types(artist).includes('message.deleted') && types(studio).includes('message.deleted'));
      expect(heard.get(artist.user.id)).toContainEqual(deleted);
      expect(heard.get(studio.user.id)).toContainEqual(deleted);
      expect(types(third)).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('takes a deleted account’s messages out of the other side’s list and count', async () => {
    await send(t.app, third, studio.user.id, 'Bald bin ich weg');
    await send(t.app, artist, studio.user.id, 'Ich bleibe');
    expect(await unread(t.app, studio)).toBe(2);
    const gone = await call(t.app, 'DELETE', '/api/profile/account', { as: third, payload: { password: third.password } });
    expect(gone.statusCode).toBe(200);
    expect((await conversations(t.app, studio)).map((c) => c.id)).toEqual([artist.user.id]);
    expect(await unread(t.app, studio)).toBe(1);
    expect((await call(t.app, 'GET', `/api/messages/contact/${third.user.id}`, { as: studio })).statusCode).toBe(404);
  });

  it('answers errors in the request language', async () => {
    const res = await call(t.app, 'POST', '/api/messages', { as: artist, payload: { recipient_id: studio.user.id, content: '' }, lang: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('messageEmpty');
    const en = await call(t.app, 'POST', '/api/messages', { as: artist, payload: { recipient_id: studio.user.id, content: '' }, lang: 'en' });
    expect(res.json().error).not.toBe(en.json().error);
  });
});
