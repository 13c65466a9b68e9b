/** The texts of the wallet sign-in's manual path ("Sign with another wallet"), as a reader sees them. */
export const manualSignInTexts = {
  en: {
    signIn: 'Sign in with wallet',
    picker: 'Sign in with your wallet',
    manual: 'Sign with another wallet',
    address: 'Your Bitcoin address',
    getMessage: 'Get the message to sign',
    message: 'Message to sign',
    signature: 'Signature',
    verify: 'Verify and sign in',
  },
  zh: {
    signIn: '使用钱包登录',
    picker: '使用您的钱包登录',
    manual: '使用其他钱包签名',
    address: '您的比特币地址',
    getMessage: '获取要签名的消息',
    message: '要签名的消息',
    signature: '签名',
    verify: '验证并登录',
  },
} as const;
