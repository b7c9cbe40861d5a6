import { hasControlCharacters } from '../../common/text';
import { controlCharacterError } from '../errors';

// Percent signs or raw control characters (C0 and DEL).
// eslint-disable-next-line no-control-regex
const MAYBE_CONTROL = /[%\u0000-\u001f\u007f]/;

/** The path as decoded, segment by segment; a malformed escape is left as sent (the route then finds nothing). */
function decodedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The query's names and values as decoded (`+` as a space, like the query parser). */
function decodedQuery(query: string): string {
  return decodedPath(query.replace(/\+/g, ' ').replace(/[&=]/g, '/'));
}

/**
 * Refuses a request whose decoded path or query holds a control character (but tab and line
 * breaks) with a 400, before any route or page head looks a slug, a filter or a name up in the
 * database (SQLite's full-text search and PostgreSQL's text both fail on NUL). Answers the
 * error to throw, or undefined.
 */
export function controlCharacterErrorOf(url: string): Error | undefined {
  // A control character reaches the URL only percent-encoded (or raw, which Node's parser
  // refuses on a socket): most requests carry neither and cost one scan.
  if (!MAYBE_CONTROL.test(url)) return undefined;
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  if (hasControlCharacters(decodedPath(path))) return controlCharacterError(['path']);
  // Every name and value of the query, including those the parser leaves out of request.query.
  if (at >= 0 && hasControlCharacters(decodedQuery(url.slice(at + 1)))) return controlCharacterError(['query']);
  return undefined;
}
