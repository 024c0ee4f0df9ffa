import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contentPlugin } from './scripts/content/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  // Unit tests run the check themselves on fixtures; the plugin is for the dev server and builds.
  plugins: [process.env.VITEST ? [] : contentPlugin({ root }), react()],
  resolve: { alias: { '@generated': `${root}src/generated` } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
