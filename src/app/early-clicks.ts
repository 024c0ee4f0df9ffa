/**
 * A tap on a menu button before React has taken over the prerendered page would be lost: the
 * button has no handler yet. The browser entry keeps the last such tap, and once the page is live
 * the button is pressed for the visitor, if what it opens is still closed.
 */
let kept: HTMLElement | null = null;

const keep = (event: MouseEvent) => {
  kept = (event.target as Element).closest<HTMLElement>('button[aria-expanded="false"]');
};

/** Called by the browser entry before hydration starts. */
export const keepEarlyClicks = () => document.addEventListener('click', keep, true);

/** Called once the page is hydrated. */
export function replayEarlyClick() {
  document.removeEventListener('click', keep, true);
  const button = kept;
  kept = null;
  // After the other components' first effects, which may still set their initial state.
  setTimeout(() => button?.getAttribute('aria-expanded') === 'false' && button.click());
}
