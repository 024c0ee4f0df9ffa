import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import en from '@generated/ui/search.en.ts';
import nl from '@generated/ui/search.nl.ts';
import { format, useShell } from '../../lib/i18n.tsx';
import { localizePath } from '../../shared/paths.ts';
import { searchKinds, searchTerm, type SearchKind } from '../../shared/search.ts';
import { Icon } from '../../components/icons.tsx';
import { keepTabInside } from './keep-tab-inside.ts';
import { loadSearch, type SearchHit } from './pagefind.ts';

/** How long typing must pause before a query is sent (Pagefind's debounce). */
const pauseMs = 250;
/** Results shown at most; the search page lists every page. */
const shownAtMost = 8;

/** What the list shows: the results of one query, or that the index could not be loaded. */
type Shown = { term: string; hits: SearchHit[]; corrected?: string } | { term: null; hits: [] };

/**
 * The search dialog (APG's modal dialog with a combobox and its listbox): results appear as the visitor
 * types, after a short pause, each with its kind, title and the passage that matched with the words marked.
 * Arrow keys choose a result, Enter opens it, Escape closes the dialog and focus returns to its opener (the
 * caller's `onClose`). The index of the page's language loads when the dialog opens, never before.
 */
export default function SearchDialog({ onClose }: { onClose: () => void }) {
  const { lang } = useShell();
  const router = useRouter();
  const base = router.options.context.assets.search;
  const strings = lang === 'nl' ? nl : en;
  const ts = (key: string, vars?: Record<string, string | number>) => format(strings[key] ?? key, vars);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<Shown>({ term: null, hits: [] });
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const close = useEffectEvent(onClose);

  const term = searchTerm(query);
  // While a new query is on its way, the last results stay (dimmed) rather than flicker away.
  const hits = term !== null ? shown.hits : [];
  const searching = term !== null && shown.term !== term && !failed;
  const expanded = term !== null && hits.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    document.documentElement.classList.add('menu-open');
    input.current?.focus();
    // The index's script and the page language's metadata and WebAssembly, while the visitor starts typing.
    loadSearch(base).catch(() => setFailed(true));
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
      // The results are reached with the arrow keys from the box, not with Tab (APG's combobox).
      if (dialog.current) keepTabInside(event, dialog.current, 'input, a[href]:not([role="option"]), button:not([disabled]), [tabindex="0"]');
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
    };
  }, [base]);

  useEffect(() => {
    if (term === null) return;
    let current = true;
    loadSearch(base)
      .then((search) => search.find(term, pauseMs, shownAtMost))
      .then((found) => {
        // A newer query superseded this one (null), or the visitor typed on.
        if (!found || !current) return;
        setShown({ term, ...found });
        setActive(-1);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [term, base]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const go = (url: string) => {
    void router.navigate({ href: url });
    // The dialog closes with the navigation; a result on the page shown closes it here.
    if (url.split('#')[0] === window.location.pathname) onClose();
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index < 0 ? (step === 1 ? 0 : hits.length - 1) : (index + step + hits.length) % hits.length));
    } else if (event.key === 'Enter' && active >= 0 && hits[active]) {
      event.preventDefault();
      go(hits[active].url);
    }
  };

  const onResultClick = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    // A click with a modifier opens the result where the browser would (a new tab or window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(url);
  };

  const kindLabel: Record<SearchKind, string> = { service: ts('search.kindService'), article: ts('search.kindArticle'), page: ts('search.kindPage') };
  const status = failed
    ? ts('search.failed')
    : term === null
      ? ''
      : searching && shown.term === null
        ? ts('search.searching')
        : shown.term === null
          ? ''
          : shown.hits.length === 0
            ? ts('search.none', { query: shown.term })
            : shown.corrected !== undefined
              ? ts(shown.hits.length === 1 ? 'search.correctedOne' : 'search.correctedMany', { count: shown.hits.length, query: shown.term, corrected: shown.corrected })
              : shown.hits.length === 1
                ? ts('search.resultsOne', { query: shown.term })
                : ts('search.resultsMany', { count: shown.hits.length, query: shown.term });

  // In <body>: the header's backdrop filter would otherwise make it the box a fixed element fills.
  return createPortal(
    <div
      className="search-backdrop fixed inset-0 z-50 flex items-start justify-center bg-deep/40 px-3 pt-3 sm:px-6 sm:pt-[8vh]"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="flex max-h-[calc(100dvh-1.5rem)] w-full max-w-2xl flex-col overflow-hidden rounded-2xl bg-porcelain shadow-2xl sm:max-h-[80vh]"
      >
        <div className="flex flex-none items-center gap-2 border-b border-deep/10 px-5 py-3">
          <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-deep">
            {ts('search.title')}
          </h2>
          <button type="button" className="icon-button ml-auto" onClick={onClose}>
            <Icon name="close" className="size-6" />
            <span className="sr-only">{ts('search.close')}</span>
          </button>
        </div>
        <div className="flex-none px-5 pt-4">
          <label htmlFor={`${id}-input`} className="field-label">
            {ts('search.label')}
          </label>
          <div className="relative mt-1.5">
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink/60" />
            <input
              ref={input}
              id={`${id}-input`}
              type="text"
              role="combobox"
              inputMode="search"
              enterKeyHint="search"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? `${id}-list` : undefined}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              aria-describedby={`${id}-hint`}
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={100}
              value={query}
              placeholder={ts('search.placeholder')}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onInputKey}
              className="field-input pl-11"
            />
          </div>
          <p id={`${id}-hint`} className="mt-2 text-sm text-ink/75">
            {ts('search.hint')}
          </p>
          <p role="status" className="mt-3 min-h-6 text-sm font-semibold text-deep" aria-busy={searching}>
            {status}
          </p>
        </div>
        {/* The arrow keys choose results from the box; the list scrolls for a keyboard as well (Tab reaches it). */}
        <div role="region" aria-label={ts('search.results')} tabIndex={expanded ? 0 : -1} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-3 focus-visible:-outline-offset-4">
          {expanded ? (
            <ul ref={list} id={`${id}-list`} role="listbox" aria-label={ts('search.results')} className={`grid gap-1 ${searching ? 'opacity-70' : ''}`}>
              {hits.map((hit, index) => (
                <li key={hit.url} role="presentation">
                  <a
                    id={optionId(index)}
                    href={hit.url}
                    role="option"
                    aria-selected={index === active}
                    tabIndex={-1}
                    onClick={(event) => onResultClick(event, hit.url)}
                    className="search-result block rounded-xl px-3 py-2.5 text-ink hover:bg-mint/60 aria-selected:bg-mint aria-selected:outline-2 aria-selected:outline-teal"
                  >
                    <span className="text-xs font-semibold tracking-wide text-teal uppercase">{kindLabel[searchKinds.includes(hit.kind) ? hit.kind : 'page']}</span>
                    <span className="block font-semibold text-deep">{hit.title}</span>
                    <span className="mt-0.5 block text-sm text-ink/80">
                      {hit.excerpt.map((part, i) =>
                        part.marked ? (
                          <mark key={i} className="rounded-sm bg-gold/50 px-0.5 text-ink">
                            {part.text}
                          </mark>
                        ) : (
                          <span key={i}>{part.text}</span>
                        ),
                      )}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex-none border-t border-deep/10 px-5 py-3 text-sm">
          <a
            href={localizePath('/search', lang)}
            className="font-semibold text-teal underline underline-offset-4 hover:text-deep"
            onClick={(event) => onResultClick(event, localizePath('/search', lang))}
          >
            {ts('search.allPages')}
          </a>
        </div>
      </div>
    </div>,
    document.body,
  );
}
