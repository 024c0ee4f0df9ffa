import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page, type Response } from '@playwright/test';
import { pdfOfSize } from '../support/pdf-of-size.ts';
import { e2eDataDir, frames, holdPageChunks, openPage } from './site.ts';

// A visitor fills in and sends each form, in both languages, against the production server; what the
// server stored is read back from its SQLite file (DATA_DIR set in playwright.config.ts).

const uploads = join(process.cwd(), 'tests', 'fixtures', 'uploads');
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The stored submissions whose data mentions `marker`. */
function stored(marker: string): { kind: string; lang: string; data: Record<string, unknown>; files: string[] }[] {
  const file = join(e2eDataDir, 'submissions.db');
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[string], { kind: string; lang: string; data: string; files: string }>(
        'SELECT kind, lang, data, (SELECT json_group_array(name) FROM (SELECT name FROM files f WHERE f.submission_id = s.id ORDER BY position)) AS files FROM submissions s WHERE data LIKE ?',
      )
      .all(`%${marker}%`)
      .map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown>, files: JSON.parse(row.files) as string[] }));
  } finally {
    db.close();
  }
}

/** The date of the next `weekday` (0 Sunday to 6 Saturday) at least two days ahead, as the date input takes it. */
function next(weekday: number): string {
  const date = new Date(Date.now() + 2 * 86_400_000);
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Holds each API answer back a little, so the sending state can be seen. */
async function slowApi(page: Page, ms = 600) {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const text = {
  en: {
    name: 'Full name',
    email: 'E-mail address',
    phone: 'Phone number',
    service: 'Service',
    date: 'Preferred date',
    time: 'Preferred time',
    message: 'Additional message',
    book: 'Send request',
    sending: 'Sending…',
    modalTitle: 'Appointment request sent',
    ok: 'OK',
    required: 'Enter your name.',
    error: 'Error',
    errorText: 'There was a problem sending your request. Please try again later.',
  },
  nl: {
    name: 'Volledige naam',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    service: 'Dienst',
    date: 'Voorkeursdatum',
    time: 'Voorkeurstijd',
    message: 'Aanvullend bericht',
    book: 'Verstuur aanvraag',
    sending: 'Bezig met verzenden…',
    modalTitle: 'Afspraakverzoek verzonden',
    ok: 'OK',
    required: 'Vul uw naam in.',
    error: 'Fout',
    errorText: 'Er is een probleem opgetreden bij het verzenden van uw bericht. Probeer het later opnieuw.',
  },
} as const;

/** The error summary at the top of the open page's form (its heading says there is a problem). */
const errorSummary = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^(There is a problem|Er is een probleem)$/ }) });

/** After a refused submit: the summary has the focus, and its link with `message` leads to, and focuses, `field`. */
async function summaryLeadsTo(page: Page, message: string | RegExp, field: ReturnType<Page['getByLabel']>) {
  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: message }).click();
  await expect(field).toBeFocused();
}

async function fillAppointment(page: Page, t: (typeof text)['en' | 'nl'], name: string) {
  await page.getByLabel(t.name).fill(name);
  await page.getByLabel(t.email).fill('anna@example.nl');
  await page.getByLabel(t.phone).fill('06-12345678');
  await page.getByRole('combobox', { name: t.service }).selectOption('prosthetics');
  // A Wednesday: the lab is open then (content/site.yaml).
  await typeDate(page, standard[t.name === text.en.name && t.date === text.en.date ? 'en' : 'nl'], t.date, next(3));
  await page.getByLabel(t.time).selectOption('10:30');
  await page.getByLabel(t.message).fill('My lower denture is loose.');
}

/** The contact form's labels, as a visitor reads them. */
const contactText = {
  en: { name: 'Full name', email: 'E-mail address', subject: 'Subject', message: 'Message', send: 'Send message', ok: 'Message sent successfully' },
  nl: { name: 'Volledige naam', email: 'E-mailadres', subject: 'Onderwerp', message: 'Bericht', send: 'Verstuur bericht', ok: 'Uw bericht is verzonden' },
} as const;

/** Fills in the contact form of the open page and presses its send button. */
async function sendContact(page: Page, lang: 'en' | 'nl', subject: string, message: string) {
  const l = contactText[lang];
  await page.getByLabel(l.name).fill('Jan Jansen');
  await page.getByLabel(l.email).fill('jan@example.com');
  await page.getByLabel(l.subject).fill(subject);
  await page.getByRole('textbox', { name: l.message, exact: true }).fill(message);
  await page.getByRole('button', { name: l.send }).click();
}

