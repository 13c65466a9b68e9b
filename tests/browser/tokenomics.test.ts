import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { playwrightViewport, useBrowserSuite } from '../helpers/browser-suite.js';
import { collectConsoleErrors, eventually, expectAttribute, expectFocused, gotoHydrated } from '../helpers/browser.js';
import { useSharedFakeUpstream } from '../helpers/fake-upstream.js';

// The calculator tab lands on /allocation, which asks for chain data: keep those calls on 127.0.0.1.
const upstream = useSharedFakeUpstream({ '/tip/height': { kind: 'text', body: '915000' } });
const suite = useBrowserSuite(
  () => ({
    BLOCK_HEIGHT_URLS: `${upstream.url}/tip/height`,
    MARKETPLACE_API_BASE: upstream.url,
    UPSTREAM_TIMEOUT_MS: '2000',
  }),
  { viewport: playwrightViewport },
);
let page: Page;
let consoleErrors: string[];

beforeEach(async () => {
  page = await suite.newPage();
  consoleErrors = collectConsoleErrors(page);
});

interface TabCase {
  value: string;
  en: { label: string; texts: string[] };
  zh: { label: string; texts: string[] };
}

/** Each tab with texts that only its own panel shows, in both languages. */
const tabs: TabCase[] = [
  {
    value: 'overview',
    en: { label: 'Overview', texts: ['Development of the next token standard', '1,000,000,000', 'Future incentives'] },
    zh: { label: '概览', texts: ['下一代代币标准开发', '未来激励'] },
  },
  {
    value: 'airdrop',
    en: { label: 'Airdrop', texts: ['34,123 tokens', 'Kraken', 'Recalculated at TGE.'] },
    zh: { label: '空投', texts: ['34,123 枚代币', '海怪'] },
  },
  {
    value: 'staking',
    en: { label: 'Staking', texts: ['Season 1 tokens = score ÷ 9,845.15 × 69,412,725.85', '52,560', '5,293,637.08'] },
    zh: { label: '质押', texts: ['锁定期', '第 1 赛季代币 = 得分 ÷ 9,845.15 × 69,412,725.85'] },
  },
  {
    value: 'public-sale',
    en: { label: 'Public Sale', texts: ['72 hours', 'about 12.5 BTC', 'No refunds'] },
    zh: { label: '公开发售', texts: ['72 小时', '约 12.5 BTC'] },
  },
  {
    value: 'liquidity',
    en: { label: 'Liquidity', texts: ['100% of the public sale proceeds go to liquidity.'] },
    zh: { label: '流动性', texts: ['公开发售募集资金的 100% 注入流动性。'] },
  },
  {
    value: 'vesting',
    en: {
      label: 'Vesting',
      texts: [
        'Block 917,010',
        'Selling any NFT before all releases complete forfeits the remaining bonus.',
        'Season 1 forfeits split 50% treasury, 20% season 2, 30% season 3.',
      ],
    },
    zh: {
      label: '解锁',
      texts: ['区块 925,650', '在全部发放完成前出售任何 NFT，将没收剩余的奖励。', '第 1 赛季没收的代币按 50% 国库、20% 第 2 赛季、30% 第 3 赛季分配。'],
    },
  },
  {
    value: 'treasury',
    en: { label: 'Treasury', texts: ['Artifact holders', '25,000,000', 'The one-of-one bonus is paid from the treasury.'] },
    zh: { label: '国库', texts: ['Artifact 持有者', '孤品奖励由国库支付。'] },
  },
  {
    value: 'oneofones',
    en: { label: 'One-of-Ones', texts: ['5 holders × 69,420 = 347,100 tokens'] },
    zh: { label: '孤品奖励', texts: ['5 位持有者 × 69,420 = 347,100 枚代币'] },
  },
  {
    value: 'social-mining',
    en: { label: 'Social Mining', texts: ['16,241', '2,879', 'Mining Phase Complete'] },
    zh: { label: '社交挖矿', texts: ['挖矿阶段已结束', '判定为真实用户'] },
  },
  {
    value: 'examples',
    en: { label: 'Examples', texts: ['1,706,150', '10 NFTs · Whale'] },
    zh: { label: '计算示例', texts: ['1,706,150', '10 个 NFT · 巨鲸'] },
  },
  {
    value: 'calculator',
    en: { label: 'Calculator', texts: ['Open the token calculator'] },
    zh: { label: '计算器', texts: ['打开代币计算器'] },
  },
];

