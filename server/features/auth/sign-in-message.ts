import { brand } from '@shared/brand';

/**
 * The text a wallet signs to sign in, in the shape of Sign-In with Ethereum (EIP-4361) that wallet
 * users already know: the site's host first, so a wallet or a reader can see which site asks.
 */
export interface SignInFields {
  /** The site's public URL (PUBLIC_URL); its host opens the message. */
  siteUrl: string;
  walletAddress: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
}

const headline = ' wants you to sign in with your Bitcoin account:';
// Plain about what signing does, where the wallet shows it: sites that phish ask for a transaction.
const statement = `Sign in to ${brand.productName} to prove you own this wallet. This signs a message only: it sends no transaction and costs nothing.`;

export function siteHost(siteUrl: string): string {
  return new URL(siteUrl).host;
}

export function buildSignInMessage(fields: SignInFields): string {
  return [
    `${siteHost(fields.siteUrl)}${headline}`,
    fields.walletAddress,
    '',
    statement,
    '',
    `URI: ${fields.siteUrl}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${new Date(fields.issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(fields.expiresAt).toISOString()}`,
  ].join('\n');
}

/** The parts verify needs before it trusts anything else: which site, which nonce. Null when it is not such a message. */
export function readSignInMessage(text: string): { host: string; uri: string; nonce: string } | null {
  const lines = text.split('\n');
  const first = lines[0] ?? '';
  if (!first.endsWith(headline)) return null;
  const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const uri = field('URI');
  const nonce = field('Nonce');
  if (uri === undefined || nonce === undefined) return null;
  return { host: first.slice(0, -headline.length), uri, nonce };
}
