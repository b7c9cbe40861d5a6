import type { Selectable, Transaction } from 'kysely';
import { isDbId } from '../../../common/schemas/ids';
import { isPostgresDb, type Db } from '../../db/index';
import type { AgreementAcceptancesTable, Database, StaysTable } from '../../db/schema';

export type StayRow = Selectable<StaysTable>;
export type AcceptanceRow = Selectable<AgreementAcceptancesTable>;

/** A party as the agreement names it, with what its mail needs. */
export interface PartyRow {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  user_type: string;
  email: string;
  language: string | null;
  email_on_message: number;
}

/**
 * The statements of agreements. The stays themselves belong to the deals module; this reads
 * their rows directly (the terms snapshot, the days, the parties) and writes only acceptances.
 */
export function createAgreementRepo(db: Db) {
  const postgres = isPostgresDb(db);

  return {
    transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn);
    },

    /**
     * A stay; in a transaction on PostgreSQL its row stays locked until the end, so a
     * cancellation or a change of terms waits for an acceptance under way (and the other way round).
     */
    async stay(id: number, trx?: Transaction<Database>): Promise<StayRow | undefined> {
      if (!isDbId(id)) return undefined;
      const q = (trx ?? db).selectFrom('stays').selectAll().where('id', '=', id);
      return (trx && postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    async parties(ids: number[]): Promise<PartyRow[]> {
      const valid = [...new Set(ids.filter(isDbId))];
      if (!valid.length) return [];
      return db.selectFrom('users').select(['id', 'name', 'username', 'avatar', 'user_type', 'email', 'language', 'email_on_message']).where('id', 'in', valid).execute();
    },

    /** The acceptances of one version of a stay's agreement, earliest first. */
    acceptances(stayId: number, termsHash: string, trx: Db | Transaction<Database> = db): Promise<AcceptanceRow[]> {
      return trx
        .selectFrom('agreement_acceptances')
        .selectAll()
        .where('stay_id', '=', stayId)
        .where('terms_hash', '=', termsHash)
        .orderBy('accepted_at')
        .orderBy('id')
        .execute();
    },

    /** Records an acceptance; undefined when this side had accepted this version already (the key decides). */
    async accept(trx: Transaction<Database>, values: { stay_id: number; user_id: number; side: string; terms_hash: string; accepted_at: string }): Promise<number | undefined> {
      const row = await trx
        .insertInto('agreement_acceptances')
        .values(values)
        .onConflict((oc) => oc.columns(['stay_id', 'side', 'terms_hash']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type AgreementRepo = ReturnType<typeof createAgreementRepo>;
