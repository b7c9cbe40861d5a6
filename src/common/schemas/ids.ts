import { z } from 'zod';

/** The largest id the integer columns hold (PostgreSQL's `integer`; SQLite's are wider, but ids never get there). */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be a stored row's id: a whole number within 1..MAX_ID. */
export function isDbId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_ID;
}

/** An id as JSON carries it: a whole number within 1..MAX_ID, else `message`. */
export const idNumber = (message: string) => z.number(message).int(message).positive(message).max(MAX_ID, message);

/**
 * An id in a path or query: a malformed one answers 400 with `message`, a well-formed one out
 * of the columns' range names no row, so 404 with `notFoundMessage` (a key ending in NotFound).
 */
export const pathId = (message = 'validation', notFoundMessage = 'notFound') =>
  z.coerce.number(message).int(message).positive(message).max(MAX_ID, notFoundMessage);
