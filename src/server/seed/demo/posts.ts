import type { PostInput, PostStatus, PostType } from '../../../common/schemas/instagram';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import { deleteImageFiles } from '../../lib/images/index';
import { createStorage } from '../../lib/storage/index';
import { createInstagramService } from '../../modules/instagram/index';
import { loadDemoAccounts } from './demo-accounts';
import { processedPiece, type Piece } from './tattoos/pieces';

const HOUR_MS = 3_600_000;
const ALL_FIELDS = new Set<keyof PostInput>(['type', 'caption', 'hashtags', 'plannedAt', 'status', 'mediaId']);

/** A planned post of the demo artist, its time relative to the seeding. */
interface DemoPost {
  type: PostType;
  caption: string;
  hashtags: string[];
  status: Extract<PostStatus, 'draft' | 'planned' | 'published'>;
  /** When it is (or was) planned, hours from the seeding; null: not yet decided. */
  plannedInHours: number | null;
  /** The tattoo photo it shows (the caption's words must fit it), or none. */
  picture: Omit<Piece, 'id'> | null;
}

/** Lena's posts: one published last week, one planned for the weekend with a picture, one draft. */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    type: 'feed_post',
    caption: 'Frisch abgeheilt: feine Linien und ein paar Punkte, ganz ohne Schatten. Danke für euer Vertrauen!',
    hashtags: ['fineline', 'dotwork', 'berlintattoo'],
    status: 'published',
    plannedInHours: -30,
    picture: { family: 'botanical', fresh: false, aspect: '1:1' },
  },
  {
    type: 'story',
    caption: 'Gastspot bei Nadelwerk Berlin: ab nächster Woche sind noch zwei Termine frei. Schreibt mir!',
    hashtags: ['gastspot', 'guestspot', 'berlin', 'finelinetattoo'],
    status: 'planned',
    plannedInHours: 52,
    picture: { family: 'minimal', fresh: false, aspect: '1:1' },
  },
  {
    type: 'reel',
    caption: 'Vom Flash zum Tattoo – ein Blick über die Schulter.',
    hashtags: ['tattooprocess', 'flash'],
    status: 'draft',
    plannedInHours: null,
    picture: null,
  },
];

/**
 * The featured demo artist's planned posts, written through the planned-posts service as she
 * would write them (featured status, picture and time rules included), so the posts page and
 * the dashboard tile show each state. A published post is planned at a time now past, so it is
 * written with the service's clock set back. Runs after the purchases (the service wants her
 * featured) and once: with any post of hers it does nothing.
 */
export async function seedDemoPosts(db: Db, config: Config, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const lena = byEmail.get('lena');
  if (!lena) return;
  const user = await db.selectFrom('users').select('featured_until').where('id', '=', lena.id).executeTakeFirst();
  if (!user?.featured_until) return;
  const existing = await db.selectFrom('instagram_posts').select('id').where('user_id', '=', lena.id).limit(1).executeTakeFirst();
  if (existing) return;

  const storage = createStorage(config);
  const started = Date.now();
  let clock = new Date(started);
  const service = createInstagramService({ db, storage, deleteFiles: (urls) => deleteImageFiles(storage, urls), now: () => clock });
  for (const [index, post] of DEMO_POSTS.entries()) {
    const plannedAt = post.plannedInHours === null ? null : new Date(roundToHour(started + post.plannedInHours * HOUR_MS)).toISOString();
    // Written half a day before its time (after her purchase), so the service takes the time as one still to come.
    clock = plannedAt ? new Date(Math.min(started, Date.parse(plannedAt) - 12 * HOUR_MS)) : new Date(started);
    const picture = post.picture ? { ...post.picture, id: `post-lena-${index}` } : null;
    const media = picture ? await service.addMedia(lena, async () => (await processedPiece(picture, 'gallery')).source) : null;
    const input: PostInput = {
      type: post.type,
      caption: post.caption,
      hashtags: post.hashtags,
      plannedAt,
      status: post.status === 'draft' ? 'draft' : 'planned',
      mediaId: media?.id ?? null,
    };
    const created = await service.create(lena, input);
    if (post.status === 'published' && plannedAt) {
      clock = new Date(Date.parse(plannedAt) + HOUR_MS);
      await service.update(lena, created.id, { ...input, status: 'published' }, ALL_FIELDS);
    }
  }
  clock = new Date(started);
}

/** A time on the full hour, as people plan posts. */
function roundToHour(time: number): number {
  return Math.round(time / HOUR_MS) * HOUR_MS;
}
