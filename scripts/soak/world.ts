import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { Client, sessionCookie, type Answer } from './client';

/** A soak account: its session, a partner it writes to, and the address its requests come from. */
export interface Person {
  id: number;
  username: string;
  email: string;
  cookie: string;
  artist: boolean;
  ip: string;
  partner: number;
}

export interface World {
  people: Person[];
  threads: number[];
  categorySlug: string;
}

export const PASSWORD = 'Soak-and-ink-2026';

/** An address in 10.0.0.0/8, so per-address limits see many clients as behind a real balancer. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expect(answer: Answer, statuses: number[], what: string): Answer {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer;
}

async function inBatches<T>(count: number, parallel: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await make(i);
      }
    }),
  );
  return out;
}

/**
 * The accounts and content the load works on, made through the public API before it starts:
 * `count` people (every second one an artist) in pairs that write to each other, and a handful
 * of forum threads to reply in. Registration is limited per address, so
 * each comes from an address of its own.
 */
export async function buildWorld(baseUrl: string, count: number, log: (line: string) => void): Promise<World> {
  const client = new Client(baseUrl, 8);
  const tag = Date.now().toString(36);
  try {
    const started = Date.now();
    const registered = await inBatches(count, 4, async (i) => {
      const username = `soak${tag}${i}`;
      const email = `${username}@example.test`;
      const artist = i % 2 === 0;
      const ip = randomIp();
      const body = JSON.stringify({ email, username, password: PASSWORD, userType: artist ? 'artist' : 'studio' });
      const answer = expect(
        await client.send('POST', '/api/auth/register', { headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body, keepBody: true }),
        [201],
        `registering ${username}`,
      );
      const { user } = JSON.parse(answer.body) as { user: { id: number } };
      return { id: user.id, username, email, cookie: sessionCookie(answer), artist, ip, partner: 0 };
    });
    for (const [i, person] of registered.entries()) person.partner = (registered[i % 2 === 0 ? i + 1 : i - 1] ?? registered[0] as Person).id;
    log(`  ${count} accounts in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const categories = JSON.parse(expect(await client.send('GET', '/api/forum/categories', { keepBody: true }), [200], 'forum categories').body) as {
      categories: { id: number; slug: string }[];
    };
    const category = categories.categories[0];
    if (!category) throw new Error('the forum has no categories');
    const threads = await inBatches(Math.min(8, count), 2, async (i) => {
      const author = registered[i] as Person;
      const body = JSON.stringify({ categoryId: category.id, title: `Soak thread ${i} about guest spots`, body: `Where do you travel next season? Thread ${i} of the soak run.` });
      const answer = expect(
        await client.send('POST', '/api/forum/threads', { headers: { 'content-type': 'application/json', cookie: author.cookie, 'x-forwarded-for': author.ip }, body, keepBody: true }),
        [200, 201],
        'creating a forum thread',
      );
      return (JSON.parse(answer.body) as { thread: { id: number } }).thread.id;
    });
    return { people: registered, threads, categorySlug: category.slug };
  } finally {
    client.close();
  }
}

/** A small picture of a colour of its own: uploads are content-addressed, so equal bytes would be one object. */
export function freshPicture(): Promise<Buffer> {
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  return sharp({ create: { width: 120, height: 90, channels: 3, background } }).png().toBuffer();
}
