import type { Cooldown } from '@shared/schemas/tweets';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useMinutesLeft } from '../hooks/use-countdown';

interface CountdownProps {
  cooldown: Cooldown;
  /** When the cooldown was fetched; the server's figures count from then. */
  fetchedAt: number;
  onDone: () => void;
}

export function CooldownCountdown({ cooldown, fetchedAt, onDone }: CountdownProps) {
  const { t, language } = useLanguage();
  const endsAt = fetchedAt + (cooldown.remainingHours * 60 + cooldown.remainingMinutes) * 60_000;
  const minutesLeft = useMinutesLeft(endsAt, onDone);
  const hours = formatNumber(Math.floor(minutesLeft / 60), language);
  const minutes = formatNumber(minutesLeft % 60, language);

  return (
    <div className="sm-cooldown" role="timer" aria-label={t.mining.cooldownAria(hours, minutes)}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 9v4l2.5 2.5M9 2.5h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="sm-cooldown__label">{t.mining.cooldownLabel}</span>
      <span className="sm-cooldown__value numeric" aria-hidden="true">
        {t.mining.cooldownValue(hours, minutes)}
      </span>
    </div>
  );
}
