import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * Open/closed state for a menu that closes when the visitor goes to another page. The change of page
 * is noticed while rendering (React's pattern for state that follows a value), not in an effect, so
 * the new page never renders with the menu still open.
 */
export function useOpenUntilNavigation(): [open: boolean, setOpen: (open: boolean | ((open: boolean) => boolean)) => void] {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [open, setOpen] = useState(false);
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  return [open, setOpen];
}
