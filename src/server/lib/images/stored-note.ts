import { AsyncLocalStorage } from 'node:async_hooks';

/** Told the URL of a picture just stored, before the row that names it is written. */
export type StoredImageNote = (imageUrl: string) => Promise<void>;

// A request-scoped hook rather than a parameter: the four upload services reach
// recordStoredImage through their own calls, and only the idempotent upload wrapper listens.
const current = new AsyncLocalStorage<StoredImageNote>();

/** Runs `run`, telling `note` about each picture it stores before recording it. */
export function withStoredImageNote<T>(note: StoredImageNote, run: () => Promise<T>): Promise<T> {
  return current.run(note, run);
}

/** Tells the enclosing `withStoredImageNote`, if any, that a picture was stored. */
export async function noteStoredImage(imageUrl: string): Promise<void> {
  await current.getStore()?.(imageUrl);
}
