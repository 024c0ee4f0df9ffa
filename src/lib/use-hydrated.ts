/**
 * `useHydrated()`: false while React hydrates the prerendered HTML, true afterwards (and at once on a
 * client-side navigation). What depends on the address's query or on browser features waits for it, so the
 * first render matches the HTML. The router's own hook, which its head tags already bring to every page,
 * rather than a copy of its few lines.
 */
export { useHydrated } from '@tanstack/react-router';
