import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../helpers/browser-suite.js';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Upstream numbers come from a closed port: pages must stay accessible in their failure states too.
const suite = useBrowserSuite({ BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/height', MARKETPLACE_API_BASE: 'http://127.0.0.1:9', UPSTREAM_TIMEOUT_MS: '300' });

interface Violation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
}

const pages = ['/', '/mining', '/allocation', '/tokenomics', '/tokenomics?tab=staking', '/faq', '/check-tokens', '/tokens', '/memes', '/meme/AAAAAAAAAAAA', '/no-such-page'];

/** Serious or critical axe violations on each page, as readable lines. */
async function audit(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // Evaluated through the DevTools protocol, so the page's CSP does not apply to the checker.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (options: object) => Promise<{ violations: Violation[] }> } }).axe;
      const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
    });
    for (const violation of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${path}: ${violation.id} at ${violation.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }
  }
  return found;
}

describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  for (const language of ['en', 'zh'] as const) {
    it(`has no serious or critical violations on any page in ${language}`, async () => {
      const found = await audit(await suite.newPage({ language, viewport: { width: 390, height: 844 } }), pages);
      expect(found).toEqual([]);
    });
  }

  it('has none on the pages a logged-in holder sees', async () => {
    const context = await suite.newContext();
    const wallet = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
    const login = await context.request.post('/api/auth/login', { data: { walletAddress: wallet } });
    expect(login.ok()).toBe(true);
    await context.addInitScript((address) => {
      localStorage.setItem('username', address);
      localStorage.setItem('isLoggedIn', 'true');
    }, wallet);
    const page = await context.newPage();
    await page.goto('/mining');
    await page.getByRole('heading', { name: 'Almost Ready!' }).waitFor();
    const found = await audit(page, ['/mining', '/memes', '/allocation']);
    expect(found).toEqual([]);
  });
});
