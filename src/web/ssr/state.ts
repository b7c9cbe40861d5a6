import type { DehydratedState } from '@tanstack/react-query';
import type { Language } from '../../common/languages';

/** The id of the JSON block that carries a server-rendered page's state to the browser. */
export const SERVER_STATE_ID = 'tgs-state';

/**
 * What the server hands the browser beside a rendered page: the query cache the page was
 * rendered from, and the language and namespaces its texts came from, so the first client render
 * is the server's render and nothing is fetched again. Its presence also says the route loaders
 * ran on the server for this address.
 */
export interface ServerState {
  lang: Language;
  namespaces: string[];
  queries: DehydratedState;
}

/** The state of a server-rendered page, or null for the empty shell (pages behind login, no renderer). */
export function readServerState(doc: Document = document): ServerState | null {
  const block = doc.getElementById(SERVER_STATE_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as ServerState;
  } catch {
    return null;
  }
}
