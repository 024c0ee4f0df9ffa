// Compiled by `npm run typecheck`: each @ts-expect-error must meet an error, or the typecheck fails.
import { Link } from '@tanstack/react-router';

/** Links the router's types accept: a known service slug and a page in either language. */
export const known = [
  <Link key="service" to="/{-$lang}/services/$slug" params={{ slug: 'zirconia' }} />,
  <Link key="dutch" to="/{-$lang}/services/$slug" params={{ lang: 'nl', slug: 'veneers' }} />,
  <Link key="article" to="/{-$lang}/blog/$slug" params={{ slug: 'the-future-of-digital-dentistry' }} />,
  <Link key="page" to="/{-$lang}/testimonials" />,
];

/** Links that must not compile. */
export const unknown = [
  // @ts-expect-error "zirconiaa" is no service slug
  <Link key="service" to="/{-$lang}/services/$slug" params={{ slug: 'zirconiaa' }} />,
  // @ts-expect-error "de" is no language of the site
  <Link key="lang" to="/{-$lang}/services/$slug" params={{ lang: 'de', slug: 'zirconia' }} />,
  // @ts-expect-error "care-tip" is no article slug
  <Link key="article" to="/{-$lang}/blog/$slug" params={{ slug: 'care-tip' }} />,
  // @ts-expect-error "/testimonialz" is no page
  <Link key="page" to="/{-$lang}/testimonialz" />,
];
