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

const below = {
  app: ['templates', 'feature', 'components', 'lib', 'generated', 'shared', 'assets', 'schemas'],
  templates: ['feature', 'components', 'lib', 'generated', 'shared', 'assets', 'schemas'],
  feature: ['components', 'lib', 'generated', 'shared', 'assets', 'schemas'],
  components: ['lib', 'generated', 'shared', 'assets', 'schemas'],
  lib: ['generated', 'shared', 'schemas'],
  generated: ['shared', 'assets', 'schemas'],
  server: ['shared', 'schemas'],
  shared: ['schemas'],
  schemas: [],
  scripts: ['app', 'server', 'shared', 'generated', 'schemas'],
  tests: ['app', 'templates', 'feature', 'components', 'lib', 'generated', 'server', 'shared', 'assets', 'schemas', 'scripts', 'tests'],
};

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
      'boundaries/include': ['src/**/*', 'schemas/**/*', 'scripts/**/*'],
      // Resolves imports as tsconfig.json does, @generated/ included.
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: Object.entries(below).map(([from, allow]) => ({
            from: { element: { type: from } },
            allow: allow.map((type) => ({ to: { element: { type } } })),
          })),
        },
      ],
    },
  },
  {
    // Type tests hold deliberate type errors (each under @ts-expect-error); what they produce is never used.
    files: ['tests/types/**'],
    rules: { '@typescript-eslint/no-unsafe-member-access': 'off', '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
