import { brand } from '@shared/brand';
import { homeZh } from '@client/features/home/i18n-zh';
import type { CoreDictionary } from './dictionary';

export const zh: CoreDictionary = {
  app: {
    title: brand.productName,
    skipToContent: '跳到主要内容',
    loading: '加载中...',
    loadingValue: '...',
    notAvailable: '暂无',
    opensInNewTab: '（在新标签页中打开）',
    errorTitle: '出错了',
    errorText: '此页面无法显示，请刷新后重试。',
    reload: '重新加载页面',
    retry: '重试',
    retrying: '正在重试...',
    lastUpdated: (ago: string) => `${ago}更新`,
    minutesAgo: (minutes: string) => `${minutes} 分钟前`,
    lessThanAMinuteAgo: '不到 1 分钟前',
    demoDataLabel: '演示数据：',
    demoDataText: '本站显示的钱包、分配和数字均为虚构示例，并非真实分配。',
  },
  pager: {
    previous: '上一页',
    next: '下一页',
    pageOf: (page: string, pages: string) => `第 ${page} 页，共 ${pages} 页`,
  },
  launch: {
    pausedLead: '分配查询已暂停：',
    noticeLabel: '公告：',
  },
  language: {
    otherLanguageName: 'English',
    otherLanguageCode: 'en',
    switchLabel: '切换语言',
    translating: '翻译中...',
  },
  nav: {
    label: '主导航',
    logo: brand.productName,
    tokenCalculator: '代币计算器',
    mining: '挖矿',
    tokenomics: '代币经济',
  },
  toast: {
    label: '通知',
    viewportLabel: '通知（{hotkey}）',
    close: '关闭通知',
  },
  session: {
    disconnectedTitle: '已断开连接',
    disconnectedText: '已成功退出登录',
    userErrorTitle: '无法加载您的账户',
    userErrorText: '暂时无法加载您的账户数据。',
    retry: '重试',
  },
  pages: {
    homeTitle: `欢迎来到 ${brand.productName}`,
    tokensTitle: `${brand.tokenTicker} 代币`,
    checkTokensTitle: '工具与信息',
    calculatorRedirecting: '正在跳转到代币分配...',
    faqTitle: '常见问题',
    notFoundTitle: '404 页面未找到',
    notFoundText: '是否忘记把这个页面添加到路由中？',
    backHome: '返回首页',
  },
  home: homeZh,
};