test.describe('the appointment form', () => {
  for (const lang of ['en', 'nl'] as const) {
    const t = text[lang];
    const path = lang === 'en' ? '/appointment' : '/nl/appointment';

    test(`sends a request in ${lang}: sending state, then the sent panel, focused`, async ({ page }) => {
      const name = `Anna ${unique()}`;
      await openPage(page, path);
      await fillAppointment(page, t, name);
      await slowApi(page);
      const submit = page.getByRole('button', { name: t.book });
      await submit.click();
      const sending = page.getByRole('button', { name: t.sending });
      await expect(sending).toBeDisabled();
      await expect(sending.locator('.spinner')).toBeVisible();

      await expect(page.getByRole('heading', { name: t.modalTitle })).toBeFocused();

      const rows = stored(name);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'appointment', lang, data: { FullName: name, Service: 'prosthetics', PhoneNumber: '06-12345678', PreferredTime: '10:30' } });
    });

    test(`shows each field's problem in ${lang}, marks it invalid and lists it first in the focused summary, whose link leads to it`, async ({ page }) => {
      await openPage(page, path);
      await page.getByRole('button', { name: t.book }).click();
      const name = page.getByLabel(t.name);
      await expect(errorSummary(page)).toBeFocused();
      await expect(errorSummary(page).getByRole('link').first()).toHaveText(t.required);
      await expect(name).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await name.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(t.required);
      // Name, e-mail, phone, service, the date's three boxes and the time.
      await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(8);
      await expect(errorSummary(page).getByRole('link')).toHaveCount(6);
      // The message is optional: never marked.
      await expect(page.getByLabel(t.message)).not.toHaveAttribute('aria-invalid', 'true');
      await summaryLeadsTo(page, t.required, name);

      await name.fill('Anna de Vries');
      await expect(name).not.toHaveAttribute('aria-invalid', 'true');
      await expect(errorSummary(page).getByRole('link', { name: t.required })).toHaveCount(0);
      // A digit short: the browser's check, with its smaller metadata, knows the lengths.
      await page.getByLabel(t.phone).fill('06-1234567');
      await typeDate(page, standard[lang], t.date, '2020-01-01');
      await page.getByRole('button', { name: t.book }).click();
      const email = lang === 'en' ? 'Enter your e-mail address.' : 'Vul uw e-mailadres in.';
      await expect(errorSummary(page).getByRole('link').first()).toHaveText(email);
      await expect(
        page.getByText(lang === 'en' ? 'Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.' : 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of +31 6 12345678.').first(),
      ).toBeVisible();
      await expect(page.getByText(lang === 'en' ? 'Choose today or a later date.' : 'Kies vandaag of een latere datum.').first()).toBeVisible();
      await summaryLeadsTo(page, email, page.getByLabel(t.email));
      // Nothing typed is lost.
      await expect(name).toHaveValue('Anna de Vries');
      await expect(page.getByLabel(t.phone)).toHaveValue('06-1234567');
    });

    test(`with the server down, shows the error toast in ${lang} and keeps what was typed`, async ({ page }) => {
      await page.clock.install();
      await openPage(page, path);
      await fillAppointment(page, t, 'Anna de Vries');
      await page.route('**/api/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: t.book }).click();
      const toast = page.getByRole('alert').locator('[data-toast="error"]');
      await expect(toast).toContainText(t.error);
      await expect(toast).toContainText(t.errorText);
      await expect(page.getByLabel(t.name)).toHaveValue('Anna de Vries');
      await expect(page.getByLabel(t.phone)).toHaveValue('06-12345678');
      await expect(page.locator('.form-sent')).toHaveCount(0);
      // An error stays until it is dismissed.
      await page.clock.fastForward(10_000);
      await expect(toast).toBeVisible();
      await toast.getByRole('button').click();
      await expect(toast).toBeHidden();
    });
  }

  test("shows the server's own error text when it refuses a request", async ({ page }) => {
    await openPage(page, '/nl/appointment');
    await fillAppointment(page, text.nl, 'Anna de Vries');
    await page.route('**/api/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ success: false, error: 'Het systeem is even niet beschikbaar.' }) }));
    await page.getByRole('button', { name: text.nl.book }).click();
    await expect(page.getByRole('alert')).toContainText('Het systeem is even niet beschikbaar.');
  });

  test('marks a phone number only the server knows to be unassigned, from its answer', async ({ page }) => {
    const name = `Anna ${unique()}`;
    await openPage(page, '/appointment');
    await fillAppointment(page, text.en, name);
    // Dutch mobile numbers start 061 to 065 or 068: the browser knows only the lengths, the server the ranges.
    await page.getByLabel(text.en.phone).fill('06-91234567');
    const answer = page.waitForResponse((response) => response.url().includes('/api/AppointmentBooking.php'));
    await page.getByRole('button', { name: text.en.book }).click();
    expect((await answer).status()).toBe(400);
    const phone = page.getByLabel(text.en.phone);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field-error').getByText('Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.')).toBeVisible();
    await summaryLeadsTo(page, 'Enter a valid phone number, e.g. 06 12345678 or +31 6 12345678.', phone);
    await expect(page.locator('.form-sent')).toHaveCount(0);
    expect(stored(name)).toEqual([]);
  });

  test("marks the fields the server refused with the server's messages, listed in the focused summary", async ({ page }) => {
    await openPage(page, '/appointment');
    await fillAppointment(page, text.en, 'Anna de Vries');
    await page.route('**/api/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Some fields are not filled in correctly. Please check the form.', fields: { PhoneNumber: 'This number cannot be reached.' } }),
      }),
    );
    await page.getByRole('button', { name: text.en.book }).click();
    const phone = page.getByLabel(text.en.phone);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.field-error').getByText('This number cannot be reached.')).toBeVisible();
    await expect(page.locator('[data-toast="error"]')).toContainText('Some fields are not filled in correctly. Please check the form.');
    await summaryLeadsTo(page, 'This number cannot be reached.', phone);
    await expect(page.getByLabel(text.en.name)).toHaveValue('Anna de Vries');
  });

  test('offers the services on a placeholder that cannot be chosen, and refuses a date before today in the Netherlands as it is typed', async ({ page }) => {
    await openPage(page, '/appointment');
    const select = page.getByRole('combobox', { name: 'Service' });
    await expect(select.locator('option').first()).toBeDisabled();
    await expect(select.locator('option')).toHaveCount(8);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const group = page.getByRole('group', { name: 'Preferred date' });
    const past = 'Choose today or a later date.';
    await typeDate(page, standard.en, 'Preferred date', yesterday);
    await expect(group.locator('.field-error')).toHaveText(past);
    await expect(group.getByLabel('Day', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Today itself is taken (unless the lab is closed today, which says so instead).
    await typeDate(page, standard.en, 'Preferred date', today);
    await expect(group.getByText(past)).toHaveCount(0);
  });

  for (const lang of ['en', 'nl'] as const) {
    test(`offers only the chosen day's hours in ${lang}, in the 24-hour clock, and says the lab is closed on a Saturday`, async ({ page }) => {
      const t = text[lang];
      const m =
        lang === 'en'
          ? { closed: 'We are closed on Saturdays. Choose another day.', time: 'Choose a time.' }
          : { closed: 'Op zaterdag zijn wij gesloten. Kies een andere dag.', time: 'Kies een tijd.' };
      const posts: string[] = [];
      page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
      await openPage(page, lang === 'en' ? '/appointment' : '/nl/appointment');
      await fillAppointment(page, t, 'Anna de Vries');
      const s = standard[lang];
      // The date's first box: the error summary's link leads there, and it carries the date's hint and message.
      const date = page.getByRole('group', { name: t.date }).getByLabel(s.day, { exact: true });
      const time = page.getByLabel(t.time);
      const offered = time.locator('option:not([disabled])');
      // The week's quarter hours in the 24-hour clock, in either language, until a day is chosen.
      for (const box of [s.day, s.month, s.year]) await page.getByRole('group', { name: t.date }).getByLabel(box, { exact: true }).fill('');
      await expect(offered.first()).toHaveText('08:30');
      await expect(offered.last()).toHaveText('18:15');
      // A Monday evening: open until 18:30, so the last start is 18:15.
      await typeDate(page, s, t.date, next(1));
      await expect(offered.last()).toHaveText('18:15');
      await time.selectOption('18:00');
      // A Saturday: closed, so no time is offered and the date is refused.
      await typeDate(page, s, t.date, next(6));
      await expect(offered).toHaveCount(0);
      await page.getByRole('button', { name: t.book }).click();
      await summaryLeadsTo(page, m.closed, date);
      await expect(date).toHaveAttribute('aria-invalid', 'true');
      await expect(date).toHaveAccessibleDescription(new RegExp(`${m.closed.replace('.', '\\.')}$`));
      // 18:00 is not offered on a Saturday, so no time is chosen; nor on a Friday, when the lab closes at 16:30.
      await expect(time).toHaveAccessibleDescription(m.time);
      await typeDate(page, s, t.date, next(5));
      await expect(date).not.toHaveAttribute('aria-invalid', 'true');
      await expect(time).toHaveAccessibleDescription(m.time);
      await expect(offered.first()).toHaveText('08:30');
      await expect(offered.last()).toHaveText('16:15');
      expect(posts).toEqual([]);
      await time.selectOption('16:15');
      await expect(time).not.toHaveAttribute('aria-invalid', 'true');
    });
  }

  test('loads the schemas only once the visitor touches the form', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await openPage(page, '/appointment');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => /\/form-actions-[\w-]+\.js$/.test(url))).toBe(false);
    await page.getByLabel('Full name').focus();
    await expect.poll(() => scripts.some((url) => /\/form-actions-[\w-]+\.js$/.test(url))).toBe(true);
  });

  test("has the failure notices' live region in the HTML before any script runs (a sent form's panel takes the focus instead)", async ({ request }) => {
    const html = await (await request.get('/nl/appointment')).text();
    expect(html).toMatch(/role="alert" aria-live="assertive"/);
  });
});

