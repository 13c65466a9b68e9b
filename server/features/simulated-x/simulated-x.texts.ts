import { simulatedXLabel } from '@shared/simulated-x';
import type { ReaderLanguage } from './reader-language.js';
import type { SimulatedXProblem } from './simulated-x.service.js';

/** Every word of the simulated X's pages, in the app's two languages. Plain text: the pages escape it. */
const en = {
  htmlLang: 'en',
  label: simulatedXLabel,
  bannerNote: 'nothing here reaches the real X.',
  cannotAuthorize: 'Cannot authorize',
  authorizeTitle: 'Authorize app',
  authorizeHeading: (product: string) => `Authorize ${product} to use your account?`,
  authorizeIntro: (product: string) =>
    `This stands in for X's sign-in page. Pick any handle: it becomes your simulated X account, and ${product} can read its profile and posts.`,
  handleLabel: 'X handle (without @)',
  verifiedLabel: 'Paid-tier verified account (earns the higher reward)',
  newAccountLabel: 'Brand-new account (2 days old, 3 followers), to try the account requirements',
  authorizeButton: 'Authorize app',
  cancelButton: 'Cancel',
  composeTitle: 'Compose post',
  noAccount: (product: string) =>
    `No simulated X account is signed in on this browser yet. Connect X in ${product} first; the simulated X then remembers the handle you chose.`,
  postTextLabel: 'Post text',
  /** `{handle}` is where the page puts the account's handle. */
  postingAs: 'Posting as {handle}.',
  postButton: 'Post',
  postTitle: 'Post',
  postedHeading: 'Posted',
  postLinkLabel: (product: string) => `Link to this post: paste it into ${product} to claim`,
  copyLink: 'Copy link',
  linkCopied: 'Link copied.',
  postNote: "The link has X's form so the app reads it as it would a real post; the post itself exists only in this simulated X.",
  postNotFoundTitle: 'Post not found',
  postNotFound: 'This post does not exist on the simulated X (posts last until the server restarts).',
  problem(problem: SimulatedXProblem): string {
    switch (problem.code) {
      case 'response_type':
        return 'response_type must be code.';
      case 'client_id':
        return 'This app is not registered with the simulated X.';
      case 'redirect_uri':
        return "redirect_uri is not the app's registered callback.";
      case 'state':
        return 'state is missing.';
      case 'pkce':
        return 'A PKCE S256 code_challenge is required.';
      case 'handle':
        return 'A handle is 1 to 15 letters, digits or underscores.';
      case 'empty_post':
        return 'A post needs some text.';
      case 'post_too_long':
        return `A post can be at most ${problem.max} characters (this one is ${problem.length}).`;
    }
  },
};

export type SimulatedXTexts = typeof en;

const zh: SimulatedXTexts = {
  htmlLang: 'zh-CN',
  label: '模拟 X — 本地演示',
  bannerNote: '这里的一切都不会到达真实的 X。',
  cannotAuthorize: '无法授权',
  authorizeTitle: '授权应用',
  authorizeHeading: (product) => `是否授权 ${product} 使用你的账户？`,
  authorizeIntro: (product) =>
    `此页面代替 X 的登录页。任选一个用户名：它将成为你的模拟 X 账户，${product} 可以读取该账户的资料和帖子。`,
  handleLabel: 'X 用户名（不含 @）',
  verifiedLabel: '付费认证账户（获得更高奖励）',
  newAccountLabel: '全新账户（注册 2 天，3 位关注者），用于试验账户要求',
  authorizeButton: '授权应用',
  cancelButton: '取消',
  composeTitle: '撰写帖子',
  noAccount: (product) => `此浏览器尚未登录任何模拟 X 账户。请先在 ${product} 中连接 X；之后模拟 X 会记住你选择的用户名。`,
  postTextLabel: '帖子内容',
  postingAs: '正在以 {handle} 的身份发布。',
  postButton: '发布',
  postTitle: '帖子',
  postedHeading: '已发布',
  postLinkLabel: (product) => `此帖子的链接：粘贴到 ${product} 中即可领取`,
  copyLink: '复制链接',
  linkCopied: '链接已复制。',
  postNote: '该链接采用 X 的格式，因此应用会像读取真实帖子一样读取它；帖子本身只存在于这个模拟 X 中。',
  postNotFoundTitle: '找不到帖子',
  postNotFound: '模拟 X 上没有这条帖子（帖子只保留到服务器重启）。',
  problem(problem) {
    switch (problem.code) {
      case 'response_type':
        return 'response_type 必须为 code。';
      case 'client_id':
        return '此应用未在模拟 X 上注册。';
      case 'redirect_uri':
        return 'redirect_uri 不是应用注册的回调地址。';
      case 'state':
        return '缺少 state。';
      case 'pkce':
        return '需要 PKCE S256 的 code_challenge。';
      case 'handle':
        return '用户名为 1 到 15 个字母、数字或下划线。';
      case 'empty_post':
        return '帖子需要包含文字。';
      case 'post_too_long':
        return `帖子最多 ${problem.max} 个字符（这条有 ${problem.length} 个）。`;
    }
  },
};

export const simulatedXTexts: Record<ReaderLanguage, SimulatedXTexts> = { en, zh };
