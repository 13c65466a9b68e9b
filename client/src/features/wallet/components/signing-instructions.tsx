import { useLanguage } from '@client/lib/i18n/language-provider';

/** Short steps per wallet; Sparrow's are open, as hardware-wallet holders mostly sign through it. */
export function SigningInstructions({ address }: { address: string }) {
  const { t } = useLanguage();
  const { sparrow, electrum, core, other } = t.wallet.howTo;

  return (
    <div className="wallet-manual__howto">
      <h3 className="wallet-dialog__subtitle">{t.wallet.howToTitle}</h3>
      <details open>
        <summary>{sparrow.name}</summary>
        <ol>
          {sparrow.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      <details>
        <summary>{electrum.name}</summary>
        <ol>
          {electrum.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      <details>
        <summary>{core.name}</summary>
        <ol>
          {core.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <code className="wallet-manual__command">{core.command(address)}</code>
      </details>
      <details>
        <summary>{other.name}</summary>
        <ol>
          {other.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}