test.describe("a form's parts loaded on its first touch", () => {
  // The date's boxes on the appointment form, the order's fields with the tooth chart: in the page's HTML, their code fetched when the visitor first reaches the form.
  const parts = [
    { path: '/appointment', chunk: /\/date-field-[\w-]+\.js$/, first: 'Full name', later: (page: Page) => page.getByRole('group', { name: 'Preferred date' }).getByLabel('Day', { exact: true }) },
    { path: '/nl/for-doctors', chunk: /\/order-details-[\w-]+\.js$/, first: 'Naam tandarts', later: (page: Page) => page.getByLabel('Naam tandarts') },
  ];
  for (const { path, chunk, first, later } of parts) {
    test(`on ${path} they are in the page at once, their code fetched on the first focus, not while the page hydrates`, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      await expect(later(page)).toBeVisible();
      expect(scripts.filter((url) => chunk.test(url))).toEqual([]);
      await page.getByLabel(first).focus();
      await expect.poll(() => scripts.some((url) => chunk.test(url))).toBe(true);
    });
  }

  test("what is typed in the order's fields and date before their code arrives is kept, and sent", async ({ page }) => {
    const marker = unique();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(order-details|date-field)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openPage(page, '/for-doctors');
    await fillOrder(page, 'en', marker);
    await typeDate(page, standard.en, 'Date', next(3));
    // A file chosen meanwhile makes the form render again around the fields still waiting for their code.
    await page.getByLabel(/^Files/).setInputFiles(join(uploads, 'crown-binary.stl'));
    await expect(chosenFiles(page)).toHaveCount(1);
    release();
    await expect(page.getByRole('group', { name: 'Date' }).locator('.date-readback')).not.toBeEmpty();
    await expect(page.getByLabel('Clinic name')).toHaveValue(`Tandartspraktijk ${marker}`);
    await page.getByRole('button', { name: 'Send case' }).click();
    await expect(page.getByRole('heading', { name: 'Your case has been sent' })).toBeFocused();
    expect(stored(marker)).toMatchObject([{ data: { clinicName: `Tandartspraktijk ${marker}`, dueDate: next(3), dueKind: 'delivery' } }]);
  });
});

test.describe('the phone-number metadata', () => {
  // Each form's page and the label of its first field; the appointment and order forms ask for a phone.
  const forms = [
    { form: 'appointment', path: '/appointment', first: 'Full name', asksPhone: true },
    { form: 'order', path: '/for-doctors', first: "Dentist's name", asksPhone: true },
    { form: 'contact', path: '/contact', first: 'Full name', asksPhone: false },
    { form: 'testimonial', path: '/testimonials', first: 'Full name', asksPhone: false },
  ];
  for (const { form, path, first, asksPhone } of forms) {
    test(`${asksPhone ? 'loads' : 'never loads'} with the ${form} form's first focus`, async ({ page }) => {
      // The scripts the page loads, each with whether it carries libphonenumber's metadata (its country_calling_codes table).
      const scripts: Promise<{ url: string; metadata: boolean }>[] = [];
      const record = (response: Response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({ url: response.url(), metadata: body.includes('country_calling_codes') })));
      };
      page.on('response', record);
      const loaded = async () => Promise.all(scripts);
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      expect((await loaded()).filter((script) => script.metadata)).toEqual([]);
      await page.getByLabel(first).focus();
      await expect.poll(async () => (await loaded()).some((script) => /\/form-actions-[\w-]+\.js$/.test(script.url))).toBe(true);
      if (asksPhone) {
        await expect.poll(async () => (await loaded()).some((script) => script.metadata)).toBe(true);
      } else {
        await page.waitForLoadState('networkidle');
        expect((await loaded()).filter((script) => script.metadata).map((script) => script.url)).toEqual([]);
      }
      // A script that arrives after the checks (a link's preload) is read before the page closes.
      page.off('response', record);
      await loaded();
    });
  }
});

test.describe('a field focused after a failed submit', () => {
  const forms = [
    { path: '/appointment', first: 'Full name', enterIn: 'E-mail address' },
    { path: '/nl/for-doctors', first: 'Naam tandarts', enterIn: 'E-mailadres' },
  ];
  for (const width of [375, 1440]) {
    for (const form of forms) {
      test(`shows below the sticky header with its label, within the window, at ${width} px on ${form.path}, as does the error summary before it`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, form.path);
        const field = page.getByLabel(form.first);
        // The visitor has scrolled the first field up to where the header covers it, then presses Enter in a later one.
        await field.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 8));
        await page.getByLabel(form.enterIn).evaluate((el) => el.focus({ preventScroll: true }));
        await page.keyboard.press('Enter');
        const summary = errorSummary(page);
        await expect(summary).toBeFocused();
        const header = (await page.getByRole('banner').boundingBox())!;
        expect(header.y).toBe(0);
        const below = (box: { y: number; height: number }) => {
          expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
          expect(box.y + box.height).toBeLessThanOrEqual(800);
        };
        // The summary's heading and first link are in sight.
        below((await summary.getByRole('heading').boundingBox())!);
        below((await summary.getByRole('link').first().boundingBox())!);
        // Its first link leads to the first field: the field and its label are in sight.
        await summary.getByRole('link').first().click();
        await expect(field).toBeFocused();
        const label = page.locator(`label[for="${await field.getAttribute('id')}"]`);
        for (const box of [(await field.boundingBox())!, (await label.boundingBox())!]) below(box);
      });
    }
  }

  test('nor does the target of an in-page link hide under it', async ({ page }) => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, '/testimonials');
      await page.evaluate(() => (location.hash = '#submit'));
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      const header = (await page.getByRole('banner').boundingBox())!;
      expect((await page.locator('#submit').boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    }
  });
});

