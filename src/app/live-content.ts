import type { Lang } from '../../schemas/common.ts';

/** A content module the dev server rewrote after a change under content/. */
export interface ChangedModule {
  key: string;
  lang: Lang;
  /** Where Vite serves the module. */
  url: string;
}

const overrides = new Map<string, unknown>();

/** Content a dev-server update has replaced, if any; always undefined in a production build. */
export function contentOverride(key: string, lang: Lang): unknown {
  return overrides.get(`${key}.${lang}`);
}

/**
 * In the dev server: when content changes, import the rewritten modules afresh, remember their
 * content, and tell the app to reload its data. A production build has no `import.meta.hot`.
 */
export function watchContent(onChange: () => void): void {
  import.meta.hot?.on('content:update', ({ modules }: { modules: ChangedModule[] }) => {
    // The content is right again: the overlay of an earlier content error goes (Vite's own update would
    // reload the page to clear it).
    for (const overlay of document.querySelectorAll('vite-error-overlay')) overlay.remove();
    if (!modules.length) return;
    void Promise.all(
      modules.map(async (m) => {
        const fresh = (await import(/* @vite-ignore */ `${m.url}?t=${Date.now()}`)) as { default: unknown };
        overrides.set(`${m.key}.${m.lang}`, fresh.default);
      }),
    ).then(onChange);
  });
}
