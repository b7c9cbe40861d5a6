import { sql } from 'kysely';
import { isPostgresDb, type Db } from '../src/server/db/index';
import { stablePick } from './stable-pick';

// Rows per INSERT: 9 columns x 2,000 stays below SQLite's and PostgreSQL's parameter limits.
const BATCH = 2000;
const GROUP = 50_000;
/** Conversations of the account the bench reads with (the first studio, bench0@example.test). */
export const READER_CONTACTS = 400;
const PAIRS = 60_000;
const DAY_MS = 86_400_000;
const TEXTS = [
  'Hallo! Habt ihr im Sommer noch einen Gastplatz frei?',
  'Danke für die Nachricht, ich melde mich morgen mit den Terminen.',
  'Klingt super, dann bis bald!',
  'Can you send me a few healed pieces?',
  'Wir haben vom 12. bis 18. noch zwei Plätze.',
];

const pick = stablePick(0x27d4eb2d, 7);

interface PairState {
  lastId: number;
  last: string;
  lastSender: number;
  lastAt: string;
  /** Unread by the lower id (sent by the higher) and by the higher id. */
  unreadLow: number;
  unreadHigh: number;
}

/**
 * Adds `count` messages over a year among the scaled users, with the conversation rows they
 * imply, as the message service would have written them. The first studio takes part in
 * READER_CONTACTS conversations (the bench reads its list and count); the rest fall on
 * PAIRS random pairs. The last 2 % of the messages are unread. Batched inserts.
 */
export async function addScaledMessages(db: Db, count = 1_000_000): Promise<void> {
  // The four message indexes outgrow SQLite's default page cache within the first 100,000 rows;
  // a larger one (for this connection only) keeps the inserts from paging index nodes in and out.
  if (!isPostgresDb(db)) await sql`pragma cache_size = -262144`.execute(db);
  const users = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  if (users.length < READER_CONTACTS + 2) throw new Error('scaled messages need more users');
  const reader = users[0] as number;
  const pairs: [number, number][] = [];
  for (let k = 1; k <= READER_CONTACTS; k++) pairs.push([reader, users[k] as number]);
  for (let k = 0; pairs.length < PAIRS; k++) {
    const a = users[pick(k, 1, users.length)] as number;
    const b = users[pick(k, 2, users.length)] as number;
    if (a !== b) pairs.push([a, b]);
  }
  const state = new Map<string, PairState>();
  const start = Date.now() - 365 * DAY_MS;
  const step = (365 * DAY_MS) / count;
  const unreadFrom = Math.floor(count * 0.98);

  const row = (i: number) => {
    // A fifth of all messages fall on the reader's conversations, so its list is busy.
    const pair = pairs[i % 5 === 0 ? pick(i, 3, READER_CONTACTS) : pick(i, 4, pairs.length)] as [number, number];
    const [sender, receiver] = pick(i, 5, 2) ? pair : [pair[1], pair[0]];
    return {
      sender_id: sender,
      receiver_id: receiver,
      user_low: Math.min(sender, receiver),
      user_high: Math.max(sender, receiver),
      content: `${TEXTS[i % TEXTS.length]} (${i})`,
      is_read: i < unreadFrom ? 1 : 0,
      read_at: i < unreadFrom ? new Date(start + i * step + 60_000).toISOString() : null,
      client_id: null,
      created_at: new Date(start + i * step).toISOString(),
    };
  };
  const remember = (r: ReturnType<typeof row>, id: number) => {
    const key = `${r.user_low}:${r.user_high}`;
    const s = state.get(key) ?? { lastId: 0, last: '', lastSender: 0, lastAt: '', unreadLow: 0, unreadHigh: 0 };
    Object.assign(s, { lastId: id, last: r.content, lastSender: r.sender_id, lastAt: r.created_at });
    if (!r.is_read) {
      if (r.receiver_id === r.user_low) s.unreadLow++;
      else s.unreadHigh++;
    }
    state.set(key, s);
  };

  // Many statements per transaction: a commit per statement costs more than its inserts.
  for (let group = 0; group < count; group += GROUP) {
    await db.transaction().execute(async (trx) => {
      for (let from = group; from < Math.min(count, group + GROUP); from += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => row(from + k));
        const ids = await trx.insertInto('messages').values(rows).returning('id').execute();
        rows.forEach((r, k) => remember(r, (ids[k] as { id: number }).id));
      }
    });
  }

  const conversations = [...state.entries()].flatMap(([key, s]) => {
    const [low, high] = key.split(':').map(Number) as [number, number];
    const row = (user: number, contact: number, unread: number) => ({
      user_id: user,
      contact_id: contact,
      last_message_id: s.lastId,
      last_message: s.last,
      last_sender_id: s.lastSender,
      last_message_at: s.lastAt,
      unread_count: unread,
      hidden_until_id: 0,
      created_at: s.lastAt,
    });
    return [row(low, high, s.unreadLow), row(high, low, s.unreadHigh)];
  });
  for (let from = 0; from < conversations.length; from += BATCH) {
    await db.insertInto('conversations').values(conversations.slice(from, from + BATCH)).execute();
  }
}
