import type { AdminRegistrationDay, AdminSummary } from '../../../common/schemas/admin';
import type { Db } from '../../db/index';
import { countNewContactMessages } from './contact-repo';
import { countFeaturedEndingSoon } from './featured-repo';
import { countImagesToReview } from './gallery-repo';
import { countPromotionsDue } from './instagram-repo';
import { countOpenReports } from './reports-repo';

const DAY_MS = 24 * 60 * 60_000;
/** Days of registrations the dashboard shows. */
export const REGISTRATION_DAYS = 7;

/** The work waiting in each area, each counted by the area that owns it, read side by side. */
export async function readSummary(db: Db, now: Date): Promise<AdminSummary> {
  const [openReports, imagesToReview, newContactMessages, promotionsDue, featuredEndingSoon] = await Promise.all([
    countOpenReports(db),
    countImagesToReview(db),
    countNewContactMessages(db),
    countPromotionsDue(db, now),
    countFeaturedEndingSoon(db, now),
  ]);
  return { openReports, imagesToReview, newContactMessages, promotionsDue, featuredEndingSoon };
}

// The team works in Germany: a day of registrations is a day on its clocks.
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Artist and studio accounts made on each of the last seven days, today included, oldest
 * first; a day without any is there with zeros. A week of sign-ups is a few hundred rows at
 * most, so they are counted here rather than grouped by a time-zone expression per engine.
 */
export async function readRegistrations(db: Db, now: Date): Promise<AdminRegistrationDay[]> {
  // Counted back on the calendar, not in 24-hour steps, which skip a day next to a 23-hour one.
  const [year, month, day] = berlinDay.format(now).split('-').map(Number) as [number, number, number];
  const days: AdminRegistrationDay[] = [];
  for (let i = REGISTRATION_DAYS - 1; i >= 0; i--) {
    days.push({ date: new Date(Date.UTC(year, month - 1, day - i)).toISOString().slice(0, 10), artist: 0, studio: 0 });
  }
  // A day more than the window, so the first Berlin day is whole whatever the offset.
  const since = new Date(now.getTime() - (REGISTRATION_DAYS + 1) * DAY_MS).toISOString();
  const rows = await db.selectFrom('users').select(['user_type', 'created_at']).where('created_at', '>=', since).execute();
  for (const row of rows) {
    const day = days.find((d) => d.date === berlinDay.format(new Date(row.created_at)));
    if (!day) continue;
    if (row.user_type === 'artist') day.artist += 1;
    else if (row.user_type === 'studio') day.studio += 1;
  }
  return days;
}
