import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { cycles, fileGraph } from '../../scripts/import-graph.ts';
import { projectRoot } from '../support/fixtures.ts';

// Each file in tests/fixtures/wrong-imports/ is an import the layers forbid; its first line says where in the
// tree it is linted as if it stood there. Lint must refuse each one, with the rule and reason named here.
const fixtures = join(projectRoot, 'tests', 'fixtures', 'wrong-imports');

const browser = (module: string) =>
  new RegExp(`^boundaries/dependencies: \\w+ runs in the browser: (Node's module )?${module.replace(/[/.]/g, '\\$&')} (runs only in Node and )?belongs in src/server or scripts/$`);
const noPolicy = /^boundaries\/dependencies: There is no policy allowing dependencies from elements of type "\w+"/;
const noLayer = /^boundaries\/no-unknown-files: File does not match any file pattern and does not belong to any known element$/;

const expected: Record<string, RegExp[]> = {
  'shared-node-fs.ts': [browser('node:fs')],
  'shared-plain-fs.ts': [browser('fs')],
  'shared-dynamic-node-fs.ts': [browser('node:fs/promises')],
  'schemas-node-crypto.ts': [browser('node:crypto')],
  'components-better-sqlite3.ts': [browser('better-sqlite3')],
  'features-nodemailer.ts': [browser('nodemailer')],
  'lib-fastify.ts': [browser('fastify')],
  'lib-fastify-subpath.ts': [browser('fastify/types/reply')],
  'templates-sharp.ts': [browser('sharp')],
  'app-fastify-plugin.ts': [browser('@fastify/multipart')],
  'shared-to-feature.ts': [noPolicy],
  'feature-to-feature.ts': [noPolicy],
  'server-to-lib.ts': [noPolicy],
  'shared-to-generated.ts': [noPolicy],
  'server-tests-support.ts': [noPolicy],
  'features-tests-support.ts': [noPolicy],
  'scripts-tests-support.ts': [noPolicy],
  'lib-vite-config.ts': [noPolicy],
  'utils-new-folder.ts': [noLayer],
  'shared-to-unknown-folder.ts': [noPolicy],
  'top-of-src.ts': [noLayer],
};

describe('the layer rules ESLint holds, on imports that break them', () => {
  // The layer rules need no type information, so the check skips it and runs in a few seconds.
  const eslint = new ESLint({ cwd: projectRoot, overrideConfig: tseslint.configs.disableTypeChecked });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(projectRoot, file) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };
  const lintedAs = (code: string) => /^\/\/ Linted as ([\w/.-]+):/.exec(code)?.[1];

  it('has a fixture for each case and a case for each fixture', () => {
    expect(readdirSync(fixtures).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('refuses %s', async (fixture, problems) => {
    const code = readFileSync(join(fixtures, fixture), 'utf8');
    const file = lintedAs(code);
    expect(file, 'the fixture says where it is linted').toBeDefined();
    const found = await lint(file!, code);
    expect(found).toHaveLength(problems.length);
    problems.forEach((problem, i) => expect(found[i]).toMatch(problem));
  });

  it.each([
    ['an import that goes down the layers', 'src/templates/right-way.ts', "import { Logo } from '../features/shell/logo.tsx';\nexport const used = [Logo];\n"],
    ['the server reading a file', 'src/server/right-way.ts', "import { readFileSync } from 'node:fs';\nimport Database from 'better-sqlite3';\nexport const used = [readFileSync, Database];\n"],
    ['a script using the build configuration', 'scripts/right-way.ts', "import { siteConfig } from '../vite.config.ts';\nimport sharp from 'sharp';\nexport const used = [siteConfig, sharp];\n"],
    ['shared code using a package that runs anywhere', 'src/shared/right-way.ts', "import { z } from 'zod';\nimport { unzipSync } from 'fflate';\nexport const used = [z, unzipSync];\n"],
    ['the interface using React', 'src/components/right-way.tsx', "import { useState } from 'react';\nexport const used = [useState];\n"],
  ])('passes %s', async (_what, file, code) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('cycles between files', () => {
  it('are found between imports that run; a cycle of types only, which TypeScript erases, is not one', () => {
    expect(cycles(fileGraph(join(projectRoot, 'tests', 'fixtures', 'import-cycle')))).toEqual([['src/shared/back.ts', 'src/shared/front.ts', 'src/shared/back.ts']]);
  });

  it('are none in this project', () => {
    const graph = fileGraph(projectRoot);
    expect(graph.some((edge) => edge.from === 'src/shared/file-check.ts' && edge.to === 'src/shared/file-check/zip.ts')).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});
