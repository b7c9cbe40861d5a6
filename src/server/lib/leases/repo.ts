import type { Db } from '../../db/index';

/**
 * Inserts the lease, or updates a row that expired or is `holder`'s, in one statement on both
 * engines; a row of another live holder fails the WHERE and then nothing comes back. Answers
 * whether `holder` has the lease now.
 */
export async function takeLease(db: Db, name: string, holder: string, now: string, expiresAt: string): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at: eb.ref('excluded.expires_at') }))
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
