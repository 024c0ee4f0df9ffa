import { useEffect, useState } from 'react';
import { readTeeth, writeTeeth } from '../../../schemas/teeth.ts';
import { ToothChart } from './tooth-chart.tsx';

// Part of the order's details (order-details.tsx), hydrated after the page.

/** Shades a dentist picks from (VITA classical and VITA 3D-Master); any other text is taken as written. */
const shades = [
  ...['A1', 'A2', 'A3', 'A3.5', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4', 'D2', 'D3', 'D4'],
  ...['0M1', '0M2', '0M3', '1M1', '1M2', '2L1.5', '2L2.5', '2M1', '2M2', '2M3', '2R1.5', '2R2.5', '3L1.5', '3L2.5', '3M1', '3M2', '3M3', '3R1.5', '3R2.5'],
  ...['4L1.5', '4L2.5', '4M1', '4M2', '4M3', '4R1.5', '4R2.5', '5M1', '5M2', '5M3'],
];

/**
 * The tooth chart kept in step with the typed list (input `inputId`) both ways: what is typed ticks the
 * boxes as soon as it reads as teeth, a box ticked or unticked rewrites the list (keeping milk teeth typed
 * there). Also the shade field's suggestions (datalist `shadesId`).
 */
export default function TeethPicker({ inputId, shadesId, onPicked }: { inputId: string; shadesId: string; onPicked: () => void }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const follow = () => {
      const reading = readTeeth(input.value);
      if (reading.ok) setChosen(new Set(reading.teeth));
    };
    follow();
    input.addEventListener('input', follow);
    // A sent form is reset: the chart empties with it.
    const reset = () => setChosen(new Set());
    input.form?.addEventListener('reset', reset);
    return () => {
      input.removeEventListener('input', follow);
      input.form?.removeEventListener('reset', reset);
    };
  }, [inputId]);
  const toggle = (tooth: number, on: boolean) => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const reading = readTeeth(input.value);
    const next = new Set(reading.ok ? reading.teeth : chosen);
    if (on) next.add(tooth);
    else next.delete(tooth);
    setChosen(next);
    input.value = writeTeeth([...next]);
    onPicked();
  };
  return (
    <>
      <ToothChart chosen={chosen} onToggle={toggle} />
      <datalist id={shadesId}>
        {shades.map((shade) => (
          <option key={shade} value={shade} />
        ))}
      </datalist>
    </>
  );
}
