import type { SVGProps } from 'react';

// Line icons drawn on a 24-unit grid with the site's stroke, by name: the header's and footer's, and those
// of dialogs and forms; decorative unless given a title.
const paths = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevronDown: 'M6 9l6 6 6-6',
  phone: 'M5 4h3l2 5-2.5 1.5a11 11 0 005 5L14 13l5 2v3a2 2 0 01-2 2A15 15 0 013 6a2 2 0 012-2z',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  pin: 'M12 21s-6-5.5-6-11a6 6 0 0112 0c0 5.5-6 11-6 11zM12 12.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  tooth: 'M7.5 3.5c-2.5 0-4 2-4 4.5 0 3 1.5 4.5 2 7 .5 3 1 5.5 2.5 5.5s1.5-3 2.5-5c.5-1 2.5-1 3 0 1 2 1 5 2.5 5s2-2.5 2.5-5.5c.5-2.5 2-4 2-7 0-2.5-1.5-4.5-4-4.5-2 0-3 1-4.5 1s-2.5-1-4.5-1z',
  alert: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7.5v5.5M12 16.5h.01',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
} as const;

export type IconName = keyof typeof paths;

// Icons that only some pages draw, for LineIcon: the build writes each path where it is used (inlineConst in
// vite.config.ts), so the header and footer, which every page loads, do not carry them.
export const iconChevronRight = 'M9 6l6 6-6 6';
export const iconArrowRight = 'M5 12h14M13 6l6 6-6 6';
export const iconClock = 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2';
export const iconCheck = 'M5 12.5l4.5 4.5L19 7.5';

/** A drawn line icon from its path data; hidden from assistive technology, which reads the text beside it. */
export function LineIcon({ d, className = 'size-5', ...rest }: { d: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className} {...rest}>
      <path d={d} />
    </svg>
  );
}

/** An interface icon by name. */
export function Icon({ name, ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  return <LineIcon d={paths[name]} {...rest} />;
}
