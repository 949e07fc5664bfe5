import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError, useRemote, type ModerationItem, type ModerationReason } from '@dating/shared';
import { countryName, languageName, photoUrl, SquarePhoto } from '@dating/shared/ui';
import { Desk, mayUse, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import q from './moderation.module.css';
import { m } from './messages';

/** Fetch more items when fewer than this are left on screen, so the next one is always there. */
const REFILL_BELOW = 5;
const PAGE = 20;

export function waited(intl: IntlShape, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return intl.formatMessage(m.minutes, { minutes });
  return intl.formatMessage(m.hours, { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

function reasonLabel(reason: ModerationReason, locale: string): string {
  return (reason.texts as Record<string, string | undefined>)[locale] ?? reason.texts.en ?? String(reason.id);
}

type Say = (text: string) => void;

/** The keys of the queue; typing in a field never triggers them. The handler says whether it used the key. */
export function useKeys(handler: (key: string) => boolean) {
  const latest = React.useRef(handler);
  React.useEffect(() => {
    latest.current = handler;
  });
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      // Radio buttons (the reasons) are no text field: their number keys pick a reason.
      const typing = t && (t.isContentEditable || /^(TEXTAREA|SELECT)$/.test(t.tagName) || (t.tagName === 'INPUT' && (t as HTMLInputElement).type !== 'radio'));
      if (typing) return;
      // A dialog of the shell (confirm) has its own keys.
      if (t?.closest?.('[role="dialog"]')) return;
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (latest.current(key)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function ItemView({ item, fetchedAt, target, now }: { item: ModerationItem; fetchedAt: number; target: number; now: number }) {
  const intl = useIntl();
  const { settings, locale } = useRemote();
  const cdn = settings.settings.cdn_prefix;
  const seconds = item.waiting_seconds + Math.max(0, Math.round((now - fetchedAt) / 1000));
  const overdue = seconds > target * 60;
  const name = item.member.name;
  const field = item.field === 'name' ? intl.formatMessage(m.fieldName) : item.field === 'personal' ? intl.formatMessage(m.fieldPersonal) : item.field;
  return (
    <article className={q.item} aria-labelledby="bo-item-title" data-item={item.id}>
      <div className={q.subject}>
        <h2 id="bo-item-title" className={q.itemTitle}>
          {item.kind === 'photo' ? (
            <FormattedMessage {...m.photoOf} values={{ name }} />
          ) : (
            <FormattedMessage {...m.textOf} values={{ name, field }} />
          )}
        </h2>
        <p className={overdue ? q.overdue : q.waiting}>
          <FormattedMessage {...m.waiting} values={{ waited: waited(intl, seconds), target }} />
          {overdue ? <> · <strong><FormattedMessage {...m.overdue} /></strong></> : null}
        </p>
        {item.kind === 'photo' ? (
          item.photo ? (
            <img
              key={item.photo.id}
              className={q.photo}
              src={photoUrl(cdn, item.photo.filename)}
              alt={intl.formatMessage(m.photoOf, { name })}
              data-testid="moderation-photo"
              onLoad={(e) => (e.currentTarget.dataset.loaded = 'true')}
            />
          ) : (
            <p className={styles.alert}><FormattedMessage {...m.photoGone} /></p>
          )
        ) : (
          <dl className={q.texts}>
            <dt><FormattedMessage {...m.before} /></dt>
            <dd>{item.text_before || <span className={styles.muted}><FormattedMessage {...m.nothingBefore} /></span>}</dd>
            <dt><FormattedMessage {...m.after} /></dt>
            <dd className={q.newText}>{item.text || <span className={styles.muted}><FormattedMessage {...m.nothingBefore} /></span>}</dd>
          </dl>
        )}
      </div>
      <aside className={q.context} aria-label={intl.formatMessage(m.member)}>
        <h3 className={q.memberName}>
          {item.member.age !== null ? <FormattedMessage {...m.memberAge} values={{ name, age: item.member.age }} /> : name}
        </h3>
        <dl className={styles.facts}>
          {item.member.city || item.member.country ? (
            <>
              <dt><FormattedMessage {...m.place} /></dt>
              <dd>{[item.member.city, item.member.country ? countryName(item.member.country, locale) : null].filter(Boolean).join(', ')}</dd>
            </>
          ) : null}
          <dt><FormattedMessage {...m.since} /></dt>
          <dd><FormattedDate value={item.member.signup_date} dateStyle="medium" /></dd>
          {item.member.language ? (
            <>
              <dt><FormattedMessage {...m.language} /></dt>
              <dd>{languageName(item.member.language, locale)}</dd>
            </>
          ) : null}
        </dl>
        <h3 className={q.othersTitle}><FormattedMessage {...m.others} /></h3>
        {item.other_photos.length ? (
          <ul className={q.others}>
            {item.other_photos.map((p) => (
              <li key={p.id}>
                <SquarePhoto cdnPrefix={cdn} image={p} sizes="(min-width: 64rem) 6rem, 30vw" alt={intl.formatMessage(m.otherPhoto, { name })} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}><FormattedMessage {...m.noOthers} /></p>
        )}
      </aside>
    </article>
  );
}

function ReasonPicker({
  reasons,
  onPick,
  onCancel,
}: {
  reasons: ModerationReason[];
  onPick: (reason: ModerationReason) => void;
  onCancel: () => void;
}) {
  const { locale } = useRemote();
  const intl = useIntl();
  const [chosen, setChosen] = React.useState(0);
  const first = React.useRef<HTMLInputElement>(null);
  React.useEffect(() => first.current?.focus(), []);
  useKeys((key) => {
    if (key === 'Escape') onCancel();
    else if (/^[1-9]$/.test(key) && reasons[Number(key) - 1]) onPick(reasons[Number(key) - 1]);
    else return false;
    return true;
  });
  if (!reasons.length) {
    return (
      <div className={q.reasons} role="group" aria-label={intl.formatMessage(m.reasons)}>
        <p role="alert" className={styles.alert}><FormattedMessage {...m.noReasons} /></p>
        <button type="button" className={styles.secondary} onClick={onCancel}><FormattedMessage {...m.cancel} /></button>
      </div>
    );
  }
  return (
    <form
      className={q.reasons}
      onSubmit={(e) => {
        e.preventDefault();
        onPick(reasons[chosen]);
      }}
    >
      <fieldset>
        <legend><FormattedMessage {...m.reasons} /></legend>
        <p className={styles.hint}><FormattedMessage {...m.reasonsHint} /></p>
        <ol className={q.reasonList}>
          {reasons.map((r, i) => (
            <li key={r.id}>
              <label>
                <input ref={i === 0 ? first : undefined} type="radio" name="reason" checked={chosen === i} onChange={() => setChosen(i)} />{' '}
                {i < 9 ? <kbd className={styles.kbd}>{i + 1}</kbd> : null} {reasonLabel(r, locale)}
              </label>
            </li>
          ))}
        </ol>
      </fieldset>
      <button type="submit" className={styles.danger}><FormattedMessage {...m.confirmReject} /></button>{' '}
      <button type="button" className={styles.secondary} onClick={onCancel}><FormattedMessage {...m.cancel} /></button>
    </form>
  );
}

interface Loaded {
  /** The first page this list started from: a new one (site switch, reload) starts the list again. */
  source: unknown;
  items: ModerationItem[];
  fetchedAt: number;
  /** Decisions saved since the first page. */
  decided: number;
  /** The queue's size and oldest wait as the last refill told them (the first page's until then). */
  counts: { pending: number; oldest: number } | null;
}

function Queue({ say }: { say: Say }) {
  const op = useOperatorApi();
  const intl = useIntl();
  const { locale } = useRemote();
  const first = useQuery({ queryKey: [OPERATOR_KEY, 'moderation'], queryFn: () => op.moderationQueue({ limit: PAGE }), refetchOnWindowFocus: false });
  const reasons = useQuery({ queryKey: [OPERATOR_KEY, 'moderation-reasons'], queryFn: () => op.moderationReasons(), staleTime: 300_000 });
  const active = React.useMemo(() => (reasons.data?.reasons ?? []).filter((r) => r.active), [reasons.data]);
  const [state, setState] = React.useState<Loaded | null>(null);
  const [picking, setPicking] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [now, setNow] = React.useState(() => Date.now());
  const refilling = React.useRef(false);
  /** Decisions go to the API one after the other (undo must follow the decision it takes back). */
  const chain = React.useRef<Promise<unknown>>(Promise.resolve());
  /** Items decided or skipped on this screen: a refill never brings them back while the decision is on its way. */
  const done = React.useRef(new Set<number>());

  // A new first page (the first answer, a site switch) starts the list again.
  if (first.data && state?.source !== first.data) {
    setState({ source: first.data, items: first.data.items, fetchedAt: first.dataUpdatedAt, decided: 0, counts: null });
  }
  React.useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  const items = React.useMemo(() => state?.items ?? [], [state]);
  const item = items[0];
  const settings = first.data?.settings;

  // The next photos are fetched before they are needed: the next decision shows one at once.
  const cdn = useRemote().settings.settings.cdn_prefix;
  React.useEffect(() => {
    for (const next of items.slice(1, 4)) if (next.photo) new Image().src = photoUrl(cdn, next.photo.filename);
  }, [items, cdn]);

  const refill = React.useCallback(
    async (list: ModerationItem[]) => {
      if (refilling.current) return;
      refilling.current = true;
      try {
        const last = list[list.length - 1];
        const more = await op.moderationQueue({ limit: PAGE, ...(last ? { after: last.id } : {}) });
        setState((s) => {
          const have = new Set((s?.items ?? []).map((i) => i.id));
          if (!s) return s;
          const fresh = more.items.filter((i) => !have.has(i.id) && !done.current.has(i.id));
          return { ...s, items: [...s.items, ...fresh], counts: { pending: more.pending, oldest: more.oldest_waiting_seconds } };
        });
      } catch (e) {
        setError(errorText(intl, e));
      } finally {
        refilling.current = false;
      }
    },
    [op, intl],
  );

  const advance = (rest: ModerationItem[]) => {
    if (item) done.current.add(item.id);
    setState((s) => (s ? { ...s, items: rest } : s));
    if (rest.length < REFILL_BELOW) void refill(rest);
  };

  const decide = (reason: ModerationReason | null) => {
    if (!item) return;
    setPicking(false);
    setError(null);
    const name = item.member.name;
    const decision = reason ? { item: item.id, decision: 'reject' as const, reason: reason.id } : { item: item.id, decision: 'approve' as const };
    const taken = item;
    chain.current = chain.current.then(() =>
      op.moderate(decision).then(
        () => setState((s) => (s ? { ...s, decided: s.decided + 1 } : s)),
        (e: unknown) => {
          done.current.delete(taken.id);
          setError(intl.formatMessage(m.failed, { name, error: errorText(intl, e) }));
          setState((s) => (s ? { ...s, items: [taken, ...s.items.filter((i) => i.id !== taken.id)] } : s));
        },
      ),
    );
    advance(items.slice(1));
    say(reason ? intl.formatMessage(m.rejected, { name, reason: reasonLabel(reason, locale) }) : intl.formatMessage(m.approved, { name }));
  };

  const skip = () => {
    if (!item) return;
    advance(items.slice(1));
    say(intl.formatMessage(m.skipped, { name: item.member.name }));
  };

  const undo = () => {
    setPicking(false);
    setError(null);
    chain.current = chain.current.then(() =>
      op.moderationUndo().then(
        ({ item: back }) => {
          done.current.delete(back.id);
          setState((s) => (s ? { ...s, items: [back, ...s.items.filter((i) => i.id !== back.id)] } : s));
          say(intl.formatMessage(m.undone, { name: back.member.name }));
        },
        (e: unknown) => setError(e instanceof ApiError && e.status === 404 ? intl.formatMessage(m.nothingToUndo) : errorText(intl, e)),
      ),
    );
  };

  useKeys((key) => {
    if (picking) return false;
    if (key === 'u') undo();
    else if (!item) return false;
    else if (key === 'a') decide(null);
    else if (key === 'r') setPicking(true);
    else if (key === 's') skip();
    else return false;
    return true;
  });

  if (first.status === 'pending' || (first.status === 'success' && !state)) {
    return <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div>;
  }
  if (first.status === 'error') {
    return (
      <div role="alert" className={styles.alert}>
        <p>{errorText(intl, first.error)}</p>
        <button type="button" className={styles.button} onClick={() => void first.refetch()}><FormattedMessage {...d.retry} /></button>
      </div>
    );
  }
  const data = first.data!;
  const target = settings?.target_minutes ?? 30;
  const pending = state?.counts ? state.counts.pending : data.pending - (state?.decided ?? 0);
  const oldest = state?.counts ? state.counts.oldest : data.oldest_waiting_seconds;
  const oldestOverdue = oldest > target * 60;
  return (
    <>
      <p className={q.summary}>
        <FormattedMessage {...m.summary} values={{ pending: Math.max(pending, items.length), target }} />{' '}
        {oldest > 0 ? (
          <span className={oldestOverdue ? q.overdue : undefined}>
            <FormattedMessage {...m.oldest} values={{ waited: waited(intl, oldest) }} />
          </span>
        ) : null}
      </p>
      {error ? <p role="alert" className={styles.alert}>{error}</p> : null}
      <div className={q.actions} role="toolbar" aria-label={intl.formatMessage(m.keys)}>
        <button type="button" className={styles.button} disabled={!item || picking} onClick={() => decide(null)} aria-keyshortcuts="A">
          <FormattedMessage {...m.approve} /> <kbd className={styles.kbd}>A</kbd>
        </button>
        <button type="button" className={styles.danger} disabled={!item || picking} onClick={() => setPicking(true)} aria-keyshortcuts="R">
          <FormattedMessage {...m.reject} /> <kbd className={styles.kbd}>R</kbd>
        </button>
        <button type="button" className={styles.secondary} disabled={!item || picking} onClick={skip} aria-keyshortcuts="S">
          <FormattedMessage {...m.skip} /> <kbd className={styles.kbd}>S</kbd>
        </button>
        <button type="button" className={styles.secondary} disabled={picking} onClick={undo} aria-keyshortcuts="U">
          <FormattedMessage {...m.undo} /> <kbd className={styles.kbd}>U</kbd>
        </button>
      </div>
      {picking ? <ReasonPicker reasons={active} onPick={decide} onCancel={() => setPicking(false)} /> : null}
      {item ? (
        <ItemView item={item} fetchedAt={state!.fetchedAt} target={target} now={now} />
      ) : (
        <p className={styles.panel}><FormattedMessage {...m.empty} /></p>
      )}
    </>
  );
}

/** Admins: the site's moderation mode and target time. */
function Settings() {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: [OPERATOR_KEY, 'moderation-settings'], queryFn: () => api.moderationSettings() });
  const [draft, setDraft] = React.useState<{ mode: 'pre' | 'post'; target: string } | null>(null);
  const save = useMutation({
    mutationFn: (next: { mode: 'pre' | 'post'; target_minutes: number }) => api.updateModerationSettings(next),
    onSuccess: (saved) => {
      queryClient.setQueryData([OPERATOR_KEY, 'moderation-settings'], saved);
      setDraft(null);
      return queryClient.invalidateQueries({ queryKey: [OPERATOR_KEY, 'moderation'] });
    },
  });
  if (!current.data) return null;
  const value = draft ?? { mode: current.data.mode, target: String(current.data.target_minutes) };
  const target = Number(value.target);
  const badTarget = !Number.isInteger(target) || target < 1 || target > 10080;
  return (
    <details className={styles.panel}>
      <summary><FormattedMessage {...m.settings} /></summary>
      <form
        className={styles.filters}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!badTarget) save.mutate({ mode: value.mode, target_minutes: target });
        }}
      >
        <div className={styles.field}>
          <label htmlFor="bo-mod-mode"><FormattedMessage {...m.mode} /></label>
          <select id="bo-mod-mode" value={value.mode} onChange={(e) => setDraft({ ...value, mode: e.target.value as 'pre' | 'post' })}>
            <option value="pre">{intl.formatMessage(m.modePre)}</option>
            <option value="post">{intl.formatMessage(m.modePost)}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-mod-target"><FormattedMessage {...m.target} /></label>
          <input id="bo-mod-target" type="number" min={1} max={10080} value={value.target} aria-invalid={badTarget || undefined} onChange={(e) => setDraft({ ...value, target: e.target.value })} />
        </div>
        <button type="submit" className={styles.button} disabled={save.isPending}><FormattedMessage {...m.save} /></button>
      </form>
      {save.isSuccess ? <p role="status" className={styles.ok}><FormattedMessage {...m.saved} /></p> : null}
      {save.isError ? <p role="alert" className={styles.alert}>{errorText(intl, save.error)}</p> : null}
    </details>
  );
}

/** /backoffice/moderation: new photos and texts of the site, oldest first, decided with the keyboard. */
export function ModerationView() {
  const [said, setSaid] = React.useState('');
  return (
    <Desk area="moderation" title={m.title}>
      {(operator) => (
        <>
          {mayUse(operator.role, 'moderation_settings') ? <Settings /> : null}
          <Queue say={setSaid} />
          <p role="status" aria-live="polite" className={styles.visuallyHidden}>{said}</p>
        </>
      )}
    </Desk>
  );
}
