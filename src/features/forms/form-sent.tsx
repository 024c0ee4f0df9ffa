import { useEffect, useId, useRef } from 'react';
import { LineIcon, iconCheck } from '../../components/icons.tsx';
import { KeepWhole } from '../../components/keep-whole.tsx';
import { useT } from '../../lib/i18n.tsx';

/** One line of what was sent: its label and the value as the visitor read it on the page. */
export type SentRow = readonly [label: string, value: string];

// Loaded with a form's first touch (with form-actions.ts), not with the page: it shows only once the form is sent.

/**
 * What the form sent, field by field, as the visitor read it (labels and values in the page's language),
 * read from the form before it is emptied: a text, a choice's label, a ticked box, the date in words. Only
 * the fields in `sent` (the checked data that went out) are listed: the honeypot, the parts of a date,
 * anything unnamed and a choice the data left out (what a date is, with no date) are not; a long text is cut short.
 */
export function describeForm(form: HTMLFormElement, yes: string, sent: Record<string, unknown>): SentRow[] {
  const rows: SentRow[] = [];
  const text = (element: Element | null | undefined) => {
    if (!element) return '';
    const copy = element.cloneNode(true) as Element;
    for (const mark of copy.querySelectorAll('.optional-mark, .sr-only, input')) mark.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const legend = (element: Element) => text(element.closest('fieldset')?.querySelector('legend'));
  for (const element of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input[name], select[name], textarea[name]')) {
    if (sent[element.name] === undefined || element.type === 'file') continue;
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
      if (!element.checked) continue;
      if (element.type === 'radio') rows.push([legend(element), text(element.closest('label'))]);
      else rows.push([text(element.closest('label')), yes]);
      continue;
    }
    if (element.type === 'hidden') {
      // A date's three boxes send one hidden value; the page reads it back in words below them.
      const words = element.closest('fieldset')?.querySelector('.date-readback')?.textContent ?? '';
      if (words) rows.push([legend(element), words]);
      continue;
    }
    const value = element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.textContent ?? '') : element.value.trim();
    if (value === '') continue;
    const label = text(form.querySelector(`label[for="${CSS.escape(element.id)}"]`));
    rows.push([label, value.length > 300 ? `${value.slice(0, 300)}…` : value]);
  }
  return rows;
}

/**
 * What a form gives way to once it has been sent: a panel that stays until the visitor moves on (never on a
 * timer), with its heading focused so a screen reader reads it out, the reference to quote, what was sent,
 * what happens next, and a button that brings back an empty form.
 */
export function FormSent({ title, reference, rows, next, again, onAgain }: { title: string; reference: string; rows: readonly SentRow[]; next: string; again: string; onAgain: () => void }) {
  const t = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="form-sent" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3 sm:gap-4">
        <div className="grid size-10 shrink-0 place-items-center rounded-full bg-mint text-teal sm:size-12">
          <LineIcon d={iconCheck} className="size-6" aria-hidden="true" />
        </div>
        <div className="min-w-0">
          <h3 ref={heading} id={`${id}-title`} tabIndex={-1} className="text-xl font-semibold text-deep">
            {title}
          </h3>
          {reference ? (
            <p className="mt-3">
              {t('forms.sentReference')}: <strong className="form-sent-reference">{reference}</strong>
              <span className="mt-1 block text-sm text-ink/80">
                <KeepWhole text={t('forms.sentReferenceHint')} />
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <h4 className="mt-6 font-semibold text-deep">{t('forms.sentNext')}</h4>
      <p className="mt-1">
        <KeepWhole text={next} />
      </p>
      {rows.length > 0 ? (
        <>
          <h4 className="mt-6 font-semibold text-deep">{t('forms.sentSummary')}</h4>
          <dl className="form-sent-rows">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <button type="button" className="btn btn-secondary mt-6" onClick={onAgain}>
        {again}
      </button>
    </section>
  );
}
