import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorFiles, editorSchemas } from '../../scripts/content/editor-schemas.ts';
import { projectRoot } from '../support/fixtures.ts';
import { startYamlLanguageServer } from '../support/yaml-language-server.ts';

const committed = (file: string) => readFileSync(join(projectRoot, file), 'utf8');

describe("the editor's content schemas", () => {
  it('are in step with the zod schemas: the committed files are what npm run generate writes', () => {
    const files = editorFiles();
    expect(files.size).toBe(editorSchemas.length + 2);
    for (const [file, text] of files) expect(committed(file), `${file} is out of date: run npm run generate`).toBe(text);
  });

  it('give every content file of the site a schema, and every field its description', () => {
    const mapping = (JSON.parse(committed('.vscode/settings.json')) as { 'yaml.schemas': Record<string, string> })['yaml.schemas'];
    const service = JSON.parse(committed('schemas/json/service.schema.json')) as { oneOf: { properties: Record<string, { description?: string }> }[] };
    expect(mapping['./schemas/json/service.schema.json']).toBe('content/services/*.yaml');
    expect(mapping['./schemas/json/page-about.schema.json']).toBe('content/pages/about.yaml');
    for (const branch of service.oneOf) for (const [key, field] of Object.entries(branch.properties)) expect(field.description, `service.${key}`).toBeTruthy();
  });
});

// The real language server, configured as .vscode/settings.json configures VS Code, on the project's own files.
describe('the YAML language server with the mapping of .vscode/settings.json', () => {
  let server: Awaited<ReturnType<typeof startYamlLanguageServer>>;
  beforeAll(async () => {
    const settings = JSON.parse(committed('.vscode/settings.json')) as { 'yaml.schemas': Record<string, string> };
    server = await startYamlLanguageServer(projectRoot, { schemas: settings['yaml.schemas'], validate: true, hover: true, completion: true });
  }, 60_000);
  afterAll(() => server?.stop());

  const lineOf = (text: string, pattern: RegExp) => text.split('\n').findIndex((line) => pattern.test(line));

  it('finds nothing wrong in the real content', async () => {
    for (const file of [
      'content/services/zirconia.yaml',
      'content/pages/about.yaml',
      'content/articles/cad-cam-techniques-in-dental-prosthetics.yaml',
      'content/site.yaml',
      'content/navigation.yaml',
      'content/ui.yaml',
    ]) {
      expect(await server.open(file, committed(file)), file).toEqual([]);
    }
  });

  it('underlines a value that is not allowed and a misspelt key, each at its line', async () => {
    const text = committed('content/pages/about.yaml')
      .replace('    - icon: search', '    - icon: magnifier')
      .replace(/^seo:\n {2}title:/m, 'seo:\n  titel:');
    const found = await server.open('content/pages/about.yaml', text);
    const at = (line: number) => found.filter((d) => d.range.start.line === line).map((d) => d.message);
    expect(at(lineOf(text, /- icon: magnifier/))).toEqual([expect.stringMatching(/^Value is not accepted\. Valid values: "tooth", "crown", .*"search"/)]);
    expect(at(lineOf(text, /^ {2}titel:/))).toEqual(['Property titel is not allowed.']);
    // The key it should have been is missing from its map.
    expect(found.map((d) => d.message)).toContain('Missing property "title".');
  });

  it('underlines a kind of service that does not exist at its line', async () => {
    const text = committed('content/services/zirconia.yaml').replace(/^kind: detail$/m, 'kind: detial');
    const found = await server.open('content/services/zirconia.yaml', text);
    expect(found.map((d) => [d.range.start.line, d.message])).toEqual([[lineOf(text, /^kind: detial$/), 'Value must be "detail".']]);
  });

  it('completes the keys a file may still have and the values a field allows', async () => {
    // The author starts a key at the end of a service file: the keys it does not have yet are offered.
    const text = `${committed('content/services/zirconia.yaml')}cas`;
    await server.open('content/services/zirconia.yaml', text);
    const keys = (await server.complete('content/services/zirconia.yaml', text.split('\n').length - 1, 3)).map((item) => item.label);
    expect(keys).toContain('cases');
    expect(keys).not.toContain('hero');
    const withIcon = committed('content/pages/about.yaml').replace('    - icon: search', '    - icon: ');
    await server.open('content/pages/about.yaml', withIcon);
    const values = (await server.complete('content/pages/about.yaml', lineOf(withIcon, /- icon: $/), '    - icon: '.length)).map((item) => item.label);
    expect(values).toEqual(expect.arrayContaining(['tooth', 'crown', 'search', 'check']));
  });

  it("shows a field's description on hover", async () => {
    const text = committed('content/services/zirconia.yaml');
    await server.open('content/services/zirconia.yaml', text);
    const line = lineOf(text, /^slug: /);
    expect(await server.hover('content/services/zirconia.yaml', line, 1)).toContain('The URL segment under /services/ and the file name.');
  });
});
