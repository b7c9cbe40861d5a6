import sharp from 'sharp';
import type { Db } from '../../db/index';
import type { Storage } from '../../lib/storage/index';
import { loadDemoAccounts } from './demo-accounts';

/**
 * One verified studio: Nadelwerk Berlin (the demo studio login) uploaded its trade registration
 * and an admin approved it, so its profile shows the badge and the studio sees the approved
 * state on its dashboard. The document is a generated page, kept privately like a real upload.
 * Once: nothing happens when the studio has a verification.
 */
export async function seedDemoVerification(db: Db, storage: Storage, emailDomain: string): Promise<void> {
  const { byEmail } = await loadDemoAccounts(db, emailDomain);
  const studio = byEmail.get('studio');
  if (!studio) return;
  const done = await db.selectFrom('studio_verifications').select('id').where('user_id', '=', studio.id).limit(1).executeTakeFirst();
  if (done) return;
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').limit(1).executeTakeFirst();
  const page = await sharp({ create: { width: 620, height: 877, channels: 3, background: '#f7f4ee' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="620" height="877"><text x="60" y="120" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#1c1b19">Gewerbeanmeldung</text><text x="60" y="180" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#1c1b19">Nadelwerk Berlin (Demo)</text></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const key = `verifications/${studio.id}/demo-trade-registration.png`;
  await storage.put(key, page, 'image/png');
  const created = new Date(Date.now() - 12 * 86_400_000).toISOString();
  await db
    .insertInto('studio_verifications')
    .values({ user_id: studio.id, status: 'approved', document_key: key, content_type: 'image/png', reason: null, created_at: created, decided_at: new Date(Date.now() - 11 * 86_400_000).toISOString(), decided_by: admin?.id ?? null })
    .execute();
}
