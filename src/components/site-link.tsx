import { Link, type ActiveLinkOptions } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { SiteHref } from '../shared/content-types.ts';

type Props = { href: SiteHref; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & Pick<ActiveLinkOptions, 'activeProps' | 'activeOptions'>;

// The router marks a link active (with aria-current="page") when it leads to the page shown; by default also
// when it leads to a page above it, which would mark the home link and the logo on every Dutch page.
const exactly = { exact: true };

/**
 * A link to a page of the site or an outside address. `href` is checked at compile time against the
 * generated page paths; internal paths navigate inside the app (and get `aria-current="page"` when they
 * lead to the page shown), anything else is a plain link. Content hrefs are already in the page's language.
 */
export function SiteLink({ href, children, activeProps, activeOptions = exactly, ...rest }: Props) {
  if (href.startsWith('/')) {
    // A concrete path such as "/nl/about" is a location the router resolves itself.
    const to: string = href;
    return (
      <Link to={to} activeProps={activeProps} activeOptions={activeOptions} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
