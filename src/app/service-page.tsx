import { useLoaderData } from '@tanstack/react-router';
import { templates } from './templates.ts';

/** A service page: its loader picked (and loaded) the template for the service's kind. */
export function ServicePage() {
  const { template } = useLoaderData({ from: '/{-$lang}/services/$slug' });
  const Template = templates[template];
  return <Template />;
}
