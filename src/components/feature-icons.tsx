import type { SVGProps } from 'react';
import type { iconNames } from '../../schemas/sections.ts';
import sprite from '../assets/feature-icons.svg';

/** A feature's line icon, by the name content gives, drawn from one cached sprite file rather than from script. */
export function FeatureIcon({ name, className = 'size-6', ...rest }: { name: (typeof iconNames)[number] } & SVGProps<SVGSVGElement>) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} {...rest}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
