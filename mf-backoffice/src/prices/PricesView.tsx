import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl, type MessageDescriptor } from 'react-intl';
import { type CountryPrices, type OperatorDiscountCode, type PriceBook, type PricePreview, type PricesResponse, useRemote } from '@dating/shared';
import { PACKAGE_BADGES } from '@dating/shared/operator-lists';
import { PriceBookSchema } from '@dating/shared/schemas';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './prices.module.css';
import { m } from './messages';

const pricesKey = [OPERATOR_KEY, 'prices'] as const;
const codesKey = [OPERATOR_KEY, 'discount-codes'] as const;

const money = (cents: number, currency: string) => <FormattedNumber value={cents / 100} style="currency" currency={currency} />;

/** "9.99" or "9,99" to cents; NaN for anything else (the book's schema then names the field). */
function toCents(text: string): number {
  const t = text.trim();
  if (!/^\d{1,5}([.,]\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t.replace(',', '.')) * 100);
}

/** A price typed in the currency's units, kept as cents in the book. */
function MoneyInput({ id, cents, label, onCents, invalid }: { id: string; cents: number; label: string; onCents: (c: number) => void; invalid: boolean }) {
  const [text, setText] = React.useState(Number.isFinite(cents) ? (cents / 100).toFixed(2) : '');
  return (
    <input
      id={id}
      aria-label={label}
      inputMode="decimal"
      size={8}
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        setText(e.target.value);
        onCents(toCents(e.target.value));
      }}
    />
  );
}

