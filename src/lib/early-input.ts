/**
 * Before React has taken over the prerendered page its buttons and forms have no handlers yet, so
 * what a visitor does then would be lost. The browser entry keeps the last tap on a menu button and
 * holds back a form sent in that time (its fields stay filled in); once the page is live, the
 * button is pressed again if what it opens is still closed, and the form is sent as usual.
 */
let kept: Element | null = null;
let live = false;

const keep = (event: Event) => {
  const target = event.target as Element;
  // A form that posts (the forms API's); a search form works without scripts and goes its own way.
  if (event.type === 'submit') {
    const form = target as HTMLFormElement;
    if (form.method !== 'post') return;
    event.preventDefault();
    kept = form;
    // Should the page never come alive (a script that failed to load), the browser sends the form after
    // all, and the server answers that it was not sent and how to reach the lab.
    setTimeout(() => live || kept !== form || form.submit(), 6000);
  } else kept = target.closest<HTMLElement>('button[aria-expanded="false"]') ?? kept;
};

/** Called by the browser entry before hydration starts. */
export function keepEarlyInput() {
  addEventListener('click', keep, true);
  addEventListener('submit', keep, true);
}

/** True once the page has been hydrated and what was kept has been replayed. */
export const pageIsLive = () => live;

/** Called once the page is hydrated. */
export function replayEarlyInput() {
  removeEventListener('click', keep, true);
  removeEventListener('submit', keep, true);
  const target = kept;
  kept = null;
  // After the other components' first effects, which may still set their initial state.
  setTimeout(() => {
    live = true;
    if (target instanceof HTMLFormElement) target.requestSubmit();
    else if (target?.getAttribute('aria-expanded') === 'false') (target as HTMLElement).click();
  });
}
