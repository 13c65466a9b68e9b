import { useId, useState, type FormEvent } from 'react';
import { isValidJoinAddress } from '@shared/wallet';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useJoin } from '../hooks/use-join';

export function JoinForm() {
  const { t } = useLanguage();
  const { join, isPending } = useJoin();
  const [address, setAddress] = useState('');
  const [attempted, setAttempted] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const isValid = isValidJoinAddress(address);
  // Colour feedback starts once something is typed (or a submit was tried on an empty field).
  const checked = address.length > 0 || attempted;
  const showError = attempted && !isValid;
  const stateClass = checked ? (isValid ? 'input--valid' : 'input--invalid') : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) {
      setAttempted(true);
      return;
    }
    join(address.trim());
  };

  return (
    <form className="join-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="field-label">
        {t.mining.walletLabel}
      </label>
      <div className="join-form__row">
        <input
          id={inputId}
          className={`input input--mono ${stateClass}`}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          // A disabled submit button blocks implicit submission, so Enter is handled here.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !isValid) {
              event.preventDefault();
              setAttempted(true);
            }
          }}
          onBlur={() => {
            if (address && !isValid) setAttempted(true);
          }}
          placeholder={t.mining.walletPlaceholder}
          aria-invalid={checked && !isValid}
          aria-describedby={showError ? errorId : undefined}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <button type="submit" className="button button--primary" disabled={!isValid || isPending}>
          {isPending ? t.mining.joining : t.mining.join}
        </button>
      </div>
      {showError && (
        <p id={errorId} className="field-error" role="alert">
          {t.mining.invalidWallet}
        </p>
      )}
    </form>
  );
}
