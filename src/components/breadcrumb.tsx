import { useT } from '../lib/i18n.tsx';
import { LineIcon, iconChevronRight } from './icons.tsx';
import { SiteLink } from './site-link.tsx';
import type { ResolvedLink } from '../shared/content-types.ts';

/** The trail of pages above this one, for a hero's eyebrow; the page itself is the heading below it. */
export function Breadcrumb({ trail }: { trail: ResolvedLink[] }) {
  const t = useT();
  return (
    <nav aria-label={t('nav.breadcrumb')} className="tracking-normal normal-case">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 font-medium">
        {trail.map((link, index) => (
          <li key={link.href} className="flex items-center gap-1.5">
            {index > 0 ? <LineIcon d={iconChevronRight} className="size-4 text-deep/40" /> : null}
            <SiteLink href={link.href} className="rounded text-teal underline-offset-4 hover:text-deep hover:underline">
              {link.label}
            </SiteLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
