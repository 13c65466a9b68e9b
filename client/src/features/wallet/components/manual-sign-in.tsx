import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ChallengeResponse } from '@shared/schemas/auth';
import { toast } from '@client/components/toast/use-toast';
import { useCopyText } from '@client/components/use-copy-text';
import { useSession } from '@client/features/session';
import { isApiError } from '@client/lib/api-error';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { requestChallenge } from '../api/request-challenge';
import { verifySignature } from '../api/verify-signature';
import { useRefusalText } from '../hooks/use-refusal-text';
import { SigningInstructions } from './signing-instructions';

/** Wallets the visitor may name; the name is shown beside the proof, as an extension's is. */
const signedWithChoices = ['Sparrow', 'Ledger via Sparrow', 'Trezor via Sparrow', 'Electrum', 'Bitcoin Core'] as const;

interface Challenge extends ChallengeResponse {
  walletAddress: string;
}

/**
 * Sign-in with any wallet that can sign a message: the address, the challenge to copy into the wallet,
 * the signature pasted back, and the same verify call as an extension's sign-in.
 */
export function ManualSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, language } = useLanguage();
  const { login } = useSession();
  const refusalText = useRefusalText();
  const copy = useCopyText(t.wallet.copyToasts);
  const ids = { address: useId(), message: useId(), signature: useId(), signedWith: useId(), messageHint: useId() };
  const [address, setAddress] = useState('');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [signature, setSignature] = useState('');
  const [signedWith, setSignedWith] = useState('');

  const issue = useMutation({
    mutationFn: (walletAddress: string) => requestChallenge({ walletAddress }),
    onSuccess: (response, walletAddress) => {
      setChallenge({ ...response, walletAddress });
      setSignature('');
      verify.reset();
    },
  });
  const verify = useMutation({
    mutationFn: (current: Challenge) =>
      verifySignature({
        walletAddress: current.walletAddress,
        message: current.message,
        signature: signature.trim(),
        ...(signedWith ? { walletName: signedWith } : {}),
      }),
    onSuccess: ({ user }) => {
      login(user);
      const name = signedWith || t.wallet.signedWithOther;
      toast({ title: t.wallet.signedInTitle, description: t.wallet.signedInText(name), variant: 'success' });
      onSignedIn();
    },
  });

  const askChallenge = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    issue.mutate(address.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (challenge) verify.mutate(challenge);
  };
  const expired = isApiError(verify.error, 'CHALLENGE_EXPIRED') || isApiError(verify.error, 'CHALLENGE_USED');
  const time = challenge
    ? new Date(challenge.expiresAt).toLocaleTimeString(language === 'zh' ? 'zh-CN' : 'en-US', { hour: '2-digit', minute: '2-digit' })
    : '';

  return (
    <div className="wallet-manual">
      <p className="muted">{t.wallet.manualText}</p>
      <form className="wallet-manual__step" onSubmit={askChallenge}>
        <label htmlFor={ids.address} className="field-label">
          {t.wallet.addressLabel}
        </label>
        <input
          id={ids.address}
          className="input input--mono"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <p className="muted wallet-manual__hint">{t.wallet.addressHint}</p>
        {issue.error && (
          <p role="alert" className="wallet-manual__error">
            {refusalText(issue.error, address.trim())}
          </p>
        )}
        <button type="submit" className="button button--secondary" disabled={issue.isPending}>
          {t.wallet.getMessage}
        </button>
      </form>

      {challenge && (
        <form className="wallet-manual__step" onSubmit={submit}>
          <label htmlFor={ids.message} className="field-label">
            {t.wallet.messageLabel}
          </label>
          <textarea
            id={ids.message}
            className="input input--mono wallet-manual__message"
            value={challenge.message}
            readOnly
            rows={9}
            aria-describedby={ids.messageHint}
          />
          <p id={ids.messageHint} className="muted wallet-manual__hint">
            {t.wallet.messageHint(time)}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void copy(challenge.message)}>
            {t.wallet.copyMessage}
          </button>

          <SigningInstructions address={challenge.walletAddress} />

          <label htmlFor={ids.signature} className="field-label">
            {t.wallet.signatureLabel}
          </label>
          <textarea
            id={ids.signature}
            className="input input--mono"
            value={signature}
            onChange={(event) => setSignature(event.target.value)}
            rows={3}
            spellCheck={false}
            required
          />
          <p className="muted wallet-manual__hint">{t.wallet.signatureHint}</p>
          <label htmlFor={ids.signedWith} className="field-label">
            {t.wallet.signedWithLabel}
          </label>
          <select id={ids.signedWith} className="input" value={signedWith} onChange={(event) => setSignedWith(event.target.value)}>
            <option value="">{t.wallet.signedWithOther}</option>
            {signedWithChoices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {verify.error && (
            <p role="alert" className="wallet-manual__error">
              {refusalText(verify.error, challenge.walletAddress)}
            </p>
          )}
          <p role="status" className="wallet-manual__status">
            {verify.isPending ? t.wallet.verifying : ''}
          </p>
          <div className="actions">
            {expired ? (
              <button type="button" className="button button--primary" onClick={() => issue.mutate(challenge.walletAddress)}>
                {t.wallet.newMessage}
              </button>
            ) : (
              <button type="submit" className="button button--primary" disabled={verify.isPending}>
                {t.wallet.verify}
              </button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