test.describe('the contact form', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`sends a message in ${lang} and confirms it with a panel that stays, naming what was sent`, async ({ page }) => {
      const marker = unique();
      await openPage(page, lang === 'en' ? '/contact' : '/nl/contact');
      const l = contactText[lang];
      await sendContact(page, lang, `Question ${marker}`, 'Do you make night guards?');
      await expect(page.getByRole('heading', { name: l.ok })).toBeFocused();
      await expect(page.locator('.form-sent')).toContainText(`Question ${marker}`);
      expect(stored(marker)).toMatchObject([{ kind: 'contact', lang, data: { name: 'Jan Jansen', subject: `Question ${marker}` } }]);
    });
  }

  test('a message sent before the page is live is sent once it is, timed from when the page opened', async ({ page }) => {
    const marker = unique();
    // React cannot take over the prerendered page until the page's own chunks are released.
    const release = await holdPageChunks(page);
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) sent.push(request.postDataJSON() as Record<string, unknown>);
    });
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    // Whether the browser's own send of the form was held back: read where the submit event ends.
    await page.evaluate(() => window.addEventListener('submit', (event) => document.documentElement.setAttribute('data-test-submit', event.defaultPrevented ? 'held' : 'sent')));
    await sendContact(page, 'en', `Early ${marker}`, 'Sent before the scripts were ready.');
    await expect(page.locator('html')).toHaveAttribute('data-test-submit', 'held');
    await frames(page);
    // Still on the page, nothing sent, nothing typed lost.
    await expect(page).toHaveURL(/\/contact$/);
    expect(sent).toEqual([]);
    await expect(page.getByLabel('Subject')).toHaveValue(`Early ${marker}`);
    // The page has been open a while before it comes alive, so a time counted from when it became live would be short.
    await page.waitForFunction(() => performance.now() > 1500);
    release();
    await expect(page.getByRole('heading', { name: 'Message sent successfully' })).toBeVisible();
    expect(stored(marker)).toMatchObject([{ kind: 'contact', data: { subject: `Early ${marker}` } }]);
    // The server's fill-time check sees the time since the page opened, not since it became live.
    expect(sent).toHaveLength(1);
    expect(sent[0]!._elapsedMs).toBeGreaterThanOrEqual(1500);
  });

  test('a message sent on a page that never comes alive goes to the server after a while, which says it was not sent', async ({ page }) => {
    const marker = unique();
    // The page's chunks never arrive.
    await holdPageChunks(page);
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await sendContact(page, 'en', `Stuck ${marker}`, 'The scripts never loaded.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your form has not been sent', { timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Back to the form' })).toHaveAttribute('href', '/contact');
    expect(stored(marker)).toEqual([]);
  });

  test('requires all four fields', async ({ page }) => {
    await openPage(page, '/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(4);
  });

  test('loads the map from OpenStreetMap only after the visitor asks for it', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }));
    await openPage(page, '/contact');
    const region = page.getByRole('region', { name: 'Lab location' });
    await expect(region).toContainText('Voorbeeldstraat 1, 1234 AB Utrecht');
    await expect(region.getByRole('link', { name: /View on OpenStreetMap/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=52\.0907&mlon=5\.1214/);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => !url.startsWith('http://localhost'))).toEqual([]);
    await region.getByRole('button', { name: 'Show the map' }).click();
    await expect(region.locator('iframe[title="Lab location"]')).toHaveAttribute('src', /openstreetmap\.org\/export\/embed\.html/);
  });
});

