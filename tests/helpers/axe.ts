import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The ids of serious or critical axe-core (WCAG 2 A/AA) violations on the page as it is now, within
 * `selector` when one is given.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    type Result = { violations: Array<{ id: string; impact: string | null }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const context = include === null ? document : { include: [include] };
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  }, selector ?? null);
}
