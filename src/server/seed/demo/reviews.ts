import type { Db } from '../../db/index';
import { createReviewService } from '../../modules/reviews/index';
import { loadDemoAccounts } from './demo-accounts';

/** A demo review between a studio and an artist (by demo e-mail name), written `daysAgo` days before the seeding. */
interface DemoReview {
  from: string;
  to: string;
  rating: number;
  comment: string | null;
  daysAgo: number;
}

/**
 * Reviews across the demo world, in the writer's language, so profiles, featured cards and the
 * artist list show real ratings. Nadelwerk Berlin (the demo studio login) reviews neither Mia
 * Fineline nor Kolja Tattoo, so a demo tour can leave a first review there.
 */
export const DEMO_REVIEWS: DemoReview[] = [
  { from: 'studio', to: 'lena', rating: 5, daysAgo: 21, comment: 'Lena war zwei Wochen bei uns zu Gast: super sauber, pünktlich und ihre Fine-Line-Arbeiten waren sofort ausgebucht. Jederzeit wieder!' },
  { from: 'anker', to: 'lena', rating: 4, daysAgo: 64, comment: 'Tolle Gastwoche, die Kundschaft war begeistert. Beim nächsten Mal bitte etwas früher die Motive schicken.' },
  { from: 'isarherz', to: 'lena', rating: 5, daysAgo: 120, comment: null },
  { from: 'studio', to: 'jonas.weber', rating: 5, daysAgo: 40, comment: 'Blackwork auf höchstem Niveau. Jonas arbeitet ruhig und konzentriert, unser Team hat viel gelernt.' },
  { from: 'domstich', to: 'jonas.weber', rating: 4, daysAgo: 95, comment: 'Zuverlässig und freundlich, gerne wieder.' },
  { from: 'grachten', to: 'anouk', rating: 5, daysAgo: 33, comment: 'Anouk’s dotwork sessions were booked out within a day. A pleasure to host.' },
  { from: 'tintanegra', to: 'carla', rating: 5, daysAgo: 18, comment: 'Carla es increíble: puntual, limpia y con un estilo propio. ¡Vuelve cuando quieras!' },
  { from: 'encrenoire', to: 'theo', rating: 4, daysAgo: 52, comment: 'Très bonne collaboration, des flashs superbes et une super ambiance au studio.' },
  { from: 'casadaagulha', to: 'ines', rating: 5, daysAgo: 27, comment: 'A Inês foi uma convidada fantástica. Trabalho limpo e clientes muito satisfeitos.' },
  { from: 'anker', to: 'tobias.klein', rating: 5, daysAgo: 75, comment: 'Traditional wie aus dem Bilderbuch. Tobi passt perfekt zu uns auf den Kiez.' },
  { from: 'lena', to: 'studio', rating: 5, daysAgo: 20, comment: 'Helle Räume, ein herzliches Team und die Termine waren schon vor meiner Ankunft organisiert. Klare Empfehlung für Gastspots!' },
  { from: 'jonas.weber', to: 'studio', rating: 4, daysAgo: 38, comment: 'Sehr professionell, gute Ausstattung. Das Gästezimmer war etwas laut, sonst alles top.' },
  { from: 'mia.schneider', to: 'studio', rating: 5, daysAgo: 110, comment: null },
  { from: 'lena', to: 'anker', rating: 4, daysAgo: 62, comment: 'Tolle Atmosphäre auf dem Kiez, viele Walk-ins. Die Abrechnung war fair und transparent.' },
  { from: 'marco', to: 'anker', rating: 5, daysAgo: 140, comment: null },
  { from: 'anouk', to: 'grachten', rating: 5, daysAgo: 31, comment: 'Lovely studio by the canal, great team and a very organised booking process.' },
  { from: 'carla', to: 'tintanegra', rating: 4, daysAgo: 16, comment: 'Un estudio muy acogedor. El equipo me ayudó con todo.' },
  { from: 'theo', to: 'encrenoire', rating: 5, daysAgo: 50, comment: 'Un atelier magnifique, je recommande à tous les artistes invités.' },
];

const DAY_MS = 86_400_000;

/**
 * Writes the demo reviews through the review service (so the ratings on the user rows are kept
 * as the app keeps them), then dates them back. Runs once: nothing when a demo account has
 * written a review already.
 */
export async function seedDemoReviews(db: Db, emailDomain: string): Promise<void> {
  const { ids, byEmail } = await loadDemoAccounts(db, emailDomain);
  if (ids.length === 0) return;
  const written = await db.selectFrom('reviews').select('id').where('reviewer_id', 'in', ids).limit(1).executeTakeFirst();
  if (written) return;
  const reviews = createReviewService({ db });
  const now = Date.now();
  // Oldest first, so ids grow with the dates as they do in use (lists are newest first by id).
  for (const r of [...DEMO_REVIEWS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const from = byEmail.get(r.from);
    const to = byEmail.get(r.to);
    if (!from || !to) continue;
    const { review } = await reviews.save(from, { reviewerId: from.id, reviewedId: to.id, rating: r.rating, comment: r.comment });
    const at = new Date(now - r.daysAgo * DAY_MS).toISOString();
    await db.updateTable('reviews').set({ created_at: at, updated_at: at }).where('id', '=', review.id).execute();
  }
}
