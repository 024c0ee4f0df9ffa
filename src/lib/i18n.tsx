import { usePageData } from './page-data.ts';
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

/** Fills `{name}` placeholders in an interface string. */
export function format(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;
}

/**
 * The interface-string lookup of the current language: the shell's strings and those the page
 * loaded for its template. A missing key shows its own name.
 */
export function useT(): (key: UiKey, vars?: Record<string, string | number>) => string {
  const { shell } = useShell();
  const page = usePageData()?.ui;
  return (key, vars) => format(shell.ui[key] ?? page?.[key] ?? key, vars);
}
