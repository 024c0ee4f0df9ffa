// A date's three boxes (date-field.tsx) as the one value the form sends; form-actions.ts reads it too.

/** The YYYY-MM-DD a date field's three boxes make, "" when all are empty, and something no schema takes when they make no date. */
export function dateOf(form: HTMLFormElement, name: string): string {
  const value = (key: string) => {
    const input = form.elements.namedItem(`_${name}-${key}`);
    return input instanceof HTMLInputElement ? input.value.trim() : '';
  };
  const [day, month, year] = [value('day'), value('month'), value('year')];
  if (!day && !month && !year) return '';
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return `${year}-${month}-${day}`;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
