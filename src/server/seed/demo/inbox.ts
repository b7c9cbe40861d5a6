import type { Db } from '../../db/index';
import { berlinDay, isoWeekStart, shiftDay } from '../../lib/berlin-calendar';
import { loadDemoAccounts } from './demo-accounts';

const HOUR_MS = 3_600_000;

/** A message on the contact page, sent `hoursAgo`, from a demo address or a demo account ("lena"). */
interface DemoContact {
  name: string;
  /** The local part of the sender's demo address; a demo account's own makes the inbox link it. */
  from: string;
  subject: string;
  message: string;
  language: 'en' | 'de' | 'es' | 'fr' | 'pt';
  hoursAgo: number;
  status: 'new' | 'read' | 'answered' | 'closed' | 'spam';
  reply?: { subject: string; body: string };
}

/** The admin's inbox: new questions in several languages, one answered, one closed, one spam. */
export const DEMO_CONTACT_MESSAGES: readonly DemoContact[] = [
  {
    name: 'Sophie Martin',
    from: 'sophie.martin',
    subject: 'Guest spot à Berlin',
    message: 'Bonjour, je suis tatoueuse à Lyon. Comment puis-je contacter un studio pour un guest spot en mars ? Merci !',
    language: 'fr',
    hoursAgo: 3,
    status: 'new',
  },
  {
    name: 'Lena Ink',
    from: 'lena',
    subject: 'Rechnung für Featured-Status',
    message: 'Hallo Team, ich brauche für meine Buchhaltung die Rechnung mit meiner Steuernummer. Geht das nachträglich?',
    language: 'de',
    hoursAgo: 20,
    status: 'new',
  },
  {
    name: 'Carlos Ruiz',
    from: 'carlos.ruiz',
    subject: 'Borrar mi cuenta',
    message: 'Hola, quiero borrar todos mis datos de la plataforma. ¿Cómo lo hago?',
    language: 'es',
    hoursAgo: 52,
    status: 'read',
  },
  {
    name: 'Tom Becker',
    from: 'tom.becker',
    subject: 'Kooperation',
    message: 'Hallo, wir organisieren eine Tattoo-Convention in Leipzig und würden gern mit euch zusammenarbeiten.',
    language: 'de',
    hoursAgo: 75,
    status: 'answered',
    reply: {
      subject: 'Re: Kooperation',
      body: 'Hallo Tom,\n\ndanke für die Anfrage! Schick uns gern Termin und Details, dann melden wir uns nächste Woche.\n\nViele Grüße\nDas Team',
    },
  },
  {
    name: 'Ana Costa',
    from: 'ana.costa',
    subject: 'Obrigada!',
    message: 'Só queria dizer que encontrei um guest spot incrível em Lisboa através da vossa plataforma. Obrigada!',
    language: 'pt',
    hoursAgo: 120,
    status: 'closed',
  },
  {
    name: 'Best Followers',
    from: 'promo.followers',
    subject: 'Buy 10k Instagram followers now',
    message: 'Cheap followers for your studio!!! Click our link and get 10000 followers today.',
    language: 'en',
    hoursAgo: 30,
    status: 'spam',
  },
];

/**
 * The admin area's demo inbox: the messages above, with the reply kept for the answered one.
 * Runs once: nothing happens when a message from a demo address exists.
 */
export async function seedDemoContactMessages(db: Db, emailDomain: string): Promise<void> {
  const done = await db.selectFrom('contact_messages').select('id').where('email', 'like', `%@${emailDomain}`).limit(1).executeTakeFirst();
  if (done) return;
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const admin = [...byEmail.values()].find((u) => u.role === 'admin');
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const m of DEMO_CONTACT_MESSAGES) {
      const at = new Date(now - m.hoursAgo * HOUR_MS).toISOString();
      const row = await trx
        .insertInto('contact_messages')
        .values({
          name: m.name,
          email: `${m.from}@${emailDomain}`,
          subject: m.subject,
          message: m.message,
          language: m.language,
          user_id: byEmail.get(m.from)?.id ?? null,
          status: m.status,
          status_changed_at: m.status === 'new' ? null : at,
          handled: m.status === 'new' || m.status === 'read' ? 0 : 1,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (m.reply) {
        await trx
          .insertInto('contact_replies')
          .values({ message_id: row.id, admin_id: admin?.id ?? null, subject: m.reply.subject, body: m.reply.body, created_at: new Date(now - (m.hoursAgo - 4) * HOUR_MS).toISOString() })
          .execute();
      }
    }
  });
}

/** A number in [0, 1) from a seed, the same every run, so the demo charts look alike each time. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * A year of active days for the statistics' chart: each demo account shows up on some days of
 * each week since it registered, more often as the year goes on and less around the new year.
 * Runs once: nothing happens when a demo account has an active day more than a week ago.
 */
export async function seedDemoActivity(db: Db, emailDomain: string): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'created_at']).where('email_key', 'like', `%@${emailDomain}`).orderBy('id').execute();
  if (users.length === 0) return;
  const today = berlinDay(Date.now());
  const seeded = await db
    .selectFrom('user_activity')
    .select('user_id')
    .where('user_id', 'in', users.map((u) => u.id))
    .where('day', '<', shiftDay(today, -7))
    .limit(1)
    .executeTakeFirst();
  if (seeded) return;
  const rows: { user_id: number; day: string; week_start: string }[] = [];
  for (const [index, user] of users.entries()) {
    const joined = berlinDay(Date.parse(user.created_at));
    // Some accounts come by most days, others now and then.
    const habit = 0.1 + 0.5 * noise(index + 1);
    for (let back = 364; back >= 1; back--) {
      const day = shiftDay(today, -back);
      if (day < joined) continue;
      const growth = 0.6 + 0.4 * ((364 - back) / 364);
      const month = day.slice(5, 7);
      const season = month === '12' || month === '01' ? 0.6 : month >= '06' && month <= '08' ? 1.15 : 1;
      if (noise(user.id * 1000 + back) < habit * growth * season) rows.push({ user_id: user.id, day, week_start: isoWeekStart(day) });
    }
  }
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('user_activity')
      .values(rows.slice(i, i + 2000))
      .onConflict((oc) => oc.columns(['day', 'user_id']).doNothing())
      .execute();
  }
}
