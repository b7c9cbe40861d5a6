import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, withLanguage, type Language } from '../../../common/languages';
import { buildPath, pathTo, profilePathTo } from '../../../common/routes';
import {
  SAVED_SEARCH_DIGEST_ITEMS,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_LIST_ROUTE,
  savedSearchQuery,
  type SavedSearchFilters,
  type SavedSearchFrequency,
  type SavedSearchKind,
} from '../../../common/schemas/saved-searches';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { t } from '../../i18n';
import { mailClaimedInRounds, scheduleMailJob, type MailTally } from '../../lib/mail/claimed-rounds';
import type { Mail } from '../../lib/mail/index';
import * as repo from './repo';
import { digestToken } from './token';

const MINUTE_MS = 60_000;
/** The job looks every five minutes: an instant search's hits go out on the next run. */
export const DIGEST_EVERY_MS = 5 * MINUTE_MS;
/**
 * A search is due once its last digest is this long ago. Daily and weekly: one run's period less
 * than a day (a week), so the digest does not drift later by a run each time. Instant: half a
 * run, so that of runs started together (a lease handed over, a restart) only the first claims a
 * user's searches, and their hits go out as one mail rather than split between the runs.
 */
export const DIGEST_GAP_MS: Record<SavedSearchFrequency, number> = {
  instant: DIGEST_EVERY_MS / 2,
  daily: 24 * 60 * MINUTE_MS - DIGEST_EVERY_MS,
  weekly: 7 * 24 * 60 * MINUTE_MS - DIGEST_EVERY_MS,
};
const BATCH_SIZE = 200;
const MAX_ROUNDS = 10;

export type DigestDeps = Pick<AppContext, 'db' | 'mailer' | 'config'>;

/** The public address of the one-click unsubscribe (List-Unsubscribe); a POST there pauses the digest's searches. */
export const digestOneClickUrl = (publicUrl: string, token: string) => `${publicUrl}/api/saved-searches/unsubscribe/${encodeURIComponent(token)}`;

interface DigestItem {
  title: string;
  place: string | null;
  url: string;
}

interface Section {
  search: repo.DueSearch;
  items: DigestItem[];
  total: number;
}

/** The items of a search's hits, named and linked, in the order found (gone ones left out). */
async function itemsOf(db: Db, hits: { item_kind: string; item_id: number }[]): Promise<DigestItem[]> {
  const ids = (kind: string) => hits.filter((h) => h.item_kind === kind).map((h) => h.item_id);
  const [spots, availabilities, artists] = await Promise.all([repo.guestSpotCards(db, ids('guest_spots')), repo.availabilityCards(db, ids('availabilities')), repo.artistCards(db, ids('artists'))]);
  const byKey = new Map<string, DigestItem>();
  for (const s of spots) byKey.set(`guest_spots:${s.id}`, { title: s.title, place: s.city_name, url: buildPath('guestSpot', { slug: s.slug }) });
  for (const a of availabilities) byKey.set(`availabilities:${a.id}`, { title: a.title, place: a.city_name, url: buildPath('availabilityDetail', { id: a.slug }) });
  for (const a of artists) byKey.set(`artists:${a.id}`, { title: a.name || a.username, place: null, url: profilePathTo(a.username) });
  return hits.flatMap((h) => byKey.get(`${h.item_kind}:${h.item_id}`) ?? []);
}

