// Compiled by `npm run typecheck`: each @ts-expect-error must meet an error, or the typecheck fails.
// Adding a kind of page is: its schema (schemas/page.ts), its template (src/templates/<id>.tsx), its file in
// content/pages/ and its entry in the registry (schemas/page-kinds.ts). Here a kind "faq" is added with all but
// the registry entry: each step that names it must fail to compile, so a forgotten entry cannot go unnoticed.
import { z } from 'zod';
import type { PageKindId, RoutedPageKind } from '../../schemas/page-kinds.ts';
import { pageSchemas, type Page } from '../../schemas/page.ts';
import { templates } from '../../src/app/templates.ts';
import type { TemplateContent, TemplateProps } from '../../src/shared/content-types.ts';

// The schema names its kind with pageId(), which takes only a registered id.
// @ts-expect-error "faq" is no page kind until the registry has its entry
export const faqId: PageKindId = 'faq';

// The schemas' table is typed over the registry: the kind's schema has no place in it.
export const withFaq = {
  ...pageSchemas,
  // @ts-expect-error a schema for a kind the registry does not name
  faq: z.strictObject({ id: z.literal('faq') }),
} satisfies { [K in PageKindId]: z.ZodType<{ id: K }> };

// Its content file does not pass the page schema's type.
// @ts-expect-error "faq" is not among the page union's ids
export const faqPage: Page['id'] = 'faq';

// Its template does not compile: its props name a template the registry does not give content to.
// @ts-expect-error TemplateProps takes only the templates of the registry, the service kinds and the article
export type FaqProps = TemplateProps<'faq'>;
// @ts-expect-error there is no content type for it, so no generated module can satisfy one
export type FaqContent = TemplateContent['faq'];

// It has no route and no template in the router's table.
// @ts-expect-error the router makes routes only for the registry's kinds
export const faqRoute: RoutedPageKind = 'faq';
// @ts-expect-error the templates' table is keyed by the registry's kinds
export const faqTemplate = templates.faq;

// A registered kind is everywhere: these compile.
export const about: PageKindId = 'about';
export const aboutRoute: RoutedPageKind = 'about';
export const aboutTemplate = templates.about;
export type AboutContent = TemplateContent['about'];