async function openTab(label: string, texts: string[]) {
  await page.getByRole('tab', { name: label, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: label, exact: true });
  for (const text of texts) await panel.getByText(text, { exact: false }).first().waitFor();
  await expectAttribute(page.getByRole('tab', { name: label, exact: true }), 'aria-selected', 'true');
}

describe('tokenomics page', () => {
  it('shows every tab with its own content in English, then in Chinese', async () => {
    // Start on the last tab, so that clicking each tab in turn changes the selection.
    await page.goto('/tokenomics?tab=calculator');
    await page.getByRole('heading', { level: 1, name: 'Tokenomics' }).waitFor();
    for (const tab of tabs) {
      await openTab(tab.en.label, tab.en.texts);
      await eventually(() => new URL(page.url()).searchParams.get('tab')).toBe(tab.value);
    }

    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('heading', { level: 1, name: '代币经济' }).waitFor();
    for (const tab of tabs) {
      await openTab(tab.zh.label, tab.zh.texts);
      await eventually(() => new URL(page.url()).searchParams.get('tab')).toBe(tab.value);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('moves between tabs with the arrow keys', async () => {
    await gotoHydrated(page, '/tokenomics');
    await page.getByRole('tablist').focus();
    const overview = page.getByRole('tab', { name: 'Overview', exact: true });
    await expectFocused(overview);

    await page.keyboard.press('ArrowRight');
    const airdrop = page.getByRole('tab', { name: 'Airdrop', exact: true });
    await page.waitForURL('**/tokenomics?tab=airdrop');
    await expectAttribute(airdrop, 'aria-selected', 'true');
    await expectFocused(airdrop);
    await page.getByRole('tabpanel', { name: 'Airdrop' }).getByText('34,123 tokens').waitFor();

    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/tokenomics?tab=staking');
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL('**/tokenomics?tab=airdrop');
  });

  it('opens the tab named in ?tab= and keeps the chosen tab across a reload', async () => {
    await page.goto('/tokenomics?tab=staking');
    await expectAttribute(page.getByRole('tab', { name: 'Staking', exact: true }), 'aria-selected', 'true');
    await page.getByRole('tabpanel', { name: 'Staking' }).getByText('69,412,725.85').first().waitFor();

    await page.getByRole('tab', { name: 'Vesting', exact: true }).click();
    await page.waitForURL('**/tokenomics?tab=vesting');
    await page.reload();
    await page.getByRole('tabpanel', { name: 'Vesting' }).getByText('Block 917,010').waitFor();

    await page.goto('/tokenomics?tab=airdrop');
    await page.getByRole('link', { name: 'How the whale bonus vests' }).click();
    // The link's navigation renders in a transition, after the URL has already changed.
    await page.waitForURL('**/tokenomics?tab=vesting');
    await expectAttribute(page.getByRole('tab', { name: 'Vesting', exact: true }), 'aria-selected', 'true');

    await page.goto('/tokenomics?tab=no-such-tab');
    await page.getByRole('tabpanel', { name: 'Overview' }).getByText('Development of the next token standard').waitFor();
  });

  it("the calculator tab's link goes to /calculator and lands on /allocation", async () => {
    await page.goto('/tokenomics?tab=calculator');
    const link = page.getByRole('link', { name: 'Open the token calculator' });
    expect(await link.getAttribute('href')).toBe('/calculator');
    await link.click();
    await page.waitForURL('**/allocation');
    await page.getByRole('heading', { level: 1, name: 'Token Allocation' }).waitFor();
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    for (const tab of tabs) {
      await page.goto(`/tokenomics?tab=${tab.value}`);
      await page.getByRole('tabpanel', { name: tab.en.label }).getByText(tab.en.texts[0]!).first().waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      await eventually(overflow, tab.value).toBe(0);
    }
  });
});

describe('FAQ page', () => {
  const disclaimer =
    'If no suitable or secure automated market maker is available, or one is hacked, the sale proceeds may be put toward development. Participation means acceptance.';

  it('shows the disclaimer and answers that open on demand', async () => {
    await gotoHydrated(page, '/faq');
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
    await page.getByText(disclaimer, { exact: true }).waitFor();

    const answer = page.getByText('No. Mining Phase Complete - Energy mining is now disabled.', { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('Is mining still open?').click();
    await answer.waitFor();

    await page.getByText('What happens if I sell an NFT?').click();
    await page.getByText('Selling any NFT before all releases complete forfeits the remaining whale bonus.').waitFor();

    await page.getByText('How do I check my allocation?').click();
    await page.getByRole('link', { name: 'Check My Token Allocation' }).first().click();
    await page.waitForURL('**/allocation');
  });

  it('shows the disclaimer in Chinese', async () => {
    await gotoHydrated(page, '/faq');
    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('heading', { level: 2, name: '免责声明' }).waitFor();
    await page.getByText('参与即表示接受。', { exact: false }).waitFor();
    await page.getByText('挖矿还开放吗？').waitFor();
  });
});

describe('one figure per item', () => {
  // The spec's contradictions are decided in docs/decisions.md; a holder sees only the chosen figure.
  const alternativeWording = {
    en: ['reading', 'one passage says', 'another says', 'another passage', 'also read as', 'also cites', 'written two ways', 'elsewhere'],
    zh: ['说法', '写法', '一处写为', '另一处', '也提到'],
  };

  function expectNoAlternative(text: string, language: 'en' | 'zh', where: string) {
    for (const phrase of alternativeWording[language]) {
      expect(text.toLowerCase(), `${where}: "${phrase}"`).not.toContain(phrase);
    }
  }

  async function panelText(label: string, firstText: string) {
    const panel = page.getByRole('tabpanel', { name: label, exact: true });
    await panel.getByText(firstText, { exact: false }).first().waitFor();
    return (await panel.textContent()) ?? '';
  }

  it('shows no alternative reading on any tab, in English and in Chinese', async () => {
    await page.goto('/tokenomics?tab=calculator');
    await page.getByRole('heading', { level: 1, name: 'Tokenomics' }).waitFor();
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab.en.label, exact: true }).click();
      expectNoAlternative(await panelText(tab.en.label, tab.en.texts[0]!), 'en', tab.value);
    }

    await page.getByRole('button', { name: 'Switch language' }).click();
    await page.getByRole('heading', { level: 1, name: '代币经济' }).waitFor();
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab.zh.label, exact: true }).click();
      expectNoAlternative(await panelText(tab.zh.label, tab.zh.texts[0]!), 'zh', tab.value);
    }
  });

  it('answers where forfeits go with one split in the FAQ, in English and in Chinese', async () => {
    await gotoHydrated(page, '/faq');
    await page.getByText('What happens if I sell an NFT?').waitFor();
    // textContent includes the answers of closed questions too.
    expectNoAlternative((await page.locator('main').textContent()) ?? '', 'en', 'faq');
    await page.getByText('What happens if I sell an NFT?').click();
    await page.getByText('Season 1 forfeits split 50% treasury, 20% season 2, 30% season 3.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Switch language' }).click();
    const answer = page.getByText('第 1 赛季没收的代币按 50% 国库、20% 第 2 赛季、30% 第 3 赛季分配。', { exact: true });
    await answer.waitFor();
    expectNoAlternative((await page.locator('main').textContent()) ?? '', 'zh', 'faq');
  });
});
