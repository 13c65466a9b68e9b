/**
 * Links that open a page inside a wallet app's own browser, where its provider is injected as in a
 * desktop extension; each is the wallet's documented link (sources in docs/wallets.md). UniSat
 * documents no such link, so it has none here.
 */
export interface InAppBrowser {
  id: 'xverse' | 'okx';
  name: string;
  href(pageUrl: string): string;
}

export const inAppBrowsers: readonly InAppBrowser[] = [
  {
    id: 'xverse',
    name: 'Xverse',
    href: (pageUrl) => `https://connect.xverse.app/browser?url=${encodeURIComponent(pageUrl)}`,
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    href: (pageUrl) =>
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(pageUrl)}`)}`,
  },
];

/** A phone or tablet: a coarse pointer, or a screen too narrow for a desktop browser. */
export function isTouchDevice(): boolean {
  return window.matchMedia('(pointer: coarse)').matches || window.matchMedia('(max-width: 40rem)').matches;
}
