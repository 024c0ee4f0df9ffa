/** The content model: one schema per kind of file in `content/`. */
export * from './common.ts';
export * from './sections.ts';
export * from './site.ts';
export * from './navigation.ts';
export * from './ui.ts';
export * from './page.ts';
export * from './service.ts';
export * from './article.ts';
export * from './testimonial.ts';
export * from './photo.ts';
export * from './redirect.ts';
export * from './glossary.ts';
