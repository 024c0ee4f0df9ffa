/**
 * Before React has taken over the prerendered page its buttons and forms have no handlers yet, so
 * what a visitor does then would be lost. The page's script (src/app/boot.ts) keeps the last tap on
 * a menu button and holds back a form sent in that time (its fields stay filled in); once the app
 * says the page is live (the `page-live` event, see page-live.ts), the button is pressed again if what
 * it opens is still closed, and the form is sent as usual. This module is boot's alone: the app
 * reaches it only through that event, so nothing of boot's is ever loaded twice or with the app.
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

function replay() {
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

/** Called by boot.ts as soon as it runs, before the app is even fetched. */
export function keepEarlyInput() {
  addEventListener('click', keep, true);
  addEventListener('submit', keep, true);
  addEventListener('page-live', replay, { once: true });
}