/** One user's digest of one frequency: a section per search (at most ten items, then a count linking to the list), with the RFC 8058 headers. */
export function composeDigest(config: DigestDeps['config'], user: { email: string; name: string; language: string | null }, sections: Section[]): Mail {
  const lang: Language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
  const url = (path: string) => `${config.publicUrl}${withLanguage(path, lang)}`;
  const blocks = sections.map(({ search, items, total }) => {
    const lines = [t(lang, 'mail:savedSearches.section', { name: search.name })];
    for (const item of items.slice(0, SAVED_SEARCH_DIGEST_ITEMS)) lines.push(`- ${item.place ? `${item.title} (${item.place})` : item.title}\n  ${url(item.url)}`);
    if (total > SAVED_SEARCH_DIGEST_ITEMS) {
      const listPath = `${buildPath(SAVED_SEARCH_LIST_ROUTE[search.kind as SavedSearchKind])}${savedSearchQuery(JSON.parse(search.filters) as SavedSearchFilters)}`;
      lines.push(t(lang, 'mail:savedSearches.more', { count: total - SAVED_SEARCH_DIGEST_ITEMS, link: url(listPath) }));
    }
    return lines.join('\n');
  });
  const token = digestToken(config.sessionSecret, sections.map((s) => s.search.id));
  const oneClick = digestOneClickUrl(config.publicUrl, token);
  const count = sections.reduce((n, s) => n + s.total, 0);
  return {
    to: user.email,
    subject: t(lang, 'mail:savedSearches.subject', { count }),
    text: t(lang, 'mail:savedSearches.body', {
      name: user.name,
      list: blocks.join('\n\n'),
      manageLink: `${config.publicUrl}${pathTo('dashboard', {}, lang)}#saved-searches`,
      unsubscribeLink: oneClick,
    }),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * One run of the digests at `now`, for each frequency in turn. Per round: the searches due (with
 * unmailed hits, their last digest long enough ago), each user's claimed together by a
 * conditional update of their `last_digest_at` (only the process whose update takes the rows
 * goes on), their hits marked mailed as they are read, then one mail per user with a section
 * per claimed search. A failed
 * mail is not retried: nobody gets the same hits twice.
 */
export async function runDigests(deps: DigestDeps, now: Date = new Date(), log?: (err: unknown, userId: number) => void): Promise<MailTally> {
  const { db, mailer, config } = deps;
  const at = now.toISOString();
  const tally: MailTally = { mailed: 0, failed: 0 };
  for (const frequency of SAVED_SEARCH_FREQUENCIES) {
    const mailedBefore = new Date(now.getTime() - DIGEST_GAP_MS[frequency]).toISOString();
    const result = await mailClaimedInRounds({
      mailer,
      batchSize: BATCH_SIZE,
      maxRounds: MAX_ROUNDS,
      nextRound: async () => {
        const due = await repo.dueSearches(db, frequency, mailedBefore, at, BATCH_SIZE);
        const dueByUser = new Map<number, repo.DueSearch[]>();
        for (const search of due) dueByUser.set(search.user_id, [...(dueByUser.get(search.user_id) ?? []), search]);
        const mails: [number, Section[]][] = [];
        for (const [userId, searches] of dueByUser) {
          const claimed = new Set(await repo.claimDigest(db, searches.map((s) => s.id), at, mailedBefore));
          const sections: Section[] = [];
          for (const search of searches) {
            if (!claimed.has(search.id)) continue;
            const items = await itemsOf(db, await repo.takeUnmailed(db, search.id, at));
            if (items.length) sections.push({ search, items, total: items.length });
          }
          if (sections.length) mails.push([userId, sections]);
        }
        return { found: due.length, claimed: mails };
      },
      compose: ([, sections]) => {
        const first = (sections[0] as Section).search;
        return composeDigest(config, { email: first.email, name: first.user_name, language: first.language }, sections);
      },
      onError: (err, [userId]) => log?.(err, userId),
    });
    tally.mailed += result.mailed;
    tally.failed += result.failed;
  }
  return tally;
}

/** The saved search digests, looked for every five minutes (`scheduleJob`: once across processes, under its lease). */
export function scheduleSavedSearchDigests(app: FastifyInstance): void {
  scheduleMailJob(app, {
    name: 'the saved search digests',
    everyMs: DIGEST_EVERY_MS,
    run: () => runDigests(app.ctx, new Date(), (err, userId) => app.log.error({ err, userId }, 'sending a saved search digest failed')),
    msg: 'saved search digests',
  });
}
