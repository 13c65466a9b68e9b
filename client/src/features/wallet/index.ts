export { VerifiedOwnerBadge } from './components/verified-owner-badge';
export { WalletSignIn } from './components/wallet-sign-in';
export { walletSharedAddresses } from './connectors/shared-addresses';
export { walletAdapters } from './connectors/wallets';
