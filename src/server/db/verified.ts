import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the user `id` names (a column reference) is a verified studio: an admin approved one
 * of its documents (issue 28 item 7). Approval is final (an approved studio sends no other
 * document), so the badge is "an approved row exists", read in the query that reads the card:
 * one probe of `studio_verifications_user_idx` per row shown, never a query per row. It lives
 * in db/ because the lists of several modules (listings, directories, featured, search) show it.
 */
export function isVerifiedStudio(id: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from studio_verifications sv where sv.user_id = ${sql.ref(id)} and sv.status = 'approved')`;
}

/** The flag as either engine answers it (PostgreSQL a boolean, SQLite 0 or 1). */
export const asFlag = (value: unknown): boolean => value === true || Number(value) === 1;
