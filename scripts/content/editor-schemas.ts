/**
 * The content schemas for editors: JSON Schema made from the zod schemas (`z.toJSONSchema`), one per kind of
 * content file, with every field's description, in `schemas/json/`, and the editor's mapping of content
 * files to them (`.vscode/settings.json`). An editor that speaks the YAML language server (VS Code's YAML
 * extension, Neovim's yamlls, JetBrains) then completes keys and allowed values, shows a field's
 * description on hover and underlines a wrong type while the author types. `npm run generate` writes them;
 * tests/integration/editor-schemas.test.ts fails when the committed files no longer match the zod schemas.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { Article, Glossary, Navigation, Page, Redirects, Service, SiteSettings, Testimonial, UiDictionary } from '../../schemas/index.ts';

/** The folder of the JSON schemas, in the project. */
export const jsonSchemaDir = 'schemas/json';

/** Each kind of content file: its schema, what it is, and the files (a glob from the project root) it checks. */
export const editorSchemas: { name: string; title: string; schema: z.ZodType; files: string }[] = [
  { name: 'service', title: 'A service page (content/services/<slug>.yaml)', schema: Service, files: 'content/services/*.yaml' },
  { name: 'article', title: 'A blog article (content/articles/<slug>.yaml)', schema: Article, files: 'content/articles/*.yaml' },
  { name: 'testimonial', title: 'A testimonial (content/testimonials/<id>.yaml)', schema: Testimonial, files: 'content/testimonials/*.yaml' },
  ...Page.options.map((option) => {
    const id = option.shape.id.value;
    return { name: `page-${id}`, title: `The ${id} page (content/pages/${id}.yaml)`, schema: option as z.ZodType, files: `content/pages/${id}.yaml` };
  }),
  { name: 'site', title: "The lab's facts and the site's settings (content/site.yaml)", schema: SiteSettings, files: 'content/site.yaml' },
  { name: 'navigation', title: 'The menus (content/navigation.yaml)', schema: Navigation, files: 'content/navigation.yaml' },
  { name: 'ui', title: 'The interface strings (content/ui.yaml)', schema: UiDictionary, files: 'content/ui.yaml' },
  { name: 'redirects', title: 'Redirects (content/redirects.yaml)', schema: Redirects, files: 'content/redirects.yaml' },
  { name: 'glossary', title: 'Words the site uses (content/glossary.yaml)', schema: Glossary, files: 'content/glossary.yaml' },
];

const schemaFile = (name: string) => `${jsonSchemaDir}/${name}.schema.json`;

/** The text of every file this module writes, by its path from the project root. */
export function editorFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { name, title, schema, files: pattern } of editorSchemas) {
    // What an author writes (defaults may be left out), as draft 7, which every YAML language server reads.
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
    const { $schema, ...rest } = json;
    const document = { $schema, $comment: `Made from the zod schemas in schemas/ by npm run generate; do not edit. For ${pattern}.`, title, ...rest };
    files.set(schemaFile(name), `${JSON.stringify(document, null, 2)}\n`);
  }
  const settings = {
    'yaml.schemas': Object.fromEntries(editorSchemas.map(({ name, files: pattern }) => [`./${schemaFile(name)}`, pattern])),
    // Allowed values are offered as one types a value too, not only a key.
    '[yaml]': { 'editor.quickSuggestions': { other: true, comments: false, strings: true } },
  };
  files.set('.vscode/settings.json', `${JSON.stringify(settings, null, 2)}\n`);
  files.set('.vscode/extensions.json', `${JSON.stringify({ recommendations: ['redhat.vscode-yaml'] }, null, 2)}\n`);
  return files;
}

/** Writes the files that changed; returns their paths. */
export function writeEditorFiles(root: string): string[] {
  const written: string[] = [];
  for (const [file, text] of editorFiles()) {
    const abs = join(root, file);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === text) continue;
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    written.push(file);
  }
  return written;
}
