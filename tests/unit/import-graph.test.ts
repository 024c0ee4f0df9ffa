import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, unitOf, type Edge } from '../../scripts/import-graph.ts';
import { projectRoot } from '../support/fixtures.ts';

const edge = (from: string, to: string): Edge => ({ from, to, count: 1, example: '' });

describe('the import graph between folders', () => {
  it('counts each feature folder on its own and files at the top of src/ in no folder', () => {
    expect(unitOf('src/features/forms/use-form.ts')).toBe('src/features/forms');
    expect(unitOf('src/lib/i18n.tsx')).toBe('src/lib');
    expect(unitOf('src/generated/pages/home.en.ts')).toBe('src/generated');
    expect(unitOf('schemas/forms.ts')).toBe('schemas');
    expect(unitOf('src/styles.css')).toBeUndefined();
  });

  it('finds a cycle through several folders once, and none in a graph that goes one way', () => {
    expect(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual([['a', 'b', 'c', 'a']]);
    expect(cycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'c')])).toEqual([]);
  });

  it('has no cycle between the folders of this project', () => {
    const graph = folderGraph(projectRoot);
    expect(graph.some((e) => e.from === 'src/templates' && e.to === 'src/components')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});

describe('the layer rules ESLint holds', () => {
  // The layer rule needs no type information, so the check skips it and runs in well under a second.
  const eslint = new ESLint({ cwd: projectRoot, overrideConfig: tseslint.configs.disableTypeChecked });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(projectRoot, file) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };

  it.each([
    ['shared code importing a feature', 'src/shared/wrong-way.ts', "import { Header } from '../features/shell/header.tsx';"],
    ['a feature importing another feature', 'src/features/blog/wrong-way.ts', "import { Logo } from '../shell/logo.tsx';"],
    ['the server importing the interface', 'src/server/wrong-way.ts', "import { useT } from '../lib/i18n.tsx';"],
    ['shared code importing the generated manifest', 'src/shared/wrong-way.ts', "import { pageIds } from '@generated/manifest.ts';"],
  ])('fails on %s', async (_what, file, line) => {
    const problems = await lint(file, `${line}\nexport const used = [${/import \{ (\w+) \}/.exec(line)![1]}];\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^boundaries\/dependencies: There is no policy allowing dependencies from elements of type "\w+"/);
  });

  it('passes an import that goes down the layers', async () => {
    expect(await lint('src/templates/right-way.ts', "import { Logo } from '../features/shell/logo.tsx';\nexport const used = [Logo];\n")).toEqual([]);
  });
});