/** The order form's words, as a visitor reads them. */
const orderText = {
  en: {
    path: '/for-doctors',
    dentist: "Dentist's name",
    clinic: 'Clinic name',
    email: 'E-mail address',
    phone: 'Phone number',
    type: 'Type of work',
    file: /^Files/,
    choose: 'Choose files',
    drop: 'or drop them here',
    none: 'No file chosen',
    send: 'Send case',
    ok: 'Your case has been sent',
    remove: (name: string) => `Remove ${name}`,
    chosen: (count: number, size: string) => `${count} of 5 files, ${size} together`,
    chosenRefused: (count: number, size: string, refused: number) => `${count} of 5 files to send, ${size} together; ${refused} not accepted`,
    damagedStl: 'This is not a valid STL file: it is damaged or incomplete.',
    refusedType: 'Only PDF, JPG, PNG, DOCX, STL, PLY, OBJ, and ZIP files are allowed.',
    tooLarge: 'The file is larger than 50 MB. Please choose a smaller file.',
    tooMany: 'At most 5 files can be sent with one order.',
    removeFirst: 'Remove the files that were not accepted before you send the case.',
    missing: 'Please upload a file before submitting.',
    sending: 'Sending the files',
    of: (sent: string) => new RegExp(`^[\\d.]+ (kB|MB) of ${sent} sent \\(\\d+%\\)$`),
    previous: 'Additional information',
    mb: (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`,
  },
  nl: {
    path: '/nl/for-doctors',
    dentist: 'Naam tandarts',
    clinic: 'Naam praktijk',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    type: 'Soort werk',
    file: /^Bestanden/,
    choose: 'Kies bestanden',
    drop: 'of sleep ze hierheen',
    none: 'Geen bestand gekozen',
    send: 'Casus versturen',
    ok: 'Uw casus is verstuurd',
    remove: (name: string) => `${name} verwijderen`,
    chosen: (count: number, size: string) => `${count} van 5 bestanden, samen ${size}`,
    chosenRefused: (count: number, size: string, refused: number) => `${count} van 5 bestanden te versturen, samen ${size}; ${refused} niet geaccepteerd`,
    damagedStl: 'Dit is geen geldig STL-bestand: het is beschadigd of onvolledig.',
    refusedType: 'Alleen PDF-, JPG-, PNG-, DOCX-, STL-, PLY-, OBJ- en ZIP-bestanden zijn toegestaan.',
    tooLarge: 'Het bestand is groter dan 50 MB. Kies een kleiner bestand.',
    tooMany: 'Per opdracht kunt u maximaal 5 bestanden insturen.',
    removeFirst: 'Verwijder de bestanden die niet zijn geaccepteerd voordat u de opdracht instuurt.',
    missing: 'Upload een bestand voordat u indient.',
    sending: 'De bestanden worden verstuurd',
    of: (sent: string) => new RegExp(`^[\\d,]+ (kB|MB) van ${sent} verstuurd \\(\\d+%\\)$`),
    previous: 'Aanvullende informatie',
    mb: (bytes: number) => `${(bytes / 1e6).toFixed(1).replace('.', ',')} MB`,
  },
} as const;

/** The order form's list of chosen files: each item has its remove button. */
const chosenFiles = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Remove |verwijderen$/ }) });

/** Fills in the order form's text fields, the clinic's name carrying `marker`. */
async function fillOrder(page: Page, lang: 'en' | 'nl', marker: string) {
  const l = orderText[lang];
  await page.getByLabel(l.dentist).fill('Dr. P. de Boer');
  await page.getByLabel(l.clinic).fill(`Tandartspraktijk ${marker}`);
  await page.getByLabel(l.email).fill('praktijk@example.nl');
  await page.getByLabel(l.phone).fill('+31 30 123 4567');
  await page.getByLabel(l.type).fill('Zirconia crown 16');
}

/** A file of `size` bytes on disk for the browser to take (setInputFiles takes a buffer of at most 50 MB), made once. */
function bigFile(name: string, size: number): string {
  const folder = join(process.cwd(), 'tests', '.tmp', 'e2e-files');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  if (!existsSync(path) || statSync(path).size !== size) writeFileSync(path, Buffer.alloc(size, 0x20));
  return path;
}

test.describe('the dentist order form', () => {
  for (const lang of ['en', 'nl'] as const) {
    const l = orderText[lang];

    test(`sends an order with an STL scan in ${lang}`, async ({ page }) => {
      const marker = unique();
      await openPage(page, l.path);
      await fillOrder(page, lang, marker);
      await page.getByLabel(l.file).setInputFiles(join(uploads, 'crown-binary.stl'));
      const item = chosenFiles(page).filter({ hasText: 'crown-binary.stl' });
      await expect(item).toContainText('STL · 1 kB');
      await page.getByRole('button', { name: l.send }).click();
      await expect(page.getByRole('heading', { name: l.ok })).toBeFocused();
      await expect(item).toBeHidden();
      // The panel lists what was sent, and only that: no date was given, so nor is what the date is.
      const panel = page.locator('.form-sent');
      await expect(panel).toContainText(`Tandartspraktijk ${marker}`);
      await expect(panel).toContainText('crown-binary.stl');
      await expect(panel).not.toContainText(lang === 'en' ? 'This date is' : 'Deze datum is');
      await expect(panel).not.toContainText(lang === 'en' ? 'the delivery date you want' : 'de gewenste leverdatum');
      const rows = stored(marker);
      expect(rows).toMatchObject([{ kind: 'order', lang, data: { clinicName: `Tandartspraktijk ${marker}`, serviceType: 'Zirconia crown 16' } }]);
      expect(rows[0]?.files).toEqual(['crown-binary.stl']);
    });

    test(`takes several files at once in ${lang}: each listed with its type and size, a refused one with why until it is removed, then the upload's progress, and the order`, async ({ page }) => {
      test.setTimeout(120_000);
      const marker = unique();
      await openPage(page, l.path);
      await fillOrder(page, lang, marker);
      const scan = pdfOfSize(3 * 1024 * 1024);
      await page.getByLabel(l.file).setInputFiles([
        { name: 'crown-binary.stl', mimeType: 'model/stl', buffer: readFileSync(join(uploads, 'crown-binary.stl')) },
        { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: readFileSync(join(uploads, 'drawing.pdf')) },
        { name: 'scan.pdf', mimeType: 'application/pdf', buffer: scan },
      ]);
      const items = chosenFiles(page);
      await expect(items).toHaveCount(3);
      await expect(items.nth(0)).toContainText('crown-binary.stl');
      await expect(items.nth(0)).toContainText('STL · 1 kB');
      await expect(items.nth(1)).toContainText('drawing.pdf');
      await expect(items.nth(1)).toContainText(l.refusedType);
      await expect(items.nth(2)).toContainText(`PDF · ${l.mb(scan.length)}`);
      // What the list sums up describes the input; what became of each file is read out politely.
      const input = page.getByLabel(l.file);
      // Two to send beside three listed: the one not accepted is counted apart.
      await expect(input).toHaveAccessibleDescription(new RegExp(`^${l.chosenRefused(2, l.mb(184 + scan.length), 1)}`));
      await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'drawing.pdf' })).toContainText(l.refusedType);

      // Sending with the refused file still listed is stopped at the field.
      await page.getByRole('button', { name: l.send }).click();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.field-error').getByText(l.removeFirst)).toBeVisible();

      await page.getByRole('button', { name: l.remove('drawing.pdf') }).click();
      await expect(items).toHaveCount(2);
      await expect(input).toHaveAccessibleDescription(new RegExp(`^${l.chosen(2, l.mb(184 + scan.length))}`));
      await expect(page.getByRole('button', { name: l.remove('scan.pdf') })).toBeFocused();
      await expect(page.getByText(l.removeFirst)).toHaveCount(0);

      // A slow line, so the upload takes a few seconds: 3 MB at 512 kB/s.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
      await page.getByRole('button', { name: l.send }).click();
      const bar = page.getByRole('progressbar', { name: l.sending });
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
      await expect(bar).toHaveAccessibleDescription(l.of(l.mb(scan.length).replace(/\d$/, '\\d')));
      await expect(page.getByRole('heading', { name: l.ok })).toBeVisible({ timeout: 60_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect(bar).toBeHidden();
      await expect(items).toHaveCount(0);
      expect(stored(marker)[0]?.files).toEqual(['crown-binary.stl', 'scan.pdf']);
    });

    test(`the drop zone speaks the page's language in ${lang}, is the native control under it, and shows the keyboard's focus`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await openPage(page, l.path);
      const input = page.getByLabel(l.file);
      const main = page.getByRole('main');
      const button = main.getByText(l.choose, { exact: true });
      await expect(button).toBeVisible();
      await expect(main.getByText(l.drop, { exact: true })).toBeVisible();
      await expect(main.getByText(l.none, { exact: true })).toBeVisible();
      expect(await input.getAttribute('multiple')).not.toBeNull();
      expect(await input.getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png,.docx,.stl,.ply,.obj,.zip');
      // The browser's own "Choose Files" is not shown; a screen reader hears the field's state.
      expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
      await expect(input).toHaveAccessibleDescription(new RegExp(`^${l.none}`));
      // Anywhere on the zone is the native control, which lies over it.
      await button.scrollIntoViewIfNeeded();
      const zone = await input.evaluate((el) => {
        const { x, y, width, height } = el.parentElement!.getBoundingClientRect();
        return { x, y, width, height };
      });
      for (const [x, y] of [
        [zone.x + 8, zone.y + 8],
        [zone.x + zone.width / 2, zone.y + zone.height / 2],
        [zone.x + zone.width - 8, zone.y + zone.height - 8],
      ] as const) {
        expect(await page.evaluate(({ x, y }) => (document.elementFromPoint(x, y) as HTMLInputElement | null)?.type, { x, y })).toBe('file');
      }
      // From the keyboard the native control takes the focus, and the zone shows it.
      await page.getByRole('textbox', { name: new RegExp(l.previous) }).focus();
      await page.keyboard.press('Tab');
      await expect(input).toBeFocused();
      expect(await input.evaluate((el) => getComputedStyle(el.parentElement!).outlineStyle)).toBe('solid');
    });

    test(`tells a damaged STL scan that it is damaged, not that only STL files are allowed, in ${lang}`, async ({ page }) => {
      await openPage(page, l.path);
      await page.getByLabel(l.file).setInputFiles([{ name: 'crown.stl', mimeType: 'model/stl', buffer: readFileSync(join(uploads, 'crown-truncated.stl')) }]);
      const items = chosenFiles(page);
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText(l.damagedStl);
      await expect(items.first()).not.toContainText(l.refusedType);
    });

    test(`refuses a sixth file and one over 50 MB beside the files, in ${lang}`, async ({ page }) => {
      await openPage(page, l.path);
      const png = readFileSync(join(uploads, 'pixel.png'));
      await page.getByLabel(l.file).setInputFiles([1, 2, 3, 4, 5, 6].map((n) => ({ name: `photo ${n}.png`, mimeType: 'image/png', buffer: png })));
      const sixth = chosenFiles(page).filter({ hasText: 'photo 6.png' });
      await expect(sixth).toContainText(l.tooMany);
      await expect(chosenFiles(page).filter({ hasText: 'photo 1.png' })).not.toContainText(l.tooMany);
      // Files are added to those chosen before; one removed makes room for the sixth.
      await page.getByLabel(l.file).setInputFiles(bigFile('large-scan.stl', 50 * 1024 * 1024 + 1));
      await expect(chosenFiles(page).filter({ hasText: 'large-scan.stl' })).toContainText(l.tooLarge);
      await page.getByRole('button', { name: l.remove('photo 1.png') }).click();
      await expect(sixth).not.toContainText(l.tooMany);
      await expect(chosenFiles(page)).toHaveCount(6);
    });
  }

  test('on a 320 px screen the drop zone and a long file name wrap rather than being cut off', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openPage(page, '/nl/for-doctors');
    /** Whether an element shows all of its text inside the screen. */
    const whole = (text: string) =>
      page.getByText(text, { exact: false }).evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= document.documentElement.clientWidth);
    expect(await whole('Kies bestanden')).toBe(true);
    expect(await whole('of sleep ze hierheen')).toBe(true);
    expect(await whole('Maximaal 5 bestanden: PDF')).toBe(true);
    const name = 'bovenkaak-scan-patient-referentie-2026-11-14-element-16-zirkonia-kroon.stl';
    await page.getByLabel(/^Bestanden/).setInputFiles({ name, mimeType: 'model/stl', buffer: readFileSync(join(uploads, 'crown-binary.stl')) });
    const shown = chosenFiles(page).getByText(name, { exact: true });
    await expect(shown).toBeVisible();
    expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
    const remove = (await page.getByRole('button', { name: `${name} verwijderen` }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(320);
  });

  test('a submit while the chosen files are still being checked is held, and sent once they are', async ({ page }) => {
    const marker = unique();
    await openPage(page, '/for-doctors');
    await fillOrder(page, 'en', marker);
    // Hold the list's code back, as on a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/chosen-files-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
    await page.getByLabel(/^Files/).setInputFiles(join(uploads, 'crown-binary.stl'));
    const submit = page.getByRole('button', { name: 'Loading…' });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    // Enter in a field submits the form, as a click on the button would.
    await page.getByLabel('Clinic name').press('Enter');
    expect(posts).toEqual([]);
    await expect(page.getByText('Please upload a file before submitting.')).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'Your case has been sent' })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(stored(marker)[0]?.files).toEqual(['crown-binary.stl']);
  });

  test('an order with its file sent before the page is live is sent once it is', async ({ page }) => {
    const marker = unique();
    const release = await holdPageChunks(page);
    await page.goto('/for-doctors', { waitUntil: 'domcontentloaded' });
    await fillOrder(page, 'en', marker);
    await page.getByLabel(/^Files/).setInputFiles(join(uploads, 'crown-ascii.stl'));
    await page.getByRole('button', { name: 'Send case' }).click();
    await expect(page).toHaveURL(/\/for-doctors$/);
    release();
    await expect(page.getByRole('heading', { name: 'Your case has been sent' })).toBeVisible();
    expect(stored(marker)[0]?.files).toEqual(['crown-ascii.stl']);
  });

  test("shows the server's word on a file beside that file", async ({ page }) => {
    await openPage(page, '/for-doctors');
    await fillOrder(page, 'en', unique());
    await page.getByLabel(/^Files/).setInputFiles([join(uploads, 'crown-binary.stl'), join(uploads, 'pixel.png')]);
    await expect(chosenFiles(page)).toHaveCount(2);
    await page.route('**/api/order**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          error: 'Some fields are not filled in correctly. Please check the form.',
          fields: { file: 'pixel.png: Not this one.' },
          files: [{ position: 2, name: 'pixel.png', error: 'Not this one.' }],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Send case' }).click();
    await expect(chosenFiles(page).filter({ hasText: 'pixel.png' })).toContainText('Not this one.');
    await expect(chosenFiles(page).filter({ hasText: 'crown-binary.stl' })).not.toContainText('Not this one.');
    await expect(page.locator('[data-toast="error"]')).toContainText('Some fields are not filled in correctly.');
    await summaryLeadsTo(page, 'pixel.png: Not this one.', page.getByLabel(/^Files/));
  });

  test('asks for a file when none was chosen', async ({ page }) => {
    await openPage(page, '/for-doctors');
    await page.getByRole('button', { name: 'Send case' }).click();
    await expect(page.locator('.field-error').getByText('Please upload a file before submitting.')).toBeVisible();
    // Patient reference, age and additional information are optional.
    await expect(page.locator('form [aria-invalid="true"]')).toHaveCount(6);
  });
});

