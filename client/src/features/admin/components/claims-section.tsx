import { useId, useState } from 'react';
import { FilterSelect } from './filter-select';
import type { ReviewedClaim } from '@shared/schemas/admin';
import { toast } from '@client/components/toast/use-toast';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { type ClaimKindFilter, type ClaimOutcomeFilter, useAdminClaims, useClaimChange } from '../api/admin-claims';
import { useRecheckOnRefusal } from '../api/refused';
import { PostLink } from './post-link';
import { TextDialog } from './reason-dialog';

const kinds = ['tweet', 'meme'] as const;
const outcomes = ['accepted', 'refused', 'revoked'] as const;

/** Members' claims and refused attempts, newest first, by kind and outcome; a reviewer revokes or restores a claim with a reason. */
export function ClaimsSection() {
  const { t, language, describeError } = useLanguage();
  const ids = { title: useId() };
  const [kind, setKind] = useState<ClaimKindFilter>('all');
  const [outcome, setOutcome] = useState<ClaimOutcomeFilter>('all');
  // The cursors of the pages before this one; the last is this page's.
  const [cursors, setCursors] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const before = cursors.at(-1) ?? null;
  const claims = useAdminClaims(kind, outcome, before);
  const change = useClaimChange();
  useRecheckOnRefusal(claims.error);
  const text = t.admin.claims;

  const run = (claim: ReviewedClaim, action: 'revoke' | 'restore', reason: string, done: () => void) =>
    change.mutate(
      { id: claim.id, action, reason },
      {
        onSuccess: (result) => {
          const message = text.memberPoints(result.claim.walletAddress, formatNumber(result.memberPoints, language));
          setStatus(message);
          toast({ title: t.admin.doneTitle, description: message, variant: 'success' });
          done();
        },
        onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
      },
    );

  return (
    <section className="stack" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{text.title}</h2>
      <div className="admin__filters">
        <FilterSelect
          label={text.kindFilter}
          allLabel={text.all}
          values={kinds}
          labels={text.kinds}
          value={kind}
          onChange={(next) => {
            setKind(next);
            setCursors([]);
          }}
        />
        <FilterSelect
          label={text.outcomeFilter}
          allLabel={text.all}
          values={outcomes}
          labels={text.outcomes}
          value={outcome}
          onChange={(next) => {
            setOutcome(next);
            setCursors([]);
          }}
        />
      </div>
      <p role="status" aria-live="polite">
        {status}
      </p>
      {claims.error ? (
        <p role="alert">{describeError(claims.error, t.admin.loadFailed)}</p>
      ) : (
        <>
          <div className="admin__table-wrap">
            <table className="admin__table">
              <caption>{text.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.colClaim}</th>
                  <th scope="col">{text.colWallet}</th>
                  <th scope="col">{text.colKind}</th>
                  <th scope="col">{text.colPost}</th>
                  <th scope="col">{text.colPoints}</th>
                  <th scope="col">{text.colOutcome}</th>
                  <th scope="col">{text.colDetail}</th>
                  <th scope="col">{text.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {claims.data?.claims.length === 0 && (
                  <tr>
                    <td colSpan={8}>{text.none}</td>
                  </tr>
                )}
                {claims.data?.claims.map((claim) => (
                  <ClaimRow key={`${claim.outcome === 'refused' ? 'r' : 'c'}${claim.id}`} claim={claim} busy={change.isPending} run={run} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="actions">
            {cursors.length > 0 && (
              <button type="button" className="button button--secondary" onClick={() => setCursors([])}>
                {text.newer}
              </button>
            )}
            {claims.data?.nextBefore && (
              <button type="button" className="button button--secondary" onClick={() => setCursors([...cursors, claims.data.nextBefore!])}>
                {text.older}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );

}

type Send = (claim: ReviewedClaim, action: 'revoke' | 'restore', reason: string, done: () => void) => void;

function ClaimRow({ claim, busy, run: send }: { claim: ReviewedClaim; busy: boolean; run: Send }) {
  const { t, language } = useLanguage();
  const text = t.admin.claims;
  const id = String(claim.id);
  const label = claim.outcome === 'refused' ? text.attemptLabel(id) : text.claimLabel(id);
  const action = claim.outcome === 'accepted' ? 'revoke' : claim.outcome === 'revoked' ? 'restore' : null;
  return (
    <tr aria-label={label}>
      <th scope="row">
        {label}
        <br />
        <span className="muted">{formatDateTime(claim.createdAt, language)}</span>
      </th>
      <td className="admin__mono">{claim.walletAddress}</td>
      <td>{text.kinds[claim.kind]}</td>
      <td className="admin__text">
        <PostLink url={claim.postUrl} />
      </td>
      <td>{formatNumber(claim.points, language)}</td>
      <td>{text.outcomes[claim.outcome]}</td>
      <td className="admin__text">
        {claim.refusal && (
          <>
            {text.codes[claim.refusal.code] ?? claim.refusal.code} <span className="admin__mono">({claim.refusal.code})</span>
            {claim.refusal.score !== null && (
              <>
                <br />
                {text.score(formatNumber(claim.refusal.score, language, { style: 'percent', maximumFractionDigits: 1 }))}
              </>
            )}
            {claim.refusal.matchedClaimId !== null && (
              <>
                <br />
                {text.matched(String(claim.refusal.matchedClaimId))}
              </>
            )}
          </>
        )}
        {claim.revocation && text.revokedBecause(claim.revocation.reason ?? '')}
      </td>
      <td>
        {action && (
          <TextDialog
            trigger={{ text: text[action], label: `${text[action]}: ${label}`, primary: action === 'restore' }}
            title={action === 'revoke' ? text.revokeTitle(id) : text.restoreTitle(id)}
            description={action === 'revoke' ? text.revokeText : text.restoreText}
            fieldLabel={text.reasonLabel}
            requiredText={text.reasonRequired}
            submitText={text[action]}
            maxLength={500}
            busy={busy}
            onSend={(reason, done) => send(claim, action, reason, done)}
          />
        )}
      </td>
    </tr>
  );
}
