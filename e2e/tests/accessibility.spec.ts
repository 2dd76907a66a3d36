import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openStorefront } from './support/storefront.ts';

const pages = [
  '/menu/sabores',
  '/menu/donmateo',
  '/menu/donmateo-palermo',
  '/menu/donmateo-palermo/Delivery',
  '/menu/kenzo-nunez/Delivery',
  '/menu/lacasona-providencia/Delivery',
];

for (const path of pages) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await openStorefront(page, path);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  });
}
