import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.tsx';

// Loaded with a form's first touch (with form-actions.ts), not with the page: it shows only after a refused submit.

/** A problem to show in the error summary: the field's message and the id of the control its link focuses. */
export interface SummaryItem {
  id: string;
  message: string;
}

/** What the form knows when its summary shows: its fields' messages by name, and the form's id (a field's control is `${formId}-${name}`). */
export interface SummaryProblems {
  errors: Readonly<Record<string, string>>;
  formId: string;
}

/** The summary's problems in the order of their fields on the page; a field the server named that the form does not show (it should not happen) comes last, linking to the form. */
export function summaryItems({ errors, formId }: SummaryProblems): SummaryItem[] {
  const items = Object.entries(errors).map(([name, message]) => ({ id: `${formId}-${name}`, message }));
  const at = (id: string) => document.getElementById(id);
  return items.sort((a, b) => {
    const [x, y] = [at(a.id), at(b.id)];
    if (!x || !y) return Number(!x) - Number(!y);
    return x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

/**
 * The error summary at the top of a form after a refused submit (GOV.UK's and the NL Design System's
 * pattern): titled, focused when it appears, each problem a link that moves the focus to its field.
 */
export function ErrorSummary({ items, focusRequest }: { items: () => SummaryProblems | null; focusRequest: number }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const problems = items();
  const list = problems ? summaryItems(problems) : [];
  useEffect(() => {
    if (focusRequest > 0) box.current?.focus();
  }, [focusRequest]);
  if (list.length === 0) return null;
  return (
    <div ref={box} className="error-summary sm:col-span-2" tabIndex={-1} role="alert" aria-labelledby={`${list[0]!.id}-summary`}>
      <h3 id={`${list[0]!.id}-summary`} className="text-lg font-semibold">
        {t('forms.errorSummary')}
      </h3>
      <ul className="mt-2 grid gap-1.5">
        {list.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                // Focus the control itself (the address alone would scroll to it but leave the focus here).
                const target = document.getElementById(item.id);
                if (!target) return;
                event.preventDefault();
                target.focus();
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
