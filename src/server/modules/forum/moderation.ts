import { AppError } from '../../errors';
import * as repo from './repo';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * What an account earns in its first day, as on the best forums: a few threads and replies,
 * few links and one picture a post, so a spammer's fresh account cannot flood the forum
 * before anyone looks. Admins are staff and exempt.
 */
export const NEW_ACCOUNT = { ageMs: DAY_MS, threads: 3, replies: 10, links: 2, images: 1 } as const;
/** The same body posted again within this time is refused. */
export const REPEAT_WINDOW_MS = 10 * MINUTE_MS;

export interface ModerationInput {
  kind: 'thread' | 'reply' | 'edit';
  authorId: number;
  /** The title and the markdown, as they will be stored. */
  title?: string;
  body: string;
  /** Links to other sites in the rendered body, and pictures the post carries. */
  links: number;
  images: number;
  /** The edited post, left out of the repeat check. */
  postId?: number;
}

export interface Verdict {
  /** The word list matched: the post is published hidden, for an admin to look at. */
  hold: boolean;
}

/** Folds a text for the word list: lower case, accents off, so "Spám" matches "spam". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A matcher for whole words or phrases of the list; null for an empty list. */
export function wordMatcher(words: readonly string[]): ((text: string) => boolean) | null {
  const folded = [...new Set(words.map((w) => fold(w.trim())).filter(Boolean))];
  if (folded.length === 0) return null;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${folded.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'u');
  return (text) => pattern.test(fold(text));
}

const refusal = (status: number, code: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => new AppError(status, code, params, extra);

/**
 * The one hook every forum write passes before it is published, inside the write's
 * transaction after the author's row is locked (so one author's parallel posts are counted
 * one after another). It refuses (throws) or answers whether to hold the post for review.
 */
export function createModeration(heldWords: readonly string[], now: () => Date = () => new Date()) {
  const matches = wordMatcher(heldWords);

  return async function moderate(trx: repo.Trx, input: ModerationInput): Promise<Verdict> {
    const author = await repo.lockAuthor(trx, input.authorId);
    if (!author) throw refusal(401, 'unauthorized');
    const at = now();
    const age = at.getTime() - Date.parse(author.created_at);
    if (author.role !== 'admin' && age < NEW_ACCOUNT.ageMs) {
      if (input.links > NEW_ACCOUNT.links) throw refusal(400, 'forumNewAccountLinks', { max: NEW_ACCOUNT.links }, { field: 'body' });
      if (input.images > NEW_ACCOUNT.images) throw refusal(400, 'forumNewAccountImages', { max: NEW_ACCOUNT.images }, { field: 'imageIds' });
      if (input.kind !== 'edit') {
        const max = input.kind === 'thread' ? NEW_ACCOUNT.threads : NEW_ACCOUNT.replies;
        if ((await repo.countAuthorPosts(trx, input.authorId, input.kind)) >= max) {
          const seconds = Math.max(1, Math.ceil((NEW_ACCOUNT.ageMs - age) / 1000));
          const code = input.kind === 'thread' ? 'forumNewAccountThreads' : 'forumNewAccountReplies';
          throw refusal(429, code, { max, hours: Math.max(1, Math.ceil(seconds / 3600)) }, { retryAfter: seconds });
        }
      }
    }
    if (input.kind !== 'edit') {
      const since = new Date(at.getTime() - REPEAT_WINDOW_MS).toISOString();
      if (await repo.postedSameSince(trx, input.authorId, input.body, since, input.postId ?? 0)) throw refusal(409, 'forumDuplicatePost');
    }
    const hold = !!matches && author.role !== 'admin' && (matches(input.body) || (input.title !== undefined && matches(input.title)));
    return { hold };
  };
}

export type Moderate = ReturnType<typeof createModeration>;
