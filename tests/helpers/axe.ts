import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The ids of serious or critical axe-core (WCAG 2 A/AA) violations on the page at rest, within
 * `selector` when one is given.
 *
 * Finite animations (a toast fading in over the table, a dialog's overlay leaving) are awaited first:
 * axe blends a half-transparent layer into the colours beneath it and would report a contrast that no
 * reader sees once the animation ends.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    type Result = { violations: Array<{ id: string; impact: string | null }> };
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<Result> } }).axe;
    const context = include === null ? document : { include: [include] };
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  }, selector ?? null);
}
