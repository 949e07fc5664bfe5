import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { type DashboardQuery, type DashboardResponse, type Operator } from '@dating/shared';
import { DASHBOARD_MAX_DAYS } from '@dating/shared/operator-lists';
import { Desk, OPERATOR_KEY, useOperatorApi } from '../desk/Desk';
import { errorText } from '../desk/errors';
import { d } from '../desk/messages';
import styles from '../desk/desk.module.css';
import own from './dashboards.module.css';
import { downloadCsv, fileName, toCsv } from './csv';
import { b } from './messages';
import type { ChartProps } from './Chart';

/** chartist and its drawing, in a chunk of their own: the tables show before it arrives. */
const Chart = React.lazy(() => import(/* webpackChunkName: "dashboards-chart" */ './Chart'));

/** The colours and dashes of chart.css, in series order, for the legend. */
const SERIES_STYLE = ['solid #2344a8', 'dashed #b0421a', 'dotted #1c7a3c', 'dashed #7a2aa0', 'dashed #6b5d00'];

class ChartBoundary extends React.Component<{ fallback: React.ReactNode; children: React.ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Cell = string | number | null;
interface Column<R> {
  label: string;
  /** The value in the CSV (plain numbers; amounts in the currency's units). */
  value: (row: R) => Cell;
  /** How the table shows it (default: the value, numbers in the operator's language). */
  show?: (row: R) => React.ReactNode;
  numeric?: boolean;
}

/**
 * A subject of the dashboard: its heading, a chart (optional) named after it and pointing to the
 * table, the table with its figures, and the table as CSV.
 */
function Panel<R>({
  id,
  title,
  hint,
  chart,
  columns,
  rows,
  footer,
  empty,
  range,
}: {
  id: string;
  title: string;
  hint?: React.ReactNode;
  chart?: Omit<ChartProps, 'label'>;
  columns: Column<R>[];
  rows: R[];
  footer?: R;
  empty?: React.ReactNode;
  range: { from: string; to: string };
}) {
  const intl = useIntl();
  const show = (c: Column<R>, r: R) => {
    if (c.show) return c.show(r);
    const v = c.value(r);
    return typeof v === 'number' ? intl.formatNumber(v) : v;
  };
  const download = () =>
    downloadCsv(
      fileName(intl.formatMessage(b.csvName, { table: title, from: range.from, to: range.to })),
      toCsv(columns.map((c) => c.label), [...rows, ...(footer ? [footer] : [])].map((r) => columns.map((c) => c.value(r)))),
    );
  return (
    <section className={styles.panel} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {chart && rows.length ? (
        <>
          <ChartBoundary fallback={<p className={styles.muted}><FormattedMessage {...b.chartFailed} /></p>}>
            <React.Suspense fallback={<div className={own.chart} />}>
              <div className={own.chart}>
                <Chart {...chart} label={intl.formatMessage(b.chartOf, { title })} />
              </div>
            </React.Suspense>
          </ChartBoundary>
          <ul className={own.legend} aria-label={intl.formatMessage(b.legend)}>
            {chart.series.map((s, i) => (
              <li key={s.name}>
                <span className={own.swatch} style={{ borderTop: `3px ${SERIES_STYLE[i % SERIES_STYLE.length]}` }} />
                {s.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {rows.length ? (
        <>
          {/* A table wider than the screen scrolls, by keyboard too: the region is focusable (WCAG 2.1.1, axe scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className={own.scroll} role="group" aria-labelledby={`${id}-h`} tabIndex={0}>
            <table className={styles.table} id={`${id}-table`}>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {columns.map((c, i) => (
                    <th key={c.label} scope="col" className={c.numeric || (i > 0 && c.numeric !== false) ? own.num : undefined}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, ri) => (
                  <tr key={ri}>
                    {columns.map((c, i) =>
                      i === 0 ? (
                        <th key={c.label} scope="row">{show(c, r)}</th>
                      ) : (
                        <td key={c.label} className={c.numeric !== false ? own.num : undefined}>{show(c, r)}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
              {footer ? (
                <tfoot>
                  <tr>
                    {columns.map((c, i) =>
                      i === 0 ? <th key={c.label} scope="row">{show(c, footer)}</th> : <td key={c.label} className={c.numeric !== false ? own.num : undefined}>{show(c, footer)}</td>,
                    )}
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </div>
          <div className={own.tools}>
            <button type="button" className={styles.secondary} onClick={download} aria-describedby={`${id}-h`}>
              <FormattedMessage {...b.csv} />
            </button>
          </div>
        </>
      ) : (
        <p className={styles.muted}>{empty}</p>
      )}
    </section>
  );
}

const money = (intl: IntlShape, cents: number, currency: string) => intl.formatNumber(cents / 100, { style: 'currency', currency });
const units = (cents: number) => Math.round(cents) / 100;

function periodLabel(intl: IntlShape, start: string, grain: 'day' | 'week'): string {
  const date = new Date(`${start}T00:00:00Z`);
  return grain === 'day'
    ? intl.formatDate(date, { day: 'numeric', month: 'short', timeZone: 'UTC' })
    : intl.formatDate(date, { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' });
}

function Figures({ data }: { data: DashboardResponse }) {
  const intl = useIntl();
  const range = { from: data.from, to: data.to };
  const label = (start: string) => periodLabel(intl, start, data.grain);
  const labels = React.useMemo(() => data.periods.map((p) => periodLabel(intl, p.start, data.grain)), [data, intl]);
  const t = (m: (typeof b)[keyof typeof b], values?: Record<string, string | number>) => intl.formatMessage(m, values);
  type Period = DashboardResponse['periods'][number];
  const periodColumn: Column<Period> = { label: t(b.period), value: (p) => p.start || t(b.total), show: (p) => (p.start === '' ? t(b.total) : label(p.start)), numeric: false };
  const totalRow: Period = { ...data.periods[0]!, ...data.totals, start: '', decided: 0, median_wait_minutes: null, within_target: 0 };
  const funnelSeries = React.useMemo(
    () =>
      (
        [
          [b.visits, 'visits'],
          [b.signups, 'signups'],
          [b.activations, 'activations'],
          [b.firstMessages, 'first_messages'],
          [b.firstPurchases, 'first_purchases'],
        ] as const
      ).map(([m, k]) => ({ name: intl.formatMessage(m), values: data.periods.map((p) => p[k]) })),
    [data, intl],
  );
  const main = data.revenue_totals[0]?.currency;
  const revenueSeries = React.useMemo(() => {
    if (!main) return [];
    const of = (start: string) => data.revenue.find((r) => r.start === start && r.currency === main);
    return (
      [
        [b.paid, 'revenue_cents'],
        [b.refunded, 'refunded_cents'],
        [b.chargedBack, 'charged_back_cents'],
      ] as const
    ).map(([m, k]) => ({ name: intl.formatMessage(m), values: data.periods.map((p) => units(of(p.start)?.[k] ?? 0)) }));
  }, [data, intl, main]);
  const creditSeries = React.useMemo(
    () => [
      { name: intl.formatMessage(b.creditsSold), values: data.periods.map((p) => p.credits_sold) },
      { name: intl.formatMessage(b.creditsSpent), values: data.periods.map((p) => p.credits_spent) },
    ],
    [data, intl],
  );
  const hourLabels = React.useMemo(() => data.messages_per_hour.map((h) => intl.formatTime(new Date(h.hour), { hour: '2-digit', minute: '2-digit' })), [data, intl]);
  const hourSeries = React.useMemo(() => [{ name: intl.formatMessage(b.messages), values: data.messages_per_hour.map((h) => h.messages) }], [data, intl]);
  const moderationSeries = React.useMemo(
    () => [
      { name: intl.formatMessage(b.medianWait), values: data.periods.map((p) => p.median_wait_minutes ?? 0) },
      { name: intl.formatMessage(b.target), values: data.periods.map(() => data.moderation.target_minutes) },
    ],
    [data, intl],
  );
  const sites = data.sites.map((s) => s.brand).join(', ');
  const oldest = data.moderation.oldest_waiting_minutes;
  const none = (v: string) => (v === '' ? <span className={styles.muted}>{t(b.none)}</span> : v);
  return (
    <>
      <p className={styles.muted}>
        <FormattedMessage {...b.covers} values={{ sites, from: intl.formatDate(new Date(`${data.from}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' }), to: intl.formatDate(new Date(`${data.to}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' }) }} />
      </p>
      <section aria-labelledby="bo-dash-summary">
        <h2 id="bo-dash-summary" className={styles.visuallyHidden}><FormattedMessage {...b.summary} /></h2>
        <dl className={own.tiles}>
          {(
            [
              [b.visits, data.totals.visits],
              [b.signups, data.totals.signups],
              [b.firstPurchases, data.totals.first_purchases],
              [b.payingMembers, data.totals.paying_members],
              [b.messages, data.totals.messages],
              [b.onlineNow, data.online_now],
            ] as const
          ).map(([m, v]) => (
            <div key={m.id} className={own.tile}>
              <dt><FormattedMessage {...m} /></dt>
              <dd>{intl.formatNumber(v)}</dd>
            </div>
          ))}
          <div className={own.tile}>
            <dt><FormattedMessage {...b.moderationWaiting} /></dt>
            <dd>
              {intl.formatNumber(data.moderation.waiting)}
              <small>
                {oldest === null ? (
                  <FormattedMessage {...b.nothingWaiting} />
                ) : (
                  <>
                    <FormattedMessage {...b.oldestWaiting} values={{ minutes: oldest, target: data.moderation.target_minutes }} />
                    {oldest > data.moderation.target_minutes ? <> — <span className={own.over}>{t(b.overTarget)}</span></> : null}
                  </>
                )}
              </small>
            </dd>
          </div>
        </dl>
      </section>

      <Panel<Period>
        id="bo-dash-funnel"
        title={t(b.funnel)}
        hint={t(b.funnelHint)}
        range={range}
        chart={{ kind: 'line', labels, series: funnelSeries }}
        rows={data.periods}
        footer={totalRow}
        columns={[
          periodColumn,
          { label: t(b.visits), value: (p) => p.visits },
          { label: t(b.signups), value: (p) => p.signups },
          { label: t(b.activations), value: (p) => p.activations },
          { label: t(b.firstMessages), value: (p) => p.first_messages },
          { label: t(b.firstPurchases), value: (p) => p.first_purchases },
        ]}
      />

      <Panel<DashboardResponse['sources'][number]>
        id="bo-dash-sources"
        title={t(b.sources)}
        hint={t(b.sourcesHint)}
        range={range}
        rows={data.sources}
        empty={t(b.noSources)}
        columns={[
          { label: t(b.network), value: (s) => s.network, show: (s) => none(s.network), numeric: false },
          { label: t(b.ref), value: (s) => s.ref, show: (s) => none(s.ref), numeric: false },
          { label: t(b.sub, { n: 1 }), value: (s) => s.sub1, show: (s) => none(s.sub1), numeric: false },
          { label: t(b.sub, { n: 2 }), value: (s) => s.sub2, show: (s) => none(s.sub2), numeric: false },
          { label: t(b.sub, { n: 3 }), value: (s) => s.sub3, show: (s) => none(s.sub3), numeric: false },
          { label: t(b.campaign), value: (s) => s.campaign, show: (s) => none(s.campaign), numeric: false },
          { label: t(b.visits), value: (s) => s.visits, numeric: true },
          { label: t(b.signups), value: (s) => s.signups, numeric: true },
          { label: t(b.activations), value: (s) => s.activations, numeric: true },
          { label: t(b.firstMessages), value: (s) => s.first_messages, numeric: true },
          { label: t(b.firstPurchases), value: (s) => s.first_purchases, numeric: true },
        ]}
      />

      <Panel<DashboardResponse['revenue_totals'][number]>
        id="bo-dash-revenue"
        title={t(b.revenue)}
        hint={t(b.revenueHint)}
        range={range}
        rows={data.revenue_totals}
        empty={t(b.noRevenue)}
        columns={[
          { label: t(b.currency), value: (r) => r.currency, numeric: false },
          { label: t(b.paid), value: (r) => units(r.revenue_cents), show: (r) => money(intl, r.revenue_cents, r.currency) },
          { label: t(b.refunded), value: (r) => units(r.refunded_cents), show: (r) => money(intl, r.refunded_cents, r.currency) },
          { label: t(b.chargedBack), value: (r) => units(r.charged_back_cents), show: (r) => money(intl, r.charged_back_cents, r.currency) },
          { label: t(b.chargebacks), value: (r) => r.chargebacks },
          { label: t(b.net), value: (r) => units(r.net_cents), show: (r) => money(intl, r.net_cents, r.currency) },
          { label: t(b.payingMembers), value: (r) => r.paying_members },
          { label: t(b.perMember), value: (r) => units(r.per_member_cents), show: (r) => money(intl, r.per_member_cents, r.currency) },
        ]}
      />
      {main ? (
        <Panel<DashboardResponse['revenue'][number]>
          id="bo-dash-revenue-periods"
          title={t(b.revenueByPeriod, { currency: main })}
          range={range}
          chart={{ kind: 'line', labels, series: revenueSeries }}
          rows={data.revenue}
          columns={[
            { label: t(b.period), value: (r) => r.start, show: (r) => label(r.start), numeric: false },
            { label: t(b.currency), value: (r) => r.currency, numeric: false },
            { label: t(b.paid), value: (r) => units(r.revenue_cents), show: (r) => money(intl, r.revenue_cents, r.currency) },
            { label: t(b.refunded), value: (r) => units(r.refunded_cents), show: (r) => money(intl, r.refunded_cents, r.currency) },
            { label: t(b.chargedBack), value: (r) => units(r.charged_back_cents), show: (r) => money(intl, r.charged_back_cents, r.currency) },
            { label: t(b.payingMembers), value: (r) => r.paying_members },
          ]}
        />
      ) : null}

      <Panel<Period>
        id="bo-dash-activity"
        title={t(b.activity)}
        range={range}
        chart={{ kind: 'line', labels, series: creditSeries }}
        rows={data.periods}
        footer={totalRow}
        columns={[
          periodColumn,
          { label: t(b.messages), value: (p) => p.messages },
          { label: t(b.creditsSold), value: (p) => p.credits_sold },
          { label: t(b.creditsSpent), value: (p) => p.credits_spent },
          { label: t(b.payingMembers), value: (p) => p.paying_members },
        ]}
      />

      <Panel<DashboardResponse['messages_per_hour'][number]>
        id="bo-dash-hours"
        title={t(b.perHour)}
        range={range}
        chart={{ kind: 'bar', labels: hourLabels, series: hourSeries }}
        rows={data.messages_per_hour}
        columns={[
          { label: t(b.hour), value: (h) => h.hour, show: (h) => intl.formatDate(new Date(h.hour), { weekday: 'short', hour: '2-digit', minute: '2-digit' }), numeric: false },
          { label: t(b.messages), value: (h) => h.messages },
        ]}
      />

      <Panel<Period>
        id="bo-dash-moderation"
        title={t(b.moderation)}
        hint={t(b.moderationHint, { target: data.moderation.target_minutes })}
        range={range}
        chart={{ kind: 'line', labels, series: moderationSeries }}
        rows={data.periods}
        columns={[
          periodColumn,
          { label: t(b.decided), value: (p) => p.decided },
          { label: t(b.medianWait), value: (p) => p.median_wait_minutes },
          { label: t(b.withinTarget), value: (p) => p.within_target },
        ]}
      />
    </>
  );
}

interface Draft {
  scope: 'site' | 'all';
  grain: 'day' | 'week';
  from: string;
  to: string;
}

function Dashboards({ operator }: { operator: Operator }) {
  const api = useOperatorApi();
  const intl = useIntl();
  const [draft, setDraft] = React.useState<Draft>({ scope: 'site', grain: 'day', from: '', to: '' });
  const [applied, setApplied] = React.useState<Draft>(draft);
  const [problem, setProblem] = React.useState<string | null>(null);
  const query: DashboardQuery = { scope: applied.scope, grain: applied.grain, ...(applied.from ? { from: applied.from } : {}), ...(applied.to ? { to: applied.to } : {}) };
  const data = useQuery({
    queryKey: [OPERATOR_KEY, 'dashboard', query],
    queryFn: () => api.operatorDashboard(query),
    placeholderData: keepPreviousData,
    // Members online and the moderation queue change by the minute.
    refetchInterval: 60_000,
  });
  const set = (field: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft((f) => ({ ...f, [field]: e.target.value }));
  return (
    <>
      <form
        className={`${styles.panel} ${styles.filters}`}
        aria-label={intl.formatMessage(b.controls)}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from && draft.to && (draft.from > draft.to || (Date.parse(draft.to) - Date.parse(draft.from)) / 86_400_000 >= DASHBOARD_MAX_DAYS)) {
            return setProblem(intl.formatMessage(b.badRange, { max: DASHBOARD_MAX_DAYS }));
          }
          setProblem(null);
          // Show again with the same choices: the figures of now.
          if (JSON.stringify(draft) === JSON.stringify(applied)) void data.refetch();
          else setApplied(draft);
        }}
      >
        {operator.sites.length > 1 ? (
          <div className={styles.field}>
            <label htmlFor="bo-dash-scope"><FormattedMessage {...b.scope} /></label>
            <select id="bo-dash-scope" value={draft.scope} onChange={set('scope')}>
              <option value="site">{intl.formatMessage(b.scopeSite, { site: operator.current_site.brand })}</option>
              <option value="all">{intl.formatMessage(b.scopeAll)}</option>
            </select>
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor="bo-dash-grain"><FormattedMessage {...b.grain} /></label>
          <select id="bo-dash-grain" value={draft.grain} onChange={set('grain')}>
            <option value="day">{intl.formatMessage(b.grainDay)}</option>
            <option value="week">{intl.formatMessage(b.grainWeek)}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-dash-from"><FormattedMessage {...b.from} /></label>
          <input id="bo-dash-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className={styles.field}>
          <label htmlFor="bo-dash-to"><FormattedMessage {...b.to} /></label>
          <input id="bo-dash-to" type="date" value={draft.to} onChange={set('to')} {...(problem ? { 'aria-invalid': true as const, 'aria-errormessage': 'bo-dash-problem' } : {})} />
        </div>
        <button type="submit" className={styles.button}><FormattedMessage {...b.apply} /></button>
      </form>
      {problem ? <p id="bo-dash-problem" role="alert" className={styles.alert}>{problem}</p> : null}
      {data.status === 'pending' ? <div role="status" aria-busy="true"><FormattedMessage {...b.loading} /></div> : null}
      {data.status === 'error' ? (
        <div role="alert" className={styles.alert}>
          <p>{errorText(intl, data.error)}</p>
          <button type="button" className={styles.button} onClick={() => void data.refetch()}><FormattedMessage {...d.retry} /></button>
        </div>
      ) : null}
      {data.data ? <Figures data={data.data} /> : null}
    </>
  );
}

/** /backoffice/dashboards (admin, finance): the funnel, revenue, credits, messages, members online, moderation. */
export function DashboardsView() {
  return (
    <Desk area="dashboards" title={b.title}>
      {(me) => <Dashboards operator={me} />}
    </Desk>
  );
}