test.describe('the testimonial form', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`sends a testimonial for review in ${lang}`, async ({ page }) => {
      const marker = unique();
      await openPage(page, lang === 'en' ? '/testimonials' : '/nl/testimonials');
      const l =
        lang === 'en'
          ? {
              name: 'Full name',
              role: 'Your role or clinic',
              text: 'Your experience',
              star: '4 out of 5 stars',
              consent: /I agree that my name/,
              send: 'Send your experience',
              ok: 'Thank you for your testimonial',
            }
          : {
              name: 'Volledige naam',
              role: 'Uw functie of praktijk',
              text: 'Uw ervaring',
              star: '4 van de 5 sterren',
              consent: /Ik ga ermee akkoord/,
              send: 'Verstuur uw ervaring',
              ok: 'Bedankt voor het delen van uw ervaring',
            };
      await page.getByLabel(l.name).fill('Marieke Bakker');
      await page.getByLabel(l.role).fill('Tandarts, Utrecht');
      await page.getByRole('textbox', { name: l.text }).fill(`Fine work and clear communication ${marker}`);
      await page.getByRole('button', { name: l.send }).click();
      await expect(page.getByRole('radio', { name: l.star })).toHaveAttribute('aria-invalid', 'true');
      // The star is what a visitor clicks: the label around the visually hidden radio.
      await page
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: l.star }) })
        .click();
      await expect(page.getByRole('radio', { name: l.star })).toBeChecked();
      await page.getByLabel(l.consent).check();
      await page.getByRole('button', { name: l.send }).click();
      await expect(page.getByRole('heading', { name: l.ok })).toBeFocused();
      expect(stored(marker)).toMatchObject([{ kind: 'testimonial', lang, data: { name: 'Marieke Bakker', rating: 4, consent: true } }]);
    });
  }

  test("lists every testimonial of the language, with stars on patients' only", async ({ page }) => {
    await openPage(page, '/testimonials');
    const list = page.getByRole('region', { name: 'What our clients say' }).getByRole('listitem');
    const count = await list.count();
    expect(count).toBeGreaterThanOrEqual(20);
    // Dentists do not rate a lab by stars: some testimonials carry them (patients'), not all.
    const rated = list.getByRole('img', { name: /Rated \d out of 5/ });
    await expect(rated.first()).toBeVisible();
    expect(await rated.count()).toBeLessThan(count);
  });
});

