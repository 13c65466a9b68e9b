import { useId, useState, type FormEvent } from 'react';
import { characterCount, checkDispute, disputeLimits, type DisputeInput, otherDisputeCategory } from '@shared/dispute-rules';
import type { ErrorCode } from '@shared/error-codes';
import { toast } from '@client/components/toast/use-toast';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useCreateDispute } from '../api/create-dispute';

type FieldError = { field: keyof DisputeInput; code: ErrorCode } | null;

interface DisputeFormProps {
  /** The categories of the holder's allocation in the live snapshot: the choices beside 'Other'. */
  categories: readonly string[];
  onDone: () => void;
  onCancel: () => void;
}

/** The report itself: checked here with the server's rules, then sent; closes itself when stored. */
export function DisputeForm({ categories, onDone, onCancel }: DisputeFormProps) {
  const { t, language, describeError } = useLanguage();
  const ids = { category: useId(), amount: useId(), message: useId(), count: useId(), reference: useId(), error: useId() };
  const [category, setCategory] = useState('');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [reference, setReference] = useState('');
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const create = useCreateDispute();

  const input: DisputeInput = {
    category,
    expectedAmount: amount,
    message,
    reference,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDispute(input, categories);
    if (!checked.ok) {
      setFieldError({ field: checked.field, code: checked.code });
      return;
    }
    setFieldError(null);
    create.mutate(
      {
        category: checked.value.category,
        expectedAmount: amount.trim() || null,
        message: checked.value.message,
        reference: checked.value.reference,
      },
      {
        onSuccess: () => {
          toast({ title: t.disputes.sentTitle, description: t.disputes.sentText, variant: 'success' });
          onDone();
        },
      },
    );
  };

  const errorFor = (field: keyof DisputeInput) =>
    fieldError?.field === field ? (
      <p id={ids.error} className="field-error" role="alert">
        {t.errors.codes[fieldError.code]}
      </p>
    ) : null;
  const describedBy = (field: keyof DisputeInput, extra?: string) =>
    [fieldError?.field === field ? ids.error : null, extra].filter(Boolean).join(' ') || undefined;
  const invalid = (field: keyof DisputeInput) => (fieldError?.field === field ? 'input input--invalid' : 'input');

  return (
    <form className="dispute-form" onSubmit={submit} noValidate>
      <label htmlFor={ids.category} className="field-label">
        {t.disputes.categoryLabel}
      </label>
      <select
        id={ids.category}
        className={invalid('category')}
        value={category}
        onChange={(event) => setCategory(event.target.value)}
        aria-invalid={fieldError?.field === 'category'}
        aria-describedby={describedBy('category')}
      >
        <option value="">{t.disputes.categoryNone}</option>
        {categories.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        <option value={otherDisputeCategory}>{t.disputes.categoryOther}</option>
      </select>
      {errorFor('category')}

      <label htmlFor={ids.amount} className="field-label">
        {t.disputes.amountLabel}
      </label>
      <input
        id={ids.amount}
        className={invalid('expectedAmount')}
        value={amount}
        inputMode="decimal"
        placeholder={t.disputes.amountPlaceholder}
        onChange={(event) => setAmount(event.target.value)}
        aria-invalid={fieldError?.field === 'expectedAmount'}
        aria-describedby={describedBy('expectedAmount')}
        autoComplete="off"
      />
      {errorFor('expectedAmount')}

      <label htmlFor={ids.message} className="field-label">
        {t.disputes.messageLabel}
      </label>
      <textarea
        id={ids.message}
        className={invalid('message')}
        value={message}
        rows={5}
        required
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={fieldError?.field === 'message'}
        aria-describedby={describedBy('message', ids.count)}
      />
      <p id={ids.count} className="muted dispute-form__count">
        {t.disputes.messageCount(formatNumber(characterCount(message), language), formatNumber(disputeLimits.message, language))}
      </p>
      {errorFor('message')}

      <label htmlFor={ids.reference} className="field-label">
        {t.disputes.referenceLabel}
      </label>
      <input
        id={ids.reference}
        className={invalid('reference')}
        value={reference}
        maxLength={disputeLimits.reference}
        placeholder={t.disputes.referencePlaceholder}
        onChange={(event) => setReference(event.target.value)}
        aria-describedby={describedBy('reference')}
        autoComplete="off"
        spellCheck={false}
      />
      {errorFor('reference')}

      {create.isError && (
        <p className="field-error" role="alert">
          {t.disputes.failedTitle}: {describeError(create.error)}
        </p>
      )}
      <div className="actions dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t.disputes.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {create.isPending ? t.disputes.submitting : t.disputes.submit}
        </button>
      </div>
    </form>
  );
}
