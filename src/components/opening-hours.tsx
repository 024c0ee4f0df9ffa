import { useShell, useT } from '../lib/i18n.tsx';

/** The weekly opening hours from site settings, Monday first; the one list every page shows. */
export function OpeningHours({ className = '' }: { className?: string }) {
  const { shell } = useShell();
  const t = useT();
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {shell.site.openingHours.map((day) => (
        <div key={day.day} className="contents">
          <dt>{t(`hours.${day.day}`)}</dt>
          <dd className="tabular-nums">
            {day.opens && day.closes ? (
              <>
                <time>{day.opens}</time>–<time>{day.closes}</time>
              </>
            ) : (
              t('hours.closed')
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
