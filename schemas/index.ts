/** The content model: one schema per kind of file in `content/`. */
export * from './common';
export * from './sections';
export * from './site';
export * from './navigation';
export * from './ui';
export * from './page';
export * from './service';
export * from './article';
export * from './testimonial';
export * from './redirect';