test('the privacy statement states the retention period from the site settings', async ({ page }) => {
  const days = /retentionDays: (\d+)/.exec(readFileSync(join(process.cwd(), 'content', 'site.yaml'), 'utf8'))?.[1];
  await openPage(page, '/privacy');
  await expect(page.getByText(`deleted ${days} days after we receive them`)).toBeVisible();
  await openPage(page, '/nl/privacy');
  await expect(page.getByText(`${days} dagen na ontvangst verwijderd`)).toBeVisible();
});

test("the privacy statement says how to use one's rights: an e-mail to the lab's address from the site settings", async ({ page }) => {
  const email = /^email: (\S+)$/m.exec(readFileSync(join(process.cwd(), 'content', 'site.yaml'), 'utf8'))?.[1] ?? '';
  for (const [path, heading] of [
    ['/privacy', 'How to use your rights'],
    ['/nl/privacy', 'Zo gebruikt u uw rechten'],
  ] as const) {
    await openPage(page, path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: email, exact: true })).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByRole('main')).not.toContainText('{email}');
  }
});

test('on a wide screen the privacy statement lists its sections beside the text, each link leading to its heading', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [path, label] of [
    ['/privacy', 'On this page'],
    ['/nl/privacy', 'Op deze pagina'],
  ] as const) {
    await openPage(page, path);
    const contents = page.getByRole('navigation', { name: label });
    const headings = await page.getByRole('main').locator('.prose-site h2').allTextContents();
    expect(headings.length).toBeGreaterThan(5);
    await expect(contents.getByRole('link')).toHaveText(headings);
    const last = contents.getByRole('link').last();
    const target = (await last.getAttribute('href'))!;
    await last.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the order form's file control is the browser's own, visible and usable, and takes several files", async ({ page }) => {
    await page.goto('/nl/for-doctors');
    const input = page.getByLabel(/^Bestanden/);
    expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await expect(page.getByText('Kies bestanden', { exact: true })).toBeHidden();
    await expect(page.getByText('Geen bestand gekozen', { exact: true })).toBeHidden();
    await expect(page.getByText(/^Maximaal 5 bestanden/)).toBeVisible();
    await input.setInputFiles([join(uploads, 'crown-binary.stl'), join(uploads, 'pixel.png')]);
    expect(await input.evaluate((el: HTMLInputElement) => [...(el.files ?? [])].map((file) => file.name))).toEqual(['crown-binary.stl', 'pixel.png']);
  });

  test('a sent form says in the page language that it was not sent, and Back returns to the form as it was filled in', async ({ page }) => {
    const marker = unique();
    await page.goto('/nl/contact');
    await sendContact(page, 'nl', `Zonder scripts ${marker}`, 'Verstuurd zonder JavaScript.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uw formulier is niet verstuurd');
    await expect(page.getByRole('link', { name: 'Terug naar het formulier' })).toHaveAttribute('href', '/nl/contact');
    await expect(page.getByRole('link', { name: '030 000 0000' })).toHaveAttribute('href', 'tel:0300000000');
    expect(stored(marker)).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/nl\/contact$/);
    await expect(page.getByLabel('Onderwerp')).toHaveValue(`Zonder scripts ${marker}`);
  });
});

