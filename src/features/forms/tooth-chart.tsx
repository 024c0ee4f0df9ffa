import { useT } from '../../lib/i18n.tsx';
import { permanentQuadrants } from '../../../schemas/teeth.ts';

/** The quadrants as the chart lays them out, seen facing the patient: upper right and left, then lower right and left. */
const rows = [
  { jaw: 'forms.upperJaw', quadrants: [0, 1] },
  { jaw: 'forms.lowerJaw', quadrants: [3, 2] },
] as const;

/**
 * The permanent teeth as two arches of labelled checkboxes, quadrant by quadrant ("Tooth 11" / "Element 11"),
 * each reachable with Tab and ticked with Space. The chart holds no value of its own: it shows and changes
 * the typed list beside it, so a typed "21-23" ticks three boxes and a ticked box adds to the list.
 */
export function ToothChart({ chosen, onToggle, describedBy }: { chosen: ReadonlySet<number>; onToggle: (tooth: number, on: boolean) => void; describedBy?: string }) {
  const t = useT();
  const jaws = { 'forms.upperJaw': t('forms.upperJaw'), 'forms.lowerJaw': t('forms.lowerJaw') };
  const names = [t('forms.quadrant1'), t('forms.quadrant2'), t('forms.quadrant3'), t('forms.quadrant4')];
  return (
    <fieldset className="tooth-chart" aria-describedby={describedBy}>
      <legend className="text-sm font-semibold text-deep">{t('forms.teethChart')}</legend>
      {rows.map((row) => (
        <div key={row.jaw} role="group" aria-label={jaws[row.jaw]} className="tooth-jaw">
          {row.quadrants.map((index) => {
            // The right quadrants run from the back tooth to the midline, the left ones from the midline back.
            const teeth = index === 0 || index === 3 ? [...permanentQuadrants[index]!].reverse() : permanentQuadrants[index]!;
            return (
              <div key={index} role="group" aria-label={`${names[index]} (${index + 1})`} className="tooth-quadrant">
                {teeth.map((tooth) => (
                  <label key={tooth} className="tooth">
                    <input type="checkbox" className="tooth-input" checked={chosen.has(tooth)} onChange={(event) => onToggle(tooth, event.currentTarget.checked)} />
                    <span aria-hidden="true">{tooth}</span>
                    <span className="sr-only">{t('forms.tooth', { n: tooth })}</span>
                  </label>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
