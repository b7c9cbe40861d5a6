import { todayInBerlin } from '../../../common/schemas/listing-fields';
import type { Db } from '../../db/index';
import type { EventBus } from '../../lib/events/port';
import { MemoryRateLimitStore } from '../../lib/rate-limit/memory';
import { createMessageService } from '../../modules/messages/index';
import { loadDemoAccounts } from './demo-accounts';

/** One demo message: who writes to whom (demo e-mail names) and what. */
interface DemoMessage {
  from: string;
  to: string;
  text: string;
}

/**
 * The demo studio's inbox: Lena's application (below) and an unread question from Jonas; an
 * answered exchange with Mia; Lena talking to a second studio, with its answer unread for her.
 */
const DEMO_MESSAGES: DemoMessage[] = [
  { from: 'jonas.weber', to: 'studio', text: 'Hi! Ich bin im Oktober ein paar Tage in Berlin. Habt ihr da noch einen Platz frei?' },
  { from: 'jonas.weber', to: 'studio', text: 'Mein Portfolio findet ihr auf meinem Profil. Ich arbeite vor allem Neo Traditional.' },
  { from: 'mia.schneider', to: 'studio', text: 'Hallo ihr Lieben, danke nochmal für die tolle Woche bei euch!' },
  { from: 'studio', to: 'mia.schneider', text: 'Sehr gerne, Mia! Komm jederzeit wieder, die Kundschaft fragt schon nach dir.' },
  { from: 'mia.schneider', to: 'studio', text: 'Mach ich. Ich melde mich, sobald mein Kalender fürs Frühjahr steht.' },
  { from: 'lena', to: 'anker', text: 'Moin! Habt ihr im Sommer Platz für einen Fineline-Guest?' },
  { from: 'anker', to: 'lena', text: 'Moin Lena, im Juli ginge was. Schick uns gern ein paar abgeheilte Arbeiten.' },
];

const LENA_APPLICATION = 'Hallo Nadelwerk-Team! Ich würde sehr gern bei euch gasttätowieren. Meine Fineline-Arbeiten findet ihr in meinem Profil.';

// Nobody listens while the seed runs: the demo's browsers connect later and load the lists.
const silent: EventBus = { publish: () => undefined, subscribe: () => () => undefined, healthy: () => true, close: async () => undefined };

/**
 * Demo conversations, written through the message service so the conversation rows, unread
 * counts and the application card are what real use makes. Runs once: nothing happens when a
 * demo account has sent a message already.
 */
export async function seedDemoConversations(db: Db, emailDomain: string): Promise<void> {
  const { ids, byEmail } = await loadDemoAccounts(db, emailDomain);
  if (ids.length === 0) return;
  const sent = await db.selectFrom('messages').select('id').where('sender_id', 'in', ids).limit(1).executeTakeFirst();
  if (sent) return;
  const messages = createMessageService({ db, rateLimits: new MemoryRateLimitStore(), events: silent });

  const studio = byEmail.get('studio');
  const lena = byEmail.get('lena');
  if (studio && lena) {
    const spot = await db
      .selectFrom('guest_spots')
      .select('id')
      .where('studio_id', '=', studio.id)
      .where('is_active', '=', 1)
      .where('end_date', '>=', todayInBerlin())
      .orderBy('start_date')
      .limit(1)
      .executeTakeFirst();
    if (spot) await messages.apply(lena, spot.id, { content: LENA_APPLICATION }, 'de');
  }
  for (const m of DEMO_MESSAGES) {
    const from = byEmail.get(m.from);
    const to = byEmail.get(m.to);
    if (from && to) await messages.send(from, { recipient_id: to.id, content: m.text });
  }
  const mia = byEmail.get('mia.schneider');
  if (studio && mia) await messages.markRead(studio, mia.id);
}
