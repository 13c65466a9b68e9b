export { VerifiedOwnerBadge } from './components/verified-owner-badge';
export { WalletSignIn } from './components/wallet-sign-in';
