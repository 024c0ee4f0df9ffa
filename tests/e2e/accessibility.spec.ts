import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { kinds } from './site.ts';

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const path of kinds) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
