import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { contentPlugin } from './scripts/content/vite-plugin.ts';
import { photoPlugin } from './scripts/pictures.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vite wraps every lazy import in its preload helper even with modulePreload off (vitejs/vite#13952): about
 * 0.6 KB on every page, for lists of files to preload that are all empty here. The helper becomes a plain
 * call, and the build stops the day a lazy chunk has a file (its CSS) to load along with it.
 */
function plainLazyImports(): Plugin[] {
  return [
    { name: 'plain-lazy-imports', apply: 'build', enforce: 'pre', load: (id) => (id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined) },
    {
      name: 'plain-lazy-imports:check',
      apply: 'build',
      writeBundle(_, bundle) {
        const preloading = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps'));
        if (preloading) this.error(`${preloading.fileName} loads files along with a lazy import, which plainLazyImports in vite.config.ts leaves out`);
      },
    },
  ];
}

/**
 * JSX compiles to calls of react/jsx-runtime, a CommonJS module: each call went through the bundler's interop
 * (`(0, r.jsx)(...)`), and each chunk began by requiring the module. Read through this ES module, which gives its
 * three functions names of their own, a call is a plain `e(...)` and a chunk imports them like any other binding.
 */
function plainJsxCalls(): Plugin {
  const runtime = '\0plain-jsx-runtime';
  return {
    name: 'plain-jsx-calls',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'react/jsx-runtime' && importer !== runtime ? runtime : undefined),
    load: (id) => (id === runtime ? "import * as jsxRuntime from 'react/jsx-runtime';\nexport const { jsx, jsxs, Fragment } = jsxRuntime;" : undefined),
  };
}

/**
 * Two modules of the router that this site never needs, which the router imports whole and which went to every
 * page: the scroll restoration module keeps and restores each history entry's scroll positions, which the router
 * here never asks for (scrollRestoration: false; about 0.7 KB), and the rewrite module rewrites URLs under a
 * basepath or by a `rewrite` option, neither of which it has (about 0.1 KB). In the browser's build,
 * src/app/router-scroll.ts and src/app/router-rewrite.ts stand in for them: what each module does without what
 * this site leaves out. The build stops the day the router imports either otherwise.
 */
function routerStandIns(): Plugin {
  const importer = /[\\/]@tanstack[\\/]router-core[\\/]dist[\\/]esm[\\/](router|index)\.js$/;
  const standIns: Record<string, string> = { './scroll-restoration.js': `${root}src/app/router-scroll.ts`, './rewrite.js': `${root}src/app/router-rewrite.ts` };
  const replaced = new Set<string>();
  return {
    name: 'router-stand-ins',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildStart: () => replaced.clear(),
    resolveId(source, from) {
      if (!Object.hasOwn(standIns, source) || !from || !importer.test(from)) return undefined;
      replaced.add(source);
      return standIns[source];
    },
    buildEnd(error) {
      const missing = Object.keys(standIns).filter((source) => !replaced.has(source));
      if (!error && missing.length) this.error(`@tanstack/router-core no longer imports ${missing.join(' and ')} from router.js: routerStandIns in vite.config.ts has nothing to replace`);
    },
  };
}

/**
 * The Vite configuration; tests pass another content folder and manifest folder (a fixture site), and
 * `npm run build`, which has just checked the content, says so, so its two bundles do not check it again.
 */
export function siteConfig(options: { contentRoot?: string; outDir?: string; contentChecked?: boolean; checkContent?: boolean } = {}): ViteUserConfig {
  const outDir = options.outDir ?? `${root}src/generated`;
  return {
    root,
    // The plugin is for the dev server and builds; unit tests run the check themselves on fixtures.
    plugins: [
      options.checkContent === false ? [] : contentPlugin({ root, contentRoot: options.contentRoot, outDir, checkOnBuild: !options.contentChecked }),
      // The lab's photographs, in every crop, width and format a page names (scripts/pictures.ts).
      photoPlugin({ cacheDir: `${root}node_modules/.cache/photos` }),
      tailwindcss(),
      react(),
      plainLazyImports(),
      plainJsxCalls(),
      routerStandIns(),
    ],
    resolve: {
      alias: [
        { find: '@generated', replacement: outDir },
        // The store's selector hook through React's own useSyncExternalStore: the shim exists for React 17 and
        // older, and would only add its code to every page.
        { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      ],
    },
    // Files served at the site root as they are (the favicon).
    publicDir: `${root}src/public`,
    // The dev server has no index.html to scan: without an entry, Vite finds the packages a page needs only
    // when it first loads them, optimises them then and reloads the open page (losing what a visitor did).
    optimizeDeps: { entries: ['src/app/boot.ts', 'src/app/entry-client.tsx'] },
    build: {
      // SVG artwork stays a file with a hashed name (cacheable) rather than an inline data URL.
      assetsInlineLimit: 0,
      // boot.ts asks for each page's chunks itself (the build lists them in the page);
      // Vite's preload wrapper around every content import would only add weight to every page.
      modulePreload: false,
      // React's runtime and the router in one file with the hook every template shares; left to itself the
      // bundler splits them into a chunk named after that hook, which loads on every page anyway and
      // compresses worse apart (about 140 bytes more on each page). The lazy-import helper goes there too, so
      // a lazy chunk that loads another (the form code, the phone check) needs no part of the entry and its CSS.
      rolldownOptions: {
        // A constant imported from another module is written where it is used (an icon's path, a page's path), so
        // the chunk that uses it need not import it from the chunk that declares it: about 50 bytes on every page.
        optimization: { inlineConst: { mode: 'all', pass: 2 } },
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0plain-jsx-runtime$/ },
              { name: 'router', test: /node_modules[\\/](@tanstack|use-sync-external-store)[\\/]|src[\\/]lib[\\/]i18n|src[\\/](components|shared)[\\/]inline-text|^\0vite[\\/]preload-helper/ },
            ],
          },
        },
      },
    },
    // The tests in layers (README, "Tests"): unit is pure and runs in seconds, with every property test on one
    // printed seed; integration starts servers, SMTP, SQLite files, processes and image rendering; memory
    // measures the process and runs on its own; e2e holds the vitest side of the browser tests.
    test: {
      testTimeout: 30_000,
      projects: [
        { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles: ['tests/setup/seed.ts', 'tests/setup/unit-only.ts'] } },
        { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], setupFiles: ['tests/setup/seed.ts'] } },
        // One file at a time: a measure of this process's memory is steadier with no other test beside it.
        { extends: true, test: { name: 'memory', include: ['tests/memory/**/*.test.ts'], setupFiles: ['tests/setup/seed.ts'], fileParallelism: false } },
        { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'] } },
      ],
    },
  };
}

export default defineConfig(siteConfig({ checkContent: !process.env.VITEST }));
