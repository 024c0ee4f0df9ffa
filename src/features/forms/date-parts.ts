// A date's three boxes (date-field.tsx) as the one value the form sends; form-actions.ts reads it too.

/** The YYYY-MM-DD that a day, a month and a year as typed make, "" when all are blank, and something no schema takes when they make no date. */
export function dateFromBoxes(...typed: [day: string, month: string, year: string]): string {
  const [day, month, year] = typed.map((text) => text.trim()) as [string, string, string];
  if (!day && !month && !year) return '';
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return `${year}-${month}-${day}`;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The YYYY-MM-DD a date field's three boxes in `form` make (see `dateFromBoxes`). */
export function dateOf(form: HTMLFormElement, name: string): string {
  const value = (key: string) => {
    const input = form.elements.namedItem(`_${name}-${key}`);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  return dateFromBoxes(value('day'), value('month'), value('year'));
}
