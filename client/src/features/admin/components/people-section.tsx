import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AdminField } from './admin-field';
import { Link, useSearchParams } from 'react-router-dom';
import type { PersonRecord } from '@shared/schemas/admin-people';
import { toast } from '@client/components/toast/use-toast';
import { ApiError } from '@client/lib/api-error';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAdjustPoints, usePeopleSearch, usePerson, useSetPersonBlocked } from '../api/admin-people';
import { useRecheckOnRefusal } from '../api/refused';
import { PostLink } from './post-link';
import '../people.css';

/** /admin/people: find a member by wallet or X handle, read their record, adjust points, block or unblock. */
export function PeopleSection() {
  const { t } = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const wallet = params.get('wallet');
  const titleId = useId();

  return (
    <section className="stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.admin.people.title}</h2>
      <SearchForm initial={query} onSearch={(q) => setParams({ q })} />
      {query !== '' && <Matches query={query} />}
      {wallet !== null && <Record key={wallet} wallet={wallet} />}
    </section>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (query: string) => void }) {
  const { t } = useLanguage();
  const ids = { hint: useId(), error: useId() };
  const [draft, setDraft] = useState(initial);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    setMissing(q === '');
    if (q !== '') onSearch(q);
  };
  return (
    <form className="stack" role="search" onSubmit={submit} noValidate>
      <div className="admin__filters">
        <AdminField label={t.admin.people.searchLabel}>
          {(id) => (
            <input
              id={id}
              className="input input--mono people__search"
              type="search"
              maxLength={128}
              value={draft}
              aria-describedby={missing ? `${ids.hint} ${ids.error}` : ids.hint}
              aria-invalid={missing || undefined}
              onChange={(event) => setDraft(event.target.value)}
            />
          )}
        </AdminField>
        <button type="submit" className="button button--primary">
          {t.admin.people.search}
        </button>
      </div>
      <p id={ids.hint} className="muted">
        {t.admin.people.searchHint}
      </p>
      {missing && (
        <p id={ids.error} role="alert" className="field-error">
          {t.admin.people.searchRequired}
        </p>
      )}
    </form>
  );
}

function Matches({ query }: { query: string }) {
  const { t, describeError } = useLanguage();
  const search = usePeopleSearch(query);
  useRecheckOnRefusal(search.error);
  if (search.error) return <p role="alert">{describeError(search.error, t.admin.loadFailed)}</p>;
  if (!search.data) return <p role="status">{t.admin.checking}</p>;
  return (
    <Table caption={t.admin.people.matchesCaption} columns={[t.admin.people.colWallet, t.admin.people.colHandle, t.admin.people.colPoints, t.admin.people.colState]} empty={search.data.people.length === 0 ? t.admin.people.noMatches : null}>
      {search.data.people.map((person) => (
        <tr key={person.walletAddress}>
          <th scope="row" className="admin__mono">
            <Link to={`?${new URLSearchParams({ q: query, wallet: person.walletAddress }).toString()}`}>{person.walletAddress}</Link>
          </th>
          <td>{person.xHandle ? `@${person.xHandle}` : ''}</td>
          <td>{person.points}</td>
          <td>{person.blocked ? t.admin.people.blocked : t.admin.people.active}</td>
        </tr>
      ))}
    </Table>
  );
}

