import type { Language } from '../../../common/languages';
import type { Db } from '../../db/index';

/** Reference lookups both listing kinds validate against. */
export function createListingRefsRepo(db: Db) {
  return {
    async existingStyleIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('styles').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => r.id);
    },

    findCountryById(id: number) {
      return db.selectFrom('countries').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
    },

    findCountryByCode(code: string) {
      return db.selectFrom('countries').select(['id', 'code']).where('code', '=', code.toUpperCase()).executeTakeFirst();
    },

    findCity(id: number) {
      return db.selectFrom('cities').select(['id', 'name', 'country_id']).where('id', '=', id).executeTakeFirst();
    },

    countryName(id: number, lang: Language) {
      return db
        .selectFrom('countries')
        .select((eb) => eb.ref(`name_${lang}`).as('name'))
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findUserPlace(userId: number) {
      return db.selectFrom('users').select(['country_id', 'city_id', 'city_name', 'city']).where('id', '=', userId).executeTakeFirst();
    },
  };
}

export type ListingRefsRepo = ReturnType<typeof createListingRefsRepo>;

/** Whether a write failed on a unique index (the slug), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
