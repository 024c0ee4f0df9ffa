import type { ResolvedLink } from '../shared/content-types.ts';
import { SiteLink } from './site-link.tsx';

/** A list of menu links; the same links may appear twice (a redirect and its target), so keys carry the position. */
export function LinkList({ links, className, linkClassName }: { links: ResolvedLink[]; className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {links.map((link, i) => (
        <li key={`${i}:${link.href}`}>
          <SiteLink href={link.href} className={linkClassName}>
            {link.label}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