const numberOf = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The draft's problems by path ("countries.NL.packages.0.amount_cents"), from the contract's schema. */
function problemsOf(book: PriceBook): Map<string, string> {
  const parsed = PriceBookSchema.safeParse(book);
  const map = new Map<string, string>();
  if (!parsed.success) for (const issue of parsed.error.issues) map.set(issue.path.join('.'), issue.message);
  return map;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

const BADGE: Record<(typeof PACKAGE_BADGES)[number], MessageDescriptor> = { most_chosen: m.mostChosen, best_value: m.bestValue };

function CountryEditor({ code, prices, onChange, problems }: { code: string; prices: CountryPrices; onChange: (c: CountryPrices) => void; problems: Map<string, string> }) {
  const intl = useIntl();
  const [newId, setNewId] = React.useState('');
  const [newIdError, setNewIdError] = React.useState(false);
  const bad = (path: string) => problems.has(`countries.${code}.${path}`);
  const setPkg = (i: number, change: Partial<CountryPrices['packages'][number]>) =>
    onChange({ ...prices, packages: prices.packages.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  const setPlan = (i: number, change: Partial<CountryPrices['plans'][number]>) =>
    onChange({ ...prices, plans: prices.plans.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  return (
    <>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`bo-pr-cur-${code}`}><FormattedMessage {...m.currency} /></label>
          <input
            id={`bo-pr-cur-${code}`}
            value={prices.currency}
            maxLength={3}
            size={4}
            aria-invalid={bad('currency') || undefined}
            onChange={(e) => onChange({ ...prices, currency: e.target.value.toUpperCase() })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`bo-pr-msg-${code}`}><FormattedMessage {...m.messageCost} /></label>
          <input
            id={`bo-pr-msg-${code}`}
            type="number"
            min={0}
            value={Number.isFinite(prices.message_cost) ? prices.message_cost : ''}
            aria-invalid={bad('message_cost') || undefined}
            onChange={(e) => onChange({ ...prices, message_cost: numberOf(e.target.value) })}
          />
        </div>
      </div>
      <table className={styles.table}>
        <caption className={own.caption}><FormattedMessage {...m.packages} values={{ country: code }} /></caption>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage {...m.pkg} /></th>
            <th scope="col"><FormattedMessage {...m.credits} /></th>
            <th scope="col"><FormattedMessage {...m.price} /> ({prices.currency})</th>
            <th scope="col"><FormattedMessage {...m.badge} /></th>
            <th scope="col"><span className={styles.visuallyHidden}><FormattedMessage {...m.remove} values={{ id: '' }} /></span></th>
          </tr>
        </thead>
        <tbody>
          {prices.packages.map((p, i) => (
            <tr key={p.id}>
              <th scope="row">{p.id}</th>
              <td>
                <input
                  type="number"
                  min={1}
                  aria-label={intl.formatMessage(m.creditsOf, { id: p.id })}
                  value={Number.isFinite(p.credits) ? p.credits : ''}
                  aria-invalid={bad(`packages.${i}.credits`) || undefined}
                  onChange={(e) => setPkg(i, { credits: numberOf(e.target.value) })}
                />
              </td>
              <td>
                <MoneyInput
                  id={`bo-pr-${code}-${p.id}`}
                  cents={p.amount_cents}
                  label={intl.formatMessage(m.priceOf, { id: p.id })}
                  invalid={bad(`packages.${i}.amount_cents`)}
                  onCents={(c) => setPkg(i, { amount_cents: c })}
                />
              </td>
              <td>
                <select
                  aria-label={intl.formatMessage(m.badgeOf, { id: p.id })}
                  value={p.badge ?? ''}
                  onChange={(e) => setPkg(i, { badge: (e.target.value || null) as CountryPrices['packages'][number]['badge'] })}
                >
                  <option value="">{intl.formatMessage(m.noBadge)}</option>
                  {PACKAGE_BADGES.map((b) => <option key={b} value={b}>{intl.formatMessage(BADGE[b])}</option>)}
                </select>
              </td>
              <td>
                <button type="button" className={styles.secondary} onClick={() => onChange({ ...prices, packages: prices.packages.filter((_, j) => j !== i) })}>
                  <FormattedMessage {...m.remove} values={{ id: p.id }} />
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.filters} style={{ marginTop: '.5rem' }}>
        <div className={styles.field}>
          <label htmlFor={`bo-pr-newpkg-${code}`}><FormattedMessage {...m.newPackage} /></label>
          <input
            id={`bo-pr-newpkg-${code}`}
            value={newId}
            aria-invalid={newIdError || undefined}
            aria-describedby={newIdError ? `bo-pr-newpkg-${code}-error` : undefined}
            onChange={(e) => setNewId(e.target.value)}
          />
          {newIdError ? <p id={`bo-pr-newpkg-${code}-error`} className={styles.error}><FormattedMessage {...m.badPackage} /></p> : null}
        </div>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => {
            const id = newId.trim();
            if (!/^[a-z0-9-]{1,40}$/.test(id) || prices.packages.some((p) => p.id === id)) return setNewIdError(true);
            setNewIdError(false);
            setNewId('');
            onChange({ ...prices, packages: [...prices.packages, { id, credits: 1000, amount_cents: 999, badge: null }] });
          }}
        >
          <FormattedMessage {...m.addPackage} />
        </button>
      </div>
      <table className={styles.table} style={{ marginTop: '1rem' }}>
        <caption className={own.caption}><FormattedMessage {...m.plans} values={{ country: code }} /></caption>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage {...m.plan} /></th>
            <th scope="col"><FormattedMessage {...m.months} /></th>
            <th scope="col"><FormattedMessage {...m.price} /> ({prices.currency})</th>
          </tr>
        </thead>
        <tbody>
          {prices.plans.map((p, i) => (
            <tr key={p.id}>
              <th scope="row">{p.id}</th>
              <td>
                <input
                  type="number"
                  min={1}
                  aria-label={intl.formatMessage(m.monthsOf, { id: p.id })}
                  value={Number.isFinite(p.months) ? p.months : ''}
                  aria-invalid={bad(`plans.${i}.months`) || undefined}
                  onChange={(e) => setPlan(i, { months: numberOf(e.target.value) })}
                />
              </td>
              <td>
                <MoneyInput
                  id={`bo-pr-${code}-plan-${p.id}`}
                  cents={p.amount_cents}
                  label={intl.formatMessage(m.priceOf, { id: p.id })}
                  invalid={bad(`plans.${i}.amount_cents`)}
                  onCents={(c) => setPlan(i, { amount_cents: c })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function PreviewTable({ p }: { p: PricePreview }) {
  const intl = useIntl();
  const cell = (cents: number | null, currency: string) => (cents === null ? intl.formatMessage(m.notSold) : money(cents, currency));
  const rows = [
    ...p.packages.map((x) => ({ key: `p-${x.id}`, label: intl.formatMessage(m.creditsItem, { credits: x.credits ?? 0 }), before: x.before_cents, after: x.after_cents, money: true })),
    ...p.plans.map((x) => ({ key: `m-${x.id}`, label: intl.formatMessage(m.monthsItem, { months: x.months ?? 0 }), before: x.before_cents, after: x.after_cents, money: true })),
    { key: 'msg', label: intl.formatMessage(m.messageItem), before: p.message_cost_before, after: p.message_cost_after, money: false },
  ];
  return (
    <table className={styles.table}>
      <caption className={own.caption}>
        <FormattedMessage {...m.memberIn} values={{ member: p.member_country, country: p.country, currency: p.currency }} />
      </caption>
      <thead>
        <tr>
          <th scope="col"><FormattedMessage {...m.item} /></th>
          <th scope="col"><FormattedMessage {...m.before} /></th>
          <th scope="col"><FormattedMessage {...m.after} /></th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const changed = r.before !== r.after || (r.money && p.currency !== p.currency_before);
          return (
            <tr key={r.key} className={changed ? own.changed : undefined}>
              <th scope="row">{r.label}</th>
              <td>{r.money ? cell(r.before, p.currency_before) : r.before}</td>
              <td>
                {r.money ? cell(r.after, p.currency) : r.after}
                {changed ? <> <strong>(<FormattedMessage {...m.changed} />)</strong></> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Preview({ book, valid }: { book: PriceBook; valid: boolean }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const debounced = useDebounced(book, 300);
  // Only a draft the contract accepts is sent (the one typed last, once typing pauses).
  const ready = valid && debounced === book;
  const preview = useQuery({
    queryKey: [OPERATOR_KEY, 'prices-preview', debounced],
    queryFn: () => api.operatorPricesPreview(debounced),
    enabled: ready,
  });
  const unchanged = preview.data?.preview.every(
    (p) =>
      p.message_cost_before === p.message_cost_after &&
      p.currency === p.currency_before &&
      [...p.packages, ...p.plans].every((x) => x.before_cents === x.after_cents),
  );
  return (
    <section className={styles.panel} aria-labelledby="bo-pr-preview" aria-live="polite">
      <h2 id="bo-pr-preview"><FormattedMessage {...m.preview} /></h2>
      {!valid ? <p className={styles.muted}><FormattedMessage {...m.previewInvalid} /></p> : null}
      {valid && (!ready || preview.isFetching) ? <p role="status"><FormattedMessage {...m.previewWaiting} /></p> : null}
      {preview.status === 'error' ? <p role="alert" className={styles.alert}>{errorText(intl, preview.error)}</p> : null}
      {ready && preview.data && !preview.isFetching ? (
        unchanged ? (
          <p className={styles.muted}><FormattedMessage {...m.previewNone} /></p>
        ) : (
          <div className={own.previewGrid}>
            {preview.data.preview.map((p) => <PreviewTable key={p.member_country} p={p} />)}
          </div>
        )
      ) : null}
    </section>
  );
}

function PriceBookEditor({ data, onSaved }: { data: PricesResponse; onSaved: (version: number) => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [book, setBook] = React.useState<PriceBook>(data.book);
  const codes = Object.keys(book.countries).sort();
  const [country, setCountry] = React.useState(codes.includes('NL') ? 'NL' : codes[0]!);
  const [newCountry, setNewCountry] = React.useState('');
  const [newCountryError, setNewCountryError] = React.useState(false);
  const [reason, setReason] = React.useState('');
  const [reasonError, setReasonError] = React.useState(false);
  const problems = React.useMemo(() => problemsOf(book), [book]);
  const save = useMutation({
    mutationFn: () => api.operatorSavePrices({ version: data.version, book, reason }),
    onSuccess: (answer) => {
      onSaved(answer.version);
      queryClient.setQueryData(pricesKey, answer);
    },
  });
  const tb = book.time_bonus;
  return (
    <>
      <section className={styles.panel} aria-labelledby="bo-pr-book">
        <h2 id="bo-pr-book"><FormattedMessage {...m.book} /></h2>
        <p className={styles.muted}><FormattedMessage {...m.version} values={{ version: data.version }} /></p>
        <div className={styles.filters}>
          <div className={styles.field}>
            <label htmlFor="bo-pr-country"><FormattedMessage {...m.country} /></label>
            <select id="bo-pr-country" value={country} onChange={(e) => setCountry(e.target.value)}>
              {codes.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="bo-pr-newcountry"><FormattedMessage {...m.newCountry} /></label>
            <input
              id="bo-pr-newcountry"
              value={newCountry}
              maxLength={2}
              size={3}
              aria-invalid={newCountryError || undefined}
              aria-describedby={newCountryError ? 'bo-pr-newcountry-hint bo-pr-newcountry-error' : 'bo-pr-newcountry-hint'}
              onChange={(e) => setNewCountry(e.target.value.toUpperCase())}
            />
            <p id="bo-pr-newcountry-hint" className={styles.hint}><FormattedMessage {...m.newCountryHint} /></p>
            {newCountryError ? <p id="bo-pr-newcountry-error" className={styles.error}><FormattedMessage {...m.badCountry} /></p> : null}
          </div>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              if (!/^[A-Z]{2}$/.test(newCountry) || book.countries[newCountry]) return setNewCountryError(true);
              setNewCountryError(false);
              setBook((b) => ({ ...b, countries: { ...b.countries, [newCountry]: structuredClone(b.countries[country]!) } }));
              setCountry(newCountry);
              setNewCountry('');
            }}
          >
            <FormattedMessage {...m.addCountry} />
          </button>
        </div>
        <CountryEditor
          key={country}
          code={country}
          prices={book.countries[country]!}
          problems={problems}
          onChange={(c) => setBook((b) => ({ ...b, countries: { ...b.countries, [country]: c } }))}
        />
        <fieldset className={own.fieldset}>
          <legend><FormattedMessage {...m.timeBonus} /></legend>
          <label>
            <input type="checkbox" checked={tb !== null} onChange={(e) => setBook((b) => ({ ...b, time_bonus: e.target.checked ? { percent: 10, hours: 48 } : null }))} />{' '}
            <FormattedMessage {...m.timeBonusOn} />
          </label>
          {tb ? (
            <div className={styles.filters} style={{ marginTop: '.5rem' }}>
              <div className={styles.field}>
                <label htmlFor="bo-pr-tb-percent"><FormattedMessage {...m.percent} /></label>
                <input id="bo-pr-tb-percent" type="number" min={1} value={Number.isFinite(tb.percent) ? tb.percent : ''} aria-invalid={problems.has('time_bonus.percent') || undefined}
                  onChange={(e) => setBook((b) => ({ ...b, time_bonus: { ...tb, percent: numberOf(e.target.value) } }))} />
              </div>
              <div className={styles.field}>
                <label htmlFor="bo-pr-tb-hours"><FormattedMessage {...m.hours} /></label>
                <input id="bo-pr-tb-hours" type="number" min={1} value={Number.isFinite(tb.hours) ? tb.hours : ''} aria-invalid={problems.has('time_bonus.hours') || undefined}
                  onChange={(e) => setBook((b) => ({ ...b, time_bonus: { ...tb, hours: numberOf(e.target.value) } }))} />
              </div>
            </div>
          ) : null}
        </fieldset>
      </section>
      <Preview book={book} valid={problems.size === 0} />
      <form
        className={styles.panel}
        aria-label={intl.formatMessage(m.save)}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return setReasonError(true);
          setReasonError(false);
          if (problems.size === 0) save.mutate();
        }}
      >
        {problems.size ? (
          <p role="alert" className={styles.alert}>
            <FormattedMessage {...m.invalid} values={{ fields: [...problems.keys()].map((k) => k.replace(/^countries\./, '')).join(', ') }} />
          </p>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="bo-pr-reason"><FormattedMessage {...m.reason} /></label>
          <textarea
            id="bo-pr-reason"
            rows={2}
            value={reason}
            aria-invalid={reasonError || undefined}
            aria-describedby={reasonError ? 'bo-pr-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError ? <p id="bo-pr-reason-error" className={styles.error}><FormattedMessage {...m.reasonRequired} /></p> : null}
        </div>
        <button type="submit" className={styles.button} disabled={save.isPending || problems.size > 0}>
          <FormattedMessage {...m.save} />
        </button>
        {save.isError ? <p role="alert" className={styles.alert}>{errorText(intl, save.error)}</p> : null}
      </form>
      <section className={styles.panel} aria-labelledby="bo-pr-history">
        <h2 id="bo-pr-history"><FormattedMessage {...m.history} /></h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col"><FormattedMessage {...m.when} /></th>
              <th scope="col"><FormattedMessage {...m.who} /></th>
              <th scope="col"><FormattedMessage {...m.reason} /></th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((v) => (
              <tr key={v.version}>
                <th scope="row">{v.version}</th>
                <td><FormattedDate value={v.created_at} dateStyle="short" timeStyle="short" /></td>
                <td>{v.operator ?? intl.formatMessage(m.defaults)}</td>
                <td>{v.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

interface CodeDraft {
  id: number | null;
  code: string;
  percentage: string;
  extra_credits: string;
  welcome: boolean;
  welcome_days: string;
  starts_at: string;
  expires_at: string;
  max_uses: string;
  networks: string;
  countries: string;
  active: boolean;
  reason: string;
}
const EMPTY_CODE: CodeDraft = { id: null, code: '', percentage: '', extra_credits: '', welcome: false, welcome_days: '', starts_at: '', expires_at: '', max_uses: '', networks: '', countries: '', active: true, reason: '' };
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const draftOf = (c: OperatorDiscountCode): CodeDraft => ({
  id: c.id,
  code: c.code,
  percentage: c.percentage === null ? '' : String(c.percentage),
  extra_credits: c.extra_credits === null ? '' : String(c.extra_credits),
  welcome: c.welcome,
  welcome_days: c.welcome_days === null ? '' : String(c.welcome_days),
  starts_at: day(c.starts_at),
  expires_at: day(c.expires_at),
  max_uses: c.max_uses === null ? '' : String(c.max_uses),
  networks: c.networks.join(', '),
  countries: c.countries.join(', '),
  active: c.active,
  reason: '',
});
const opt = (v: string) => (v.trim() === '' ? null : Number(v));
const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);

function CodeForm({ draft, onDone }: { draft: CodeDraft; onDone: () => void }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { services } = useRemote();
  const [f, setF] = React.useState(draft);
  const set = (field: keyof CodeDraft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setF((x) => ({ ...x, [field]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }));
  const submit = useMutation({
    mutationFn: () => {
      const fields = {
        percentage: opt(f.percentage),
        extra_credits: opt(f.extra_credits),
        welcome: f.welcome,
        welcome_days: f.welcome ? opt(f.welcome_days) : null,
        starts_at: f.starts_at || null,
        expires_at: f.expires_at || null,
        max_uses: opt(f.max_uses),
        networks: list(f.networks).map((n) => n.toLowerCase()),
        countries: list(f.countries).map((c) => c.toUpperCase()),
        reason: f.reason,
      };
      return f.id === null ? api.operatorCreateDiscountCode({ ...fields, code: f.code.trim().toUpperCase() }) : api.operatorUpdateDiscountCode({ ...fields, id: f.id, active: f.active });
    },
    onSuccess: async (answer) => {
      services.toast({ message: intl.formatMessage(f.id === null ? m.created : m.updated, { code: answer.code.code }), variant: 'success' });
      if (answer.replaced) services.toast({ message: intl.formatMessage(m.replaced, { code: answer.replaced }), variant: 'info' });
      await queryClient.invalidateQueries({ queryKey: codesKey });
      onDone();
    },
  });
  const field = submit.error && 'field' in submit.error ? (submit.error as { field?: string }).field : undefined;
  const inv = (name: string) => (field === name || field?.startsWith(`${name}.`) ? { 'aria-invalid': true as const, 'aria-errormessage': 'bo-code-error' } : {});
  const title = f.id === null ? intl.formatMessage(m.newCode) : intl.formatMessage(m.editCode, { code: f.code });
  return (
    <form
      className={styles.panel}
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate();
      }}
    >
      <h3>{title}</h3>
      <div className={styles.filters}>
        {f.id === null ? (
          <div className={styles.field}>
            <label htmlFor="bo-code-code"><FormattedMessage {...m.code} /></label>
            <input id="bo-code-code" value={f.code} onChange={set('code')} aria-describedby="bo-code-code-hint" {...inv('code')} />
            <p id="bo-code-code-hint" className={styles.hint}><FormattedMessage {...m.codeHint} /></p>
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="bo-code-percent"><FormattedMessage {...m.percentField} /></label>
          <input id="bo-code-percent" type="number" min={1} max={100} value={f.percentage} onChange={set('percentage')} aria-describedby="bo-code-gives-hint" {...inv('percentage')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-code-extra"><FormattedMessage {...m.extraField} /></label>
          <input id="bo-code-extra" type="number" min={1} value={f.extra_credits} onChange={set('extra_credits')} aria-describedby="bo-code-gives-hint" {...inv('extra_credits')} />
        </div>
        <p id="bo-code-gives-hint" className={styles.hint}><FormattedMessage {...m.givesHint} /></p>
      </div>
      <div className={styles.field}>
        <label>
          <input type="checkbox" checked={f.welcome} onChange={set('welcome')} /> <FormattedMessage {...m.welcome} />
        </label>
      </div>
      <div className={styles.filters}>
        {f.welcome ? (
          <div className={styles.field}>
            <label htmlFor="bo-code-days"><FormattedMessage {...m.welcomeDays} /></label>
            <input id="bo-code-days" type="number" min={1} value={f.welcome_days} onChange={set('welcome_days')} {...inv('welcome_days')} />
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="bo-code-start"><FormattedMessage {...m.startsAt} /></label>
          <input id="bo-code-start" type="date" value={f.starts_at} onChange={set('starts_at')} {...inv('starts_at')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-code-end"><FormattedMessage {...m.expiresAt} /></label>
          <input id="bo-code-end" type="date" value={f.expires_at} onChange={set('expires_at')} {...inv('expires_at')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-code-max"><FormattedMessage {...m.maxUses} /></label>
          <input id="bo-code-max" type="number" min={1} value={f.max_uses} onChange={set('max_uses')} {...inv('max_uses')} />
        </div>
      </div>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="bo-code-networks"><FormattedMessage {...m.networks} /></label>
          <input id="bo-code-networks" value={f.networks} onChange={set('networks')} aria-describedby="bo-code-networks-hint" {...inv('networks')} />
          <p id="bo-code-networks-hint" className={styles.hint}><FormattedMessage {...m.networksHint} /></p>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-code-countries"><FormattedMessage {...m.countries} /></label>
          <input id="bo-code-countries" value={f.countries} onChange={set('countries')} aria-describedby="bo-code-countries-hint" {...inv('countries')} />
          <p id="bo-code-countries-hint" className={styles.hint}><FormattedMessage {...m.countriesHint} /></p>
        </div>
      </div>
      {f.id !== null ? (
        <div className={styles.field}>
          <label>
            <input type="checkbox" checked={f.active} onChange={set('active')} /> <FormattedMessage {...m.active} />
          </label>
        </div>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="bo-code-reason"><FormattedMessage {...m.reason} /></label>
        <input id="bo-code-reason" value={f.reason} onChange={set('reason')} {...inv('reason')} />
      </div>
      {submit.isError ? <p id="bo-code-error" role="alert" className={styles.alert}>{errorText(intl, submit.error)}</p> : null}
      <div style={{ display: 'flex', gap: '.5rem' }}>
        <button type="submit" className={styles.button} disabled={submit.isPending}>
          <FormattedMessage {...(f.id === null ? m.create : m.update)} />
        </button>
        {f.id !== null ? (
          <button type="button" className={styles.secondary} onClick={onDone}>
            <FormattedMessage {...m.cancel} />
          </button>
        ) : null}
      </div>
    </form>
  );
}

function Codes() {
  const api = useOperatorApi();
  const intl = useIntl();
  const codes = useQuery({ queryKey: codesKey, queryFn: () => api.operatorDiscountCodes() });
  const [editing, setEditing] = React.useState<CodeDraft | null>(null);
  const [formKey, setFormKey] = React.useState(0);
  return (
    <section className={styles.panel} aria-labelledby="bo-codes">
      <h2 id="bo-codes"><FormattedMessage {...m.codes} /></h2>
      {codes.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {codes.status === 'error' ? <p role="alert" className={styles.alert}>{errorText(intl, codes.error)}</p> : null}
      {codes.data ? (
        codes.data.codes.length ? (
          <div style={{ overflowX: 'auto' }}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage {...m.code} /></th>
                  <th scope="col"><FormattedMessage {...m.gives} /></th>
                  <th scope="col"><FormattedMessage {...m.period} /></th>
                  <th scope="col"><FormattedMessage {...m.uses} /></th>
                  <th scope="col"><FormattedMessage {...m.limitedTo} /></th>
                  <th scope="col"><FormattedMessage {...m.state} /></th>
                  <th scope="col"><span className={styles.visuallyHidden}><FormattedMessage {...m.edit} values={{ code: '' }} /></span></th>
                </tr>
              </thead>
              <tbody>
                {codes.data.codes.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.code}</th>
                    <td>
                      {[
                        c.percentage !== null ? intl.formatMessage(m.percentOff, { percent: c.percentage }) : null,
                        c.extra_credits !== null ? intl.formatMessage(m.extraCredits, { credits: c.extra_credits }) : null,
                        c.welcome ? intl.formatMessage(m.welcomeFor, { days: c.welcome_days ?? 0 }) : null,
                      ].filter(Boolean).join('; ')}
                    </td>
                    <td>
                      {!c.starts_at && !c.expires_at ? intl.formatMessage(m.always) : null}
                      {c.starts_at ? <>{intl.formatMessage(m.from, { date: intl.formatDate(c.starts_at, { dateStyle: 'medium' }) })} </> : null}
                      {c.expires_at ? intl.formatMessage(m.until, { date: intl.formatDate(c.expires_at, { dateStyle: 'medium' }) }) : null}
                    </td>
                    <td>
                      {c.max_uses !== null
                        ? intl.formatMessage(m.usesOf, { uses: c.uses, max: c.max_uses, reserved: c.reserved })
                        : intl.formatMessage(m.usesNoMax, { uses: c.uses, reserved: c.reserved })}
                    </td>
                    <td>{[...c.networks, ...c.countries].join(', ') || intl.formatMessage(m.everybody)}</td>
                    <td>{intl.formatMessage(c.active ? m.on : m.off)}</td>
                    <td>
                      <button type="button" className={styles.secondary} onClick={() => setEditing(draftOf(c))}>
                        <FormattedMessage {...m.edit} values={{ code: c.code }} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.muted}><FormattedMessage {...m.noCodes} /></p>
        )
      ) : null}
      {editing ? (
        <CodeForm key={`edit-${editing.id}`} draft={editing} onDone={() => setEditing(null)} />
      ) : (
        <CodeForm key={`new-${formKey}`} draft={EMPTY_CODE} onDone={() => setFormKey((k) => k + 1)} />
      )}
    </section>
  );
}

function Prices() {
  const api = useOperatorApi();
  const intl = useIntl();
  const prices = useQuery({ queryKey: pricesKey, queryFn: () => api.operatorPrices() });
  const [saved, setSaved] = React.useState<number | null>(null);
  return (
    <>
      <p role="status" className={saved === null ? undefined : styles.ok}>
        {saved === null ? null : <FormattedMessage {...m.saved} values={{ version: saved }} />}
      </p>
      {prices.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...d.loading} /></div> : null}
      {prices.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p>{errorText(intl, prices.error)}</p>
          <button type="button" className={styles.button} onClick={() => void prices.refetch()}><FormattedMessage {...d.retry} /></button>
        </div>
      ) : null}
      {/* A new version (a save, another operator's save after a reload) starts a new draft. */}
      {prices.data ? <PriceBookEditor key={prices.data.version} data={prices.data} onSaved={setSaved} /> : null}
      <Codes />
    </>
  );
}

/** /backoffice/prices (finance and admins): the price book with its preview and versions, and the codes. */
export function PricesView() {
  return <Desk area="prices" title={m.title}>{() => <Prices />}</Desk>;
}
