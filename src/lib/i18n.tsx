import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { UiKey } from '@generated/manifest.ts';
import type { Lang } from '../../schemas/common.ts';
import type { ShellContent } from '../shared/content-types.ts';

interface ShellValue {
  lang: Lang;
  shell: ShellContent;
}

const ShellContext = createContext<ShellValue | null>(null);

/** Provides one language's site settings, navigation and interface strings to the page below. */
export function ShellProvider({ lang, shell, children }: ShellValue & { children: ReactNode }) {
  const value = useMemo(() => ({ lang, shell }), [lang, shell]);
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

/** The current language and its shell content; throws outside the provider, as the specification asks. */
export function useShell(): ShellValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <ShellProvider>');
  return value;
}

const PageStringsContext = createContext<Readonly<Record<string, string>>>({});

/** The interface strings a page loaded for its template (the groups `templateUi` lists for it). */
export function PageStrings({ strings, children }: { strings: Readonly<Record<string, string>>; children: ReactNode }) {
  return <PageStringsContext.Provider value={strings}>{children}</PageStringsContext.Provider>;
}

/** Fills `{name}` placeholders in an interface string. */
export function format(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

/**
 * The interface-string lookup of the current language: the shell's strings and those the page loaded
 * for its template. A key the page did not load shows its own name and is reported on the console, where
 * the browser tests look.
 */
export function useT(): (key: UiKey, vars?: Record<string, string | number>) => string {
  const { shell } = useShell();
  const page = useContext(PageStringsContext);
  return (key, vars) => {
    const text = shell.ui[key] ?? page[key];
    // The page did not load the key's group: templateUi in src/app/templates.ts lists them.
    if (text === undefined) console.error(`missing string ${key}`);
    return format(text ?? key, vars);
  };
}
