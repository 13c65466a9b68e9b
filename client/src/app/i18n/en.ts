import { brand } from '@shared/brand';
import { homeEn } from '@client/features/home/i18n-en';

/**
 * The English dictionary is the source of truth: `zh.ts` must provide every key (checked by the type checker).
 * Only what the shell and the home page show; the other pages' namespaces are in `en-features.ts`.
 */
export const en = {
  app: {
    title: brand.productName,
    skipToContent: 'Skip to main content',
    loading: 'Loading...',
    loadingValue: '...',
    notAvailable: 'N/A',
    opensInNewTab: '(opens in a new tab)',
    errorTitle: 'Something went wrong',
    errorText: 'This page could not be shown. Please reload and try again.',
    reload: 'Reload page',
    retry: 'Retry',
    retrying: 'Retrying...',
    lastUpdated: (ago: string) => `Last updated ${ago}`,
    minutesAgo: (minutes: string) => `${minutes} min ago`,
    lessThanAMinuteAgo: 'less than a minute ago',
    demoDataLabel: 'Demo data:',
    demoDataText: 'the wallets, allocations and figures on this site are made-up examples, not the real distribution.',
  },
  pager: {
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
  },
  launch: {
    pausedLead: 'Allocation lookups are paused:',
    noticeLabel: 'Notice:',
  },
  language: {
    otherLanguageName: '中文',
    otherLanguageCode: 'zh-CN',
    switchLabel: 'Switch language',
    translating: 'Translating...',
  },
  nav: {
    label: 'Main navigation',
    logo: brand.productName,
    tokenCalculator: 'Token Calculator',
    mining: 'Mining',
    tokenomics: 'Tokenomics',
  },
  toast: {
    label: 'Notification',
    viewportLabel: 'Notifications ({hotkey})',
    close: 'Close notification',
  },
  session: {
    disconnectedTitle: 'Disconnected',
    disconnectedText: 'Successfully logged out',
    userErrorTitle: 'Could not load your account',
    userErrorText: 'Your account data could not be loaded right now.',
    retry: 'Try again',
  },
  pages: {
    homeTitle: `Welcome to ${brand.productName}`,
    tokensTitle: `${brand.tokenTicker} Tokens`,
    checkTokensTitle: 'Tools & Information',
    calculatorRedirecting: 'Redirecting to Token Allocation...',
    faqTitle: 'Frequently Asked Questions',
    notFoundTitle: '404 Page Not Found',
    notFoundText: 'Did you forget to add the page to the router?',
    backHome: 'Back to home',
  },
  home: homeEn,
} as const;
