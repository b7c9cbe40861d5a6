import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while rendering on the server and while hydrating the server's markup, false in every
 * render after: what the markup shows before the app's script runs (a picture without a fade,
 * a menu that opens without script) must be the same on both sides.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, () => false, () => true);
}
