import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the code, top to bottom; each may import only the layers below it (and packages).
 * A feature folder may not import another feature. `npm run graph` prints what the code does.
 */
const layers = [
  { type: 'app', pattern: 'src/app' },
  { type: 'templates', pattern: 'src/templates' },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'generated', pattern: 'src/generated' },
  { type: 'server', pattern: 'src/server' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'assets', pattern: 'src/assets' },
  { type: 'schemas', pattern: 'schemas' },
  { type: 'scripts', pattern: 'scripts' },
  { type: 'tests', pattern: 'tests' },
];

/** Files in no layer that code may still name: the build's own configuration (for scripts/), the site's style sheet (for app/). */
const files = [
  { category: 'config', pattern: '*.config.ts' },
  { category: 'styles', pattern: 'src/styles.css' },
];

const below = {
  app: ['templates', 'feature', 'components', 'lib', 'generated', 'shared', 'assets', 'schemas', 'styles'],
  templates: ['feature', 'components', 'lib', 'generated', 'shared', 'assets', 'schemas'],
  feature: ['components', 'lib', 'generated', 'shared', 'assets', 'schemas'],
  components: ['lib', 'generated', 'shared', 'assets', 'schemas'],
  lib: ['generated', 'shared', 'schemas'],
  generated: ['shared', 'assets', 'schemas'],
  server: ['shared', 'schemas'],
  shared: ['schemas'],
  schemas: [],
  scripts: ['app', 'server', 'shared', 'generated', 'schemas', 'config'],
  // Nothing imports the tests: a helper both need goes into the code, and the tests import it from there.
  tests: ['app', 'templates', 'feature', 'components', 'lib', 'generated', 'server', 'shared', 'assets', 'schemas', 'scripts', 'tests', 'config'],
};

/**
 * The layers whose code runs in the browser (shared/ and schemas/ run on the server and in the build too):
 * they may not import Node's built-in modules (`node:fs` or plain `fs`) nor a package that only runs in
 * Node. A server-only module lives in src/server or scripts/, which run only in Node.
 */
const browserLayers = ['app', 'templates', 'feature', 'components', 'lib', 'generated', 'shared', 'schemas'];
const nodeOnlyPackages = [
  'better-sqlite3',
  'fastify',
  'fastify-*',
  '@fastify/*',
  'nodemailer',
  'smtp-server',
  'pino',
  'pino-*',
  'sharp',
  'satori',
  '@resvg/*',
  'image-size',
  'vite',
  'vitest',
  '@vitejs/*',
  '@tailwindcss/vite',
  'tsx',
  'eslint',
  'typescript',
  'playwright-core',
  '@playwright/*',
  'lighthouse',
  'chrome-launcher',
  'autocannon',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'src/generated', 'tests/.tmp', 'tests/fixtures', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An empty interface is how a lower layer lets a higher one register types with it (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      // The router's own way to answer "no such page" is to throw its not-found marker.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' }] }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'schemas/**/*.ts', 'scripts/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'boundaries/files': files,
      // tests/ and the configuration files are elements too, so that an import of them is judged (and refused).
      'boundaries/include': ['src/**/*', 'schemas/**/*', 'scripts/**/*', 'tests/**/*', '*.config.ts'],
      // Resolves imports as tsconfig.json does, @generated/ included.
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Packages and Node's modules are judged too, and an import of a file in no layer (a new src/utils/) is refused.
          checkAllOrigins: true,
          checkUnknownLocals: true,
          // The last policy that matches an import decides.
          policies: [
            ...Object.entries(below).map(([from, allow]) => ({
              from: { element: { type: from } },
              allow: allow.map((type) => (files.some((file) => file.category === type) ? { to: { file: { categories: type } } } : { to: { element: { type } } })),
            })),
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            {
              from: { element: { type: browserLayers } },
              disallow: { to: { module: { origin: 'core' } } },
              message: "{{from.type}} runs in the browser: Node's module {{dependency.source}} belongs in src/server or scripts/",
            },
            {
              from: { element: { type: browserLayers } },
              disallow: { to: { module: { origin: 'external', source: nodeOnlyPackages } } },
              message: '{{from.type}} runs in the browser: {{dependency.source}} runs only in Node and belongs in src/server or scripts/',
            },
          ],
        },
      ],
      // Every file under src/ belongs to a layer: a new folder (src/utils/) is named in `layers` first.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // Type tests hold deliberate type errors (each under @ts-expect-error); what they produce is never used.
    files: ['tests/types/**'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