/** The forms to the GOV.UK and NL Design System standard, in each language. */
const standard = {
  en: {
    appointment: '/appointment',
    order: '/for-doctors',
    name: 'Full name',
    email: 'E-mail address',
    phone: 'Phone number',
    service: 'Service',
    date: 'Preferred date',
    time: 'Preferred time',
    day: 'Day',
    month: 'Month',
    year: 'Year',
    send: 'Send request',
    summary: 'There is a problem',
    nameMissing: 'Enter your name.',
    sent: 'Appointment request sent',
    reference: 'Your reference',
    again: 'Request another appointment',
    closed: 'We are closed on Saturdays. Choose another day.',
    locale: 'en-GB',
    chart: 'Tooth chart',
    teeth: 'Teeth (FDI)',
    tooth: (n: number) => `Tooth ${n}`,
  },
  nl: {
    appointment: '/nl/appointment',
    order: '/nl/for-doctors',
    name: 'Volledige naam',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    service: 'Dienst',
    date: 'Voorkeursdatum',
    time: 'Voorkeurstijd',
    day: 'Dag',
    month: 'Maand',
    year: 'Jaar',
    send: 'Verstuur aanvraag',
    summary: 'Er is een probleem',
    nameMissing: 'Vul uw naam in.',
    sent: 'Afspraakverzoek verzonden',
    reference: 'Uw referentie',
    again: 'Nog een afspraak aanvragen',
    closed: 'Op zaterdag zijn wij gesloten. Kies een andere dag.',
    locale: 'nl-NL',
    chart: 'Gebitsschema',
    teeth: 'Elementen (FDI)',
    tooth: (n: number) => `Element ${n}`,
  },
} as const;

/** Types a YYYY-MM-DD into the day, month and year boxes of the date group named `legend`. */
async function typeDate(page: Page, s: (typeof standard)['en' | 'nl'], legend: string, iso: string) {
  const [year, month, day] = iso.split('-');
  const group = page.getByRole('group', { name: legend });
  await group.getByLabel(s.day, { exact: true }).fill(String(Number(day)));
  await group.getByLabel(s.month, { exact: true }).fill(String(Number(month)));
  await group.getByLabel(s.year, { exact: true }).fill(year!);
}

/** The id of the stored submission whose data mentions `marker`. */
function storedId(marker: string): string | undefined {
  const db = new Database(join(e2eDataDir, 'submissions.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[string], { id: string }>('SELECT id FROM submissions WHERE data LIKE ?').get(`%${marker}%`)?.id;
  } finally {
    db.close();
  }
}

test.describe('the forms to the GOV.UK and NL Design System standard', () => {
  for (const lang of ['en', 'nl'] as const) {
    const s = standard[lang];

    test(`a refused submit shows a focused error summary in ${lang} whose every link focuses its field`, async ({ page }) => {
      await openPage(page, s.appointment);
      await page.getByRole('button', { name: s.send }).click();
      const summary = page.getByRole('alert').filter({ hasText: s.summary });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: s.nameMissing })).toBeVisible();
      const links = summary.getByRole('link');
      const count = await links.count();
      expect(count).toBeGreaterThanOrEqual(5);
      for (let i = 0; i < count; i++) {
        const href = await links.nth(i).getAttribute('href');
        await links.nth(i).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(href!.slice(1));
      }
      await summary.getByRole('link', { name: s.nameMissing }).click();
      await expect(page.getByLabel(s.name)).toBeFocused();
    });

    test(`a closed day is refused as soon as it is typed, and a date is read back in ${lang}`, async ({ page }) => {
      await openPage(page, s.appointment);
      const group = page.getByRole('group', { name: s.date });
      await typeDate(page, s, s.date, next(6));
      await expect(group.getByText(s.closed).first()).toBeVisible();
      await expect(group.getByLabel(s.day, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      const wednesday = next(3);
      await typeDate(page, s, s.date, wednesday);
      await expect(group.getByText(s.closed)).toHaveCount(0);
      const at = new Date(`${wednesday}T00:00:00Z`);
      const words = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(s.locale, { ...options, timeZone: 'UTC' }).format(at);
      const readBack = group.locator('.date-readback');
      await expect(readBack).toContainText(words({ weekday: 'long' }));
      await expect(readBack).toContainText(words({ month: 'long' }));
      await expect(readBack).toContainText(String(at.getUTCFullYear()));
    });

    test(`a sent request gives way to a panel in ${lang} with the reference the server stored, which stays`, async ({ page }) => {
      const name = `Anna ${unique()}`;
      await openPage(page, s.appointment);
      await page.getByLabel(s.name).fill(name);
      await page.getByLabel(s.email).fill('anna@example.nl');
      await page.getByLabel(s.phone).fill('06-12345678');
      await page.getByRole('combobox', { name: s.service }).selectOption('prosthetics');
      await typeDate(page, s, s.date, next(3));
      await page.getByLabel(s.time).selectOption('10:30');
      await page.getByRole('button', { name: s.send }).click();
      const heading = page.getByRole('heading', { name: s.sent });
      await expect(heading).toBeFocused();
      const panel = page.locator('.form-sent');
      await expect(panel.getByText(s.reference)).toBeVisible();
      const reference = (await panel.locator('.form-sent-reference').textContent())?.trim() ?? '';
      expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      expect(storedId(name)?.replace(/-/g, '').slice(0, 8).toUpperCase()).toBe(reference.replace('-', ''));
      await expect(panel).toContainText(name);
      // No timer takes it away: it is still there after the old toast's five seconds.
      await page.clock.install();
      await page.clock.fastForward(10_000);
      await expect(heading).toBeVisible();
      await panel.getByRole('button', { name: s.again }).click();
      await expect(page.getByLabel(s.name)).toHaveValue('');
    });

    test(`the tooth chart is used by keyboard in ${lang} and follows the typed teeth`, async ({ page }) => {
      await openPage(page, s.order);
      const chart = page.getByRole('group', { name: s.chart });
      const typed = page.getByLabel(s.teeth);
      await typed.fill('21-23');
      await expect(chart.getByRole('checkbox', { name: s.tooth(22), exact: true })).toBeChecked();
      await expect(chart.getByRole('checkbox', { name: s.tooth(11), exact: true })).not.toBeChecked();
      await chart.getByRole('checkbox', { name: s.tooth(11), exact: true }).focus();
      await page.keyboard.press('Space');
      await expect(chart.getByRole('checkbox', { name: s.tooth(11), exact: true })).toBeChecked();
      await expect(typed).toHaveValue(/\b11\b/);
      await page.keyboard.press('Tab');
      await expect(chart.getByRole('checkbox', { name: s.tooth(21), exact: true })).toBeFocused();
      await page.keyboard.press('Space');
      await expect(chart.getByRole('checkbox', { name: s.tooth(21), exact: true })).not.toBeChecked();
      await expect(typed).not.toHaveValue(/\b21\b/);
    });
  }
});
