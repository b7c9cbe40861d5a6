import type { SessionUser } from '../../../common/schemas/session';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { consume } from '../../lib/rate-limit/index';
import { countVisits, insertVisit, userExists } from './repo';
import { anonymousVisitorKey, visitorNetwork } from './visitor';

/** Generous for someone browsing profiles, tight for a script inflating counts. */
export const VISIT_LIMIT = { name: 'profile-visit', max: 120, windowMs: 15 * 60_000 };

export type ProfileVisitDeps = Pick<AppContext, 'db' | 'rateLimits' | 'config'>;
export type ProfileVisitService = ReturnType<typeof createProfileVisitService>;

export function createProfileVisitService({ db, rateLimits, config }: ProfileVisitDeps) {
  return {
    /** Counts a visit attempt against the visitor's network; call it before judging the request. */
    async countAttempt(ip: string): Promise<void> {
      await consume(rateLimits, VISIT_LIMIT, [`net:${visitorNetwork(ip)}`]);
    },

    /** Records a visit once per visitor and day; the owner looking at their own profile is not one. */
    async record(profileId: number, viewer: SessionUser | null, ip: string): Promise<{ counted: boolean }> {
      if (!(await userExists(db, profileId))) throw notFound();
      if (viewer?.id === profileId) return { counted: false };
      const visitor = viewer ? `u:${viewer.id}` : anonymousVisitorKey(config.sessionSecret, ip);
      const now = new Date().toISOString();
      await insertVisit(db, profileId, visitor, now.slice(0, 10), now);
      return { counted: true };
    },

    countOf: (userId: number): Promise<number> => countVisits(db, userId),
  };
}
