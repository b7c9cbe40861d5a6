import { isDbId } from '../../../common/schemas/ids';
import { hasControlCharacters } from '../../../common/text';
import { AppError } from '../../errors';

/**
 * The money lists' cursor: the last row's sort value and id, as base64url JSON, so a page goes
 * on after that row however many rows arrive meanwhile. Anything else sent as a cursor is 400.
 */
export function encodeCursor(value: string | null, id: number | string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor<Id extends 'number' | 'string'>(cursor: string, idType: Id): { value: string | null; id: Id extends 'number' ? number : string } {
  const invalid = () => new AppError(400, 'adminCursorInvalid', {}, { field: 'cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [value, id] = parsed as unknown[];
  // A forged cursor must not carry what the database refuses: NUL in text, an id past the column's range.
  if (value !== null && (typeof value !== 'string' || hasControlCharacters(value))) throw invalid();
  if (typeof id !== idType || (typeof id === 'number' && !isDbId(id)) || (typeof id === 'string' && hasControlCharacters(id))) throw invalid();
  return { value, id: id as Id extends 'number' ? number : string };
}
