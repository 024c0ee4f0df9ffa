import type { Locator } from '@playwright/test';

// The site's two front doors (issue 25), the dentist's "Send a case" and the patient's "Book an appointment", and
// the words around them, as front-doors.spec.ts and pages.spec.ts (the doors on every kind of page) look for them.

export type Lang = 'en' | 'nl';
export const words = {
  en: {
    send: 'Send a case',
    book: 'Book an appointment',
    advice: 'Ask our advice',
    contact: 'Contact us',
    open: 'Open menu',
    close: 'Close menu',
    menu: 'Main menu',
    switch: 'NL, this page in Dutch',
    services: 'Show the services menu',
    who: 'Who do I go to?',
    dentists: 'For dentists',
    patients: 'For patients',
    turnaround: 'Turnaround, pickup and scanners',
    footerDentists: 'For dentists',
    marketing: 'Marketing for clinics',
    notice: 'About this preview',
  },
  nl: {
    send: 'Casus insturen',
    book: 'Afspraak maken',
    advice: 'Advies vragen',
    contact: 'Neem contact op',
    open: 'Menu openen',
    close: 'Menu sluiten',
    menu: 'Hoofdmenu',
    switch: 'EN, deze pagina in het Engels',
    services: 'Dienstenmenu tonen',
    who: 'Bij wie kan ik terecht?',
    dentists: 'Voor tandartsen',
    patients: 'Voor patiënten',
    turnaround: 'Levertijden, ophalen en scanners',
    footerDentists: 'Voor tandartsen',
    marketing: 'Marketing voor praktijken',
    notice: 'Over deze voorbeeldweergave',
  },
} as const;
export const langOf = (path: string): Lang => (/^\/nl(\/|$)/.test(path) ? 'nl' : 'en');
export const at = (lang: Lang, path: string) => (lang === 'nl' ? (path === '/' ? '/nl' : `/nl${path}`) : path);

/** The two front doors inside `scope`, as links with their names. */
export const doors = (scope: Locator, lang: Lang) => ({
  send: scope.getByRole('link', { name: words[lang].send, exact: true }),
  book: scope.getByRole('link', { name: words[lang].book, exact: true }),
});

/** Whether the element is the one a tap at its centre reaches: shown, and covered by nothing. */
export const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && !!hit && (hit === el || el.contains(hit));
  });
