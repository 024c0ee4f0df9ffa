import { useT } from '../lib/i18n.tsx';
import type { ComparisonContent } from '../shared/content-types.ts';
import { KeepWhole } from './keep-whole.tsx';
import { SectionHead } from './section-head.tsx';
import { SiteLink } from './site-link.tsx';

/**
 * A category's materials side by side, as a real table: a caption, a header cell for every column and one
 * for every row (the material, linking to its page). Narrower than the table, the wrapper scrolls sideways
 * (a named region the keyboard can reach and scroll) while the materials' column stays in place.
 */
export function ComparisonTable({ comparison }: { comparison: ComparisonContent }) {
  const t = useT();
  const { columns } = comparison;
  const cells = ['indications', 'strength', 'aesthetics', 'thickness'] as const;
  return (
    <section className="section bg-sand/50" aria-labelledby="comparison-title">
      <div className="container-page">
        <SectionHead id="comparison-title" title={comparison.title} intro={comparison.intro} />
        <p className="mt-6 text-sm text-ink/75 lg:hidden">{t('services.tableScroll')}</p>
        {/* Focusable, so a keyboard can scroll it; named by the caption. */}
        <div className="table-scroll mt-3 lg:mt-8" role="region" aria-labelledby="comparison-caption" tabIndex={0}>
          <table className="compare-table">
            <caption id="comparison-caption">{comparison.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.material}</th>
                {cells.map((cell) => (
                  <th key={cell} scope="col">
                    {columns[cell]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map((row) => (
                <tr key={row.service.href}>
                  <th scope="row">
                    <SiteLink href={row.service.href} className="link">
                      <KeepWhole text={row.service.name} />
                    </SiteLink>
                  </th>
                  {cells.map((cell) => (
                    <td key={cell}>
                      <KeepWhole text={row[cell]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="measure mt-4 text-sm text-ink/80">
          <KeepWhole text={comparison.note} />
        </p>
      </div>
    </section>
  );
}
