import { Link, type ActiveLinkOptions } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';

type Props = { href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  Pick<ActiveLinkOptions, 'activeProps' | 'activeOptions'>;

/**
 * A link to a content href: internal paths navigate inside the app (and get `aria-current` when
 * asked), anything else is a plain link. Content hrefs are already in the page's language.
 */
export function SiteLink({ href, children, activeProps, activeOptions, ...rest }: Props) {
  if (href.startsWith('/')) {
    return (
      <Link to={href as never} activeProps={activeProps} activeOptions={activeOptions} {...rest}>
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