function Table({ caption, columns, empty, children }: { caption: string; columns: string[]; empty: string | null; children: ReactNode }) {
  return (
    <div className="admin__table-wrap">
      <table className="admin__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}

function Record({ wallet }: { wallet: string }) {
  const { t, language, describeError } = useLanguage();
  const person = usePerson(wallet);
  useRecheckOnRefusal(person.error);
  const titleId = useId();
  if (person.error) {
    const notFound = person.error instanceof ApiError && person.error.status === 404;
    return <p role="alert">{notFound ? t.admin.people.notFound : describeError(person.error, t.admin.loadFailed)}</p>;
  }
  if (!person.data) return <p role="status">{t.admin.checking}</p>;
  const p = person.data;
  const time = (iso: string | null) => (iso === null ? '' : formatDateTime(iso, language));
  const text = t.admin.people;
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin__mono">
        {text.recordTitle(p.walletAddress)}
      </h3>
      <dl className="people__facts">
        <div>
          <dt>{text.points}</dt>
          <dd data-testid="person-points">{p.points}</dd>
        </div>
        <div>
          <dt>{text.state}</dt>
          <dd data-testid="person-state">{p.blocked ? text.blockedBecause(p.blockedReason ?? '') : text.active}</dd>
        </div>
        <div>
          <dt>{text.xAccount}</dt>
          <dd>{p.xAccount ? `@${p.xAccount.handle}${p.xAccount.isVerified ? ` (${text.verified})` : ''}` : text.noXAccount}</dd>
        </div>
        <div>
          <dt>{text.joined}</dt>
          <dd>{time(p.joinedAt)}</dd>
        </div>
      </dl>
      <div className="people__forms">
        <AdjustForm person={p} />
        <BlockToggle person={p} />
      </div>
      <Table caption={text.claimsCaption(p.claims.length, p.claimCount)} columns={[text.colTime, text.colKind, text.colPost, text.colPoints]} empty={p.claims.length === 0 ? text.noClaims : null}>
        {p.claims.map((claim) => (
          <tr key={claim.id}>
            <th scope="row">{time(claim.createdAt)}</th>
            <td>{text.kinds[claim.kind]}</td>
            <td className="admin__mono">
              <PostLink url={claim.postUrl} />
            </td>
            <td>{claim.points}</td>
          </tr>
        ))}
      </Table>
      <Table caption={text.xLinksCaption} columns={[text.colXUser, text.colHandle, text.colBound, text.colCurrent]} empty={p.xLinks.length === 0 ? text.noXLinks : null}>
        {p.xLinks.map((link) => (
          <tr key={link.xUserId}>
            <th scope="row" className="admin__mono">
              {link.xUserId}
            </th>
            <td>{link.handle ? `@${link.handle}` : text.unknownHandle}</td>
            <td>{time(link.boundAt)}</td>
            <td>{link.current ? text.yes : text.no}</td>
          </tr>
        ))}
      </Table>
      <Table caption={text.disputesCaption} columns={[text.colDispute, text.colStatus, text.colMessage, text.colAnswer, text.colTime]} empty={p.disputes.length === 0 ? text.noDisputes : null}>
        {p.disputes.map((dispute) => (
          <tr key={dispute.id}>
            <th scope="row">#{dispute.id}</th>
            <td>{t.admin.status[dispute.status]}</td>
            <td className="admin__text">{dispute.message}</td>
            <td className="admin__text">{dispute.answer ?? ''}</td>
            <td>{time(dispute.createdAt)}</td>
          </tr>
        ))}
      </Table>
      <Table caption={text.sessionsCaption} columns={[text.colOpened, text.colLastSeen, text.colSigned, text.colEnded]} empty={p.sessions.length === 0 ? text.noSessions : null}>
        {p.sessions.map((session, index) => (
          <tr key={`${session.createdAt}-${index}`}>
            <th scope="row">{time(session.createdAt)}</th>
            <td>{time(session.lastSeenAt)}</td>
            <td>{session.proven ? text.signedWith(session.walletName) : text.no}</td>
            <td>{session.ended ? text.yes : text.no}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function AdjustForm({ person }: { person: PersonRecord }) {
  const { t, describeError } = useLanguage();
  const text = t.admin.people;
  const ids = { title: useId(), error: useId() };
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const adjust = useAdjustPoints();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(delta.trim());
    if (!/^[+-]?\d{1,7}$/.test(delta.trim()) || value === 0 || reason.trim() === '') {
      setProblem(text.adjustRequired);
      return;
    }
    setProblem(null);
    adjust.mutate(
      { wallet: person.walletAddress, delta: value, reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast({ title: t.admin.doneTitle, description: text.adjusted(result.walletAddress, result.before, result.points), variant: 'success' });
          setDelta('');
          setReason('');
        },
        onError: (error) => {
          const message = error instanceof ApiError && error.status === 409 ? text.belowZero(person.points) : describeError(error);
          setProblem(message);
          toast({ title: t.admin.failedTitle, description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="stack" aria-labelledby={ids.title} onSubmit={submit} noValidate>
      <h4 id={ids.title}>{text.adjustTitle}</h4>
      <div className="admin__filters">
        <AdminField label={text.adjustDelta}>
          {(id) => (
            <input
              id={id}
              className="input"
              inputMode="numeric"
              required
              value={delta}
              aria-describedby={problem ? ids.error : undefined}
              onChange={(event) => setDelta(event.target.value)}
            />
          )}
        </AdminField>
        <AdminField label={text.adjustReason}>
          {(id) => <input id={id} className="input" required maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />}
        </AdminField>
        <button type="submit" className="button button--primary" disabled={adjust.isPending}>
          {text.adjust}
        </button>
      </div>
      {problem && (
        <p id={ids.error} role="alert" className="field-error">
          {problem}
        </p>
      )}
    </form>
  );
}

function BlockToggle({ person }: { person: PersonRecord }) {
  const { t, describeError } = useLanguage();
  const text = t.admin.people;
  const ids = { title: useId(), error: useId() };
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const setBlocked = useSetPersonBlocked();
  const blocked = !person.blocked;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBlocked.mutate(
      { wallet: person.walletAddress, blocked, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: t.admin.doneTitle,
            description: blocked ? t.admin.blockedText(person.walletAddress) : t.admin.unblockedText(person.walletAddress),
            variant: 'success',
          });
          setReason('');
        },
        onError: (error) => toast({ title: t.admin.failedTitle, description: describeError(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="stack" aria-labelledby={ids.title} onSubmit={submit} noValidate>
      <h4 id={ids.title}>{text.blockTitle}</h4>
      <div className="admin__filters">
        <AdminField label={text.blockReason}>
          {(id) => (
            <input
              id={id}
              className="input"
              required
              maxLength={500}
              value={reason}
              aria-describedby={missing ? ids.error : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </AdminField>
        <button type="submit" className={blocked ? 'button button--primary' : 'button button--secondary'} disabled={setBlocked.isPending}>
          {blocked ? text.block : text.unblock}
        </button>
      </div>
      {missing && (
        <p id={ids.error} role="alert" className="field-error">
          {text.blockRequired}
        </p>
      )}
    </form>
  );
}
