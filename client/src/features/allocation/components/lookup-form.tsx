import { useId, useRef, type FormEvent } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { walletField } from '../hooks/use-address-from-before-ready';

interface LookupFormProps {
  address: string;
  onAddressChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  isPending: boolean;
  canClear: boolean;
}

export function LookupForm({ address, onAddressChange, onSubmit, onClear, isPending, canClear }: LookupFormProps) {
  const { t } = useLanguage();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  // One line looks like today's single field; pasted lists grow the box up to a few lines.
  const rows = Math.min(Math.max(address.split('\n').length, 1), 6);

  const clear = () => {
    onClear();
    // The Clear button disappears with the result; keep keyboard focus somewhere useful.
    inputRef.current?.focus();
  };

  return (
    <form className="alloc-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="field-label">
        {t.allocation.walletLabel}
      </label>
      <div className="alloc-form__row">
        <textarea
          ref={inputRef}
          id={inputId}
          name={walletField}
          rows={rows}
          className="input input--mono alloc-form__input"
          aria-describedby={hintId}
          value={address}
          onChange={(event) => onAddressChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter looks up, as in a single field; Shift+Enter starts another line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={t.allocation.walletPlaceholder}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
        />
        <div className="alloc-form__buttons">
          <button type="submit" className="button button--primary" disabled={isPending}>
            {isPending && <span className="spinner spinner--small" aria-hidden="true" />}
            {isPending ? t.allocation.lookingUp : t.allocation.lookUp}
          </button>
          {canClear && (
            <button type="button" className="button button--ghost" onClick={clear}>
              {t.allocation.clear}
            </button>
          )}
        </div>
      </div>
      <p id={hintId} className="muted alloc-form__hint">
        {t.allocation.multiHint}
      </p>
    </form>
  );
}
