import { sql, type RawBuilder } from 'kysely';

/**
 * A column SQLite must not look up in an index: written `+column`, which SQLite reads as an
 * expression. SQLite keeps no statistics here, and given a range on a column it may pick that
 * column's index and sort, where another index walks the rows already in the page's order; this
 * leaves it the ordered one. PostgreSQL, which weighs its statistics, gets the plain column.
 */
export function notLookedUp<T>(column: string, postgres: boolean): RawBuilder<T> {
  return postgres ? sql<T>`${sql.ref(column)}` : sql<T>`+${sql.ref(column)}`;
}

/**
 * A hand-typed place without a listed city (`city_id` missing or 0). Written as the partial
 * `*_unplaced_idx` indexes' condition, with the 0 in the text: a planner proves an index's
 * condition from literals, not from a value bound later.
 */
export function unplaced(cityColumn: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(cityColumn)} is null or ${sql.ref(cityColumn)} = 0)`;
}
