import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates the prerendered HTML, true afterwards (and at once on a client-side
 * navigation). What depends on the address's query or on browser features waits for it, so the
 * first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
