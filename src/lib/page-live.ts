/**
 * The app's side of early input (early-input.ts, which the page's script runs): once the page is
 * hydrated, it is marked live (browser tests wait for `html[data-hydrated]` before they click) and the
 * page's script is told, which replays what a visitor did before.
 */
export function announcePageLive() {
  document.documentElement.setAttribute('data-hydrated', '');
  dispatchEvent(new Event('page-live'));
}

/** True once the page has been hydrated (what it renders from then on was not in the prerendered HTML). */
export const pageIsLive = () => document.documentElement.hasAttribute('data-hydrated');
