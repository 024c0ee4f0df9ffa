import { z } from 'zod';

const Path = z.string().regex(/^\/[a-z0-9/-]*[a-z0-9]$/, 'write an English path such as "/services/dentures1"');

/** Permanent redirects (`content/redirects.yaml`); each applies to the English path and its /nl twin. */
export const Redirects = z
  .strictObject({
    redirects: z
      .array(
        z.strictObject({
          from: Path.describe('The old path; it must not be a page.'),
          to: Path.describe('The page it moves to; it must exist and must not redirect again.'),
        }),
      )
      .describe('The redirects, answered with HTTP 301.'),
  })
  .describe('Redirects (content/redirects.yaml).');
export type Redirects = z.infer<typeof Redirects>;
