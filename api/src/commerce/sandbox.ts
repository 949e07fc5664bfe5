import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db';

/**
 * A local stand-in for the subset of Mollie's REST API (v2) the product uses: payments (create,
 * get, refunds), methods (list), customers (create, get), mandates (list) and subscriptions
 * (create, get, cancel). It answers the JSON Mollie answers (HAL, amounts as strings, `_links`),
 * so `@mollie/api-client` talks to it exactly as to api.mollie.com. It exists only when the API
 * runs without MOLLIE_API_KEY outside production (src/commerce/provider.ts). Its state (payments,
 * customers, mandates, subscriptions) lives in the database (migration 0042), so an API restart
 * loses nothing: a payer can still finish an open payment, a subscription still renews.
 *
 * Subscriptions renew as at Mollie: when a subscription's next payment date has come, the sandbox
 * creates a recurring payment through the mandate (paid at once, as in test mode), moves the date
 * one interval on and calls the subscription's webhook with the payment id. `startRenewals` runs
 * that check on a timer in the API process; `clock` is the sandbox's idea of now (tests move it).
 *
 * The hosted checkout page (src/commerce/plugin.ts, /api/dev/mollie/checkout/:id) lets the payer
 * choose the outcome like Mollie's test mode; the sandbox then calls the webhook with the payment
 * id only, as Mollie does.
 */

type Amount = { value: string; currency: string };
type Json = Record<string, unknown>;
export type SandboxStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface SandboxPayment {
  id: string;
  createdAt: string;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  status: SandboxStatus;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl: string | null;
  webhookUrl: string | null;
  customerId: string | null;
  mandateId: string | null;
  subscriptionId: string | null;
  locale: string | null;
  paidAt: string | null;
  failedAt: string | null;
  canceledAt: string | null;
  expiredAt: string | null;
  amountRefunded: number;
  amountChargedBack: number;
}

interface SandboxCustomer {
  id: string;
  name: string | null;
  email: string | null;
  locale: string | null;
  metadata: unknown;
  createdAt: string;
}
export interface SandboxRefund {
  id: string;
  paymentId: string;
  amount: Amount;
  status: 'queued' | 'pending' | 'processing' | 'refunded' | 'failed' | 'canceled';
  description: string;
  metadata: unknown;
  createdAt: string;
  idempotencyKey: string | null;
}
interface SandboxMandate {
  id: string;
  customerId: string;
  method: string;
  status: 'valid' | 'invalid';
  createdAt: string;
}
export interface SandboxSubscription {
  id: string;
  customerId: string;
  status: 'active' | 'canceled' | 'suspended' | 'completed' | 'pending';
  amount: Amount;
  interval: string;
  description: string;
  startDate: string;
  nextPaymentDate: string | null;
  webhookUrl: string | null;
  metadata: unknown;
  mandateId: string | null;
  createdAt: string;
  canceledAt: string | null;
}

/** Methods the sandbox offers: where, in which currencies, and for which sequence types. */
const METHODS: { id: string; description: string; countries: string[] | null; currencies: string[] | null; sequences: string[] }[] = [
  { id: 'ideal', description: 'iDEAL', countries: ['NL'], currencies: ['EUR'], sequences: ['oneoff', 'first'] },
  { id: 'bancontact', description: 'Bancontact', countries: ['BE'], currencies: ['EUR'], sequences: ['oneoff', 'first'] },
  { id: 'eps', description: 'EPS', countries: ['AT'], currencies: ['EUR'], sequences: ['oneoff', 'first'] },
  { id: 'przelewy24', description: 'Przelewy24', countries: ['PL'], currencies: ['PLN', 'EUR'], sequences: ['oneoff'] },
  { id: 'creditcard', description: 'Card', countries: null, currencies: null, sequences: ['oneoff', 'first', 'recurring'] },
  { id: 'paypal', description: 'PayPal', countries: null, currencies: null, sequences: ['oneoff', 'first', 'recurring'] },
];
/** The mandate a first payment leaves behind (bank methods become SEPA direct debit, as at Mollie). */
const MANDATE_METHOD: Record<string, string> = { ideal: 'directdebit', bancontact: 'directdebit', eps: 'directdebit', creditcard: 'creditcard', paypal: 'paypal' };

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(8).toString('base64url').replace(/[-_]/g, 'x')}`;
const money = (cents: number, currency: string): Amount => ({ value: (cents / 100).toFixed(2), currency });
const cents = (a: Amount) => Math.round(Number(a.value) * 100);

class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}
const TITLES: Record<number, string> = { 401: 'Unauthorized Request', 404: 'Not Found', 422: 'Unprocessable Entity' };

function addInterval(date: Date, interval: string): Date {
  const m = /^(\d+) (day|days|week|weeks|month|months)$/.exec(interval);
  if (!m) throw new SandboxError(422, 'The interval is invalid', 'interval');
  const n = Number(m[1]);
  const d = new Date(date);
  if (m[2]!.startsWith('day')) d.setUTCDate(d.getUTCDate() + n);
  else if (m[2]!.startsWith('week')) d.setUTCDate(d.getUTCDate() + 7 * n);
  else d.setUTCMonth(d.getUTCMonth() + n);
  return d;
}

export type WebhookDelivery = (webhookUrl: string, id: string) => Promise<void>;

/** The sandbox's tables (migration 0042) and the columns each object is looked up by. */
const TABLES = {
  payment: { table: 'mollie_sandbox_payments', columns: (p: SandboxPayment) => [p.customerId, p.subscriptionId, p.status], names: ['customer_id', 'subscription_id', 'status'] },
  customer: { table: 'mollie_sandbox_customers', columns: (_: SandboxCustomer) => [], names: [] },
  refund: { table: 'mollie_sandbox_refunds', columns: (r: SandboxRefund) => [r.paymentId, r.status], names: ['payment_id', 'status'] },
  mandate: { table: 'mollie_sandbox_mandates', columns: (m: SandboxMandate) => [m.customerId, m.status], names: ['customer_id', 'status'] },
  subscription: { table: 'mollie_sandbox_subscriptions', columns: (s: SandboxSubscription) => [s.customerId, s.status, s.nextPaymentDate], names: ['customer_id', 'status', 'next_payment_date'] },
} as const;
type Kind = keyof typeof TABLES;
type ObjectOf<K extends Kind> = Parameters<(typeof TABLES)[K]['columns']>[0];

export class MollieSandbox {
  private server: http.Server | null = null;
  private base = '';
  private renewals: NodeJS.Timeout | null = null;
  private renewing: Promise<string[]> | null = null;
  /** The sandbox's now: when payments are created and which subscriptions are due (tests move it). */
  clock: () => Date = () => new Date();

  constructor(
    readonly apiKey: string,
    private db: Db,
    /** How webhooks reach the API (POST id=… to the webhook URL). */
    private deliver: WebhookDelivery,
  ) {}

  private now(): string {
    return this.clock().toISOString();
  }

  private today(): string {
    return this.now().slice(0, 10);
  }

  /** The API endpoint for the client's `apiEndpoint` option, e.g. http://127.0.0.1:41234/v2/. */
  get endpoint(): string {
    return `${this.base}/v2/`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (this.renewals) clearInterval(this.renewals);
    this.renewals = null;
    await this.renewing?.catch(() => undefined);
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  // storage

  private async load<K extends Kind>(kind: K, id: string): Promise<ObjectOf<K> | null> {
    const { rows } = await this.db.query<{ data: ObjectOf<K> }>(`SELECT data FROM ${TABLES[kind].table} WHERE id = $1`, [id]);
    return rows[0]?.data ?? null;
  }

  private async save<K extends Kind>(kind: K, object: ObjectOf<K>): Promise<void> {
    const { table, names } = TABLES[kind];
    const values = (TABLES[kind].columns as (o: ObjectOf<K>) => unknown[])(object);
    const cols = ['id', 'data', ...names];
    const params = cols.map((_, i) => (i === 1 ? `$${i + 1}::jsonb` : `$${i + 1}`));
    await this.db.query(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${params.join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${cols.slice(1).map((c) => `${c} = excluded.${c}`).join(', ')}`,
      [(object as { id: string }).id, JSON.stringify(object), ...values],
    );
  }

  private async list<K extends Kind>(kind: K, where: string, params: unknown[], order = 'created_at'): Promise<ObjectOf<K>[]> {
    const { rows } = await this.db.query<{ data: ObjectOf<K> }>(`SELECT data FROM ${TABLES[kind].table} WHERE ${where} ORDER BY ${order}`, params);
    return rows.map((r) => r.data);
  }

  /** A payment as the sandbox keeps it; null when it has none with this id. */
  getPayment(id: string): Promise<SandboxPayment | null> {
    return this.load('payment', id);
  }

  /** A subscription as the sandbox keeps it; null when it has none with this id. */
  getSubscription(id: string): Promise<SandboxSubscription | null> {
    return this.load('subscription', id);
  }

  /** What the sandbox page lists: subscriptions (active first) and the latest payments. */
  async overview(): Promise<{ subscriptions: SandboxSubscription[]; payments: SandboxPayment[] }> {
    const subscriptions = await this.list('subscription', 'true', [], "status <> 'active', next_payment_date NULLS LAST, created_at DESC LIMIT 50");
    const payments = await this.list('payment', 'true', [], 'created_at DESC LIMIT 30');
    return { subscriptions, payments };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const send = (status: number, body: unknown) => {
      if (status === 204) {
        res.writeHead(204).end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/hal+json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (req.headers.authorization !== `Bearer ${this.apiKey}`) {
        throw new SandboxError(401, 'Missing authentication, or failed to authenticate');
      }
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = raw ? (JSON.parse(raw) as Json) : {};
      const url = new URL(req.url ?? '/', this.base);
      const key = req.headers['idempotency-key'];
      send(...(await this.route(req.method ?? 'GET', url, body, typeof key === 'string' ? key : undefined)));
    } catch (err) {
      const e = err instanceof SandboxError ? err : new SandboxError(422, err instanceof Error ? err.message : 'Invalid request');
      send(e.status, {
        status: e.status,
        title: TITLES[e.status] ?? 'Error',
        detail: e.detail,
        ...(e.field ? { field: e.field } : {}),
        _links: { documentation: { href: 'https://docs.mollie.com/overview/handling-errors', type: 'text/html' } },
      });
    }
  }

  private async route(method: string, url: URL, body: Json, idempotencyKey?: string): Promise<[number, unknown]> {
    const parts = url.pathname.replace(/^\/v2\//, '').split('/').filter(Boolean);
    const [a, id, b, subId] = parts;
    if (a === 'payments' && !id && method === 'POST') return [201, this.paymentJson(await this.createPayment(body))];
    if (a === 'payments' && id && !b && method === 'GET') return [200, this.paymentJson(await this.payment(id))];
    if (a === 'payments' && id && b === 'refunds' && !subId && method === 'POST') return [201, await this.refund(id, body, idempotencyKey)];
    if (a === 'payments' && id && b === 'refunds') return this.refundRoute(method, url, id, subId);
    if (a === 'methods' && !id && method === 'GET') return [200, this.methodsJson(url.searchParams)];
    if (a === 'customers' && !id && method === 'POST') return [201, this.customerJson(await this.createCustomer(body))];
    if (a === 'customers' && id && !b && method === 'GET') return [200, this.customerJson(await this.customer(id))];
    if (a === 'customers' && id && b === 'mandates' && !subId && method === 'GET') {
      await this.customer(id);
      const list = (await this.list('mandate', 'customer_id = $1', [id])).map((m) => this.mandateJson(m));
      return [200, { count: list.length, _embedded: { mandates: list }, _links: { self: this.link(url.pathname), previous: null, next: null } }];
    }
    if (a === 'customers' && id && b === 'subscriptions') {
      if (!subId && method === 'POST') return [201, this.subscriptionJson(await this.createSubscription(id, body))];
      if (subId && method === 'GET') return [200, this.subscriptionJson(await this.subscription(id, subId))];
      if (subId && method === 'DELETE') {
        const s = await this.subscription(id, subId);
        if (s.status === 'canceled') throw new SandboxError(422, 'The subscription has been canceled already');
        s.status = 'canceled';
        s.canceledAt = this.now();
        s.nextPaymentDate = null;
        await this.save('subscription', s);
        return [200, this.subscriptionJson(s)];
      }
    }
    throw new SandboxError(404, `No route for ${method} ${url.pathname}`);
  }

  private link(path: string) {
    return { href: `${this.base}${path}`, type: 'application/hal+json' };
  }

  // payments

  private async createPayment(body: Json): Promise<SandboxPayment> {
    const amount = body.amount as Amount | undefined;
    if (!amount || !/^\d+\.\d{2}$/.test(String(amount.value)) || !/^[A-Z]{3}$/.test(String(amount.currency))) {
      throw new SandboxError(422, 'The amount is invalid', 'amount');
    }
    if (!body.description) throw new SandboxError(422, 'The description is required', 'description');
    const sequenceType = (body.sequenceType as SandboxPayment['sequenceType']) ?? 'oneoff';
    const customerId = (body.customerId as string) ?? null;
    if (sequenceType !== 'oneoff' && !customerId) throw new SandboxError(422, 'A customer is required for this sequence type', 'customerId');
    if (customerId) await this.customer(customerId);
    const method = (body.method as string) ?? null;
    let mandateId = (body.mandateId as string) ?? null;
    if (sequenceType === 'recurring') {
      const mandate = mandateId
        ? await this.load('mandate', mandateId)
        : (await this.list('mandate', `customer_id = $1 AND status = 'valid'`, [customerId]))[0];
      if (!mandate || mandate.customerId !== customerId || mandate.status !== 'valid') {
        throw new SandboxError(422, 'The customer has no valid mandate', 'mandateId');
      }
      mandateId = mandate.id;
    } else if (!body.redirectUrl) {
      throw new SandboxError(422, 'The redirect URL is required', 'redirectUrl');
    }
    if (method) {
      const m = METHODS.find((x) => x.id === method);
      if (!m || !m.sequences.includes(sequenceType) || (m.currencies && !m.currencies.includes(amount.currency))) {
        throw new SandboxError(422, `The payment method is not available for this payment`, 'method');
      }
    }
    const p: SandboxPayment = {
      id: randomId('tr'),
      createdAt: this.now(),
      amount,
      description: String(body.description),
      method,
      metadata: body.metadata ?? null,
      status: 'open',
      sequenceType,
      redirectUrl: (body.redirectUrl as string) ?? null,
      webhookUrl: (body.webhookUrl as string) ?? null,
      customerId,
      mandateId,
      subscriptionId: null,
      locale: (body.locale as string) ?? null,
      paidAt: null,
      failedAt: null,
      canceledAt: null,
      expiredAt: null,
      amountRefunded: 0,
      amountChargedBack: 0,
    };
    if (sequenceType === 'recurring') {
      // Charged through the mandate without the payer: paid at once (card, PayPal; test mode).
      p.method = (await this.load('mandate', mandateId!))!.method;
      await this.settle(p, 'paid');
      this.notify(p);
    } else {
      await this.save('payment', p);
    }
    return p;
  }

  private async payment(id: string): Promise<SandboxPayment> {
    const p = await this.getPayment(id);
    if (!p) throw new SandboxError(404, 'No payment exists with token ' + id + '.');
    return p;
  }

  /** A payment's final status (and, for a paid first payment, its mandate), stored. */
  private async settle(p: SandboxPayment, status: SandboxStatus) {
    p.status = status;
    const at = this.now();
    if (status === 'paid') p.paidAt = at;
    if (status === 'failed') p.failedAt = at;
    if (status === 'canceled') p.canceledAt = at;
    if (status === 'expired') p.expiredAt = at;
    if (status === 'paid' && p.sequenceType === 'first' && p.customerId && p.method && MANDATE_METHOD[p.method]) {
      const mandate: SandboxMandate = { id: randomId('mdt'), customerId: p.customerId, method: MANDATE_METHOD[p.method]!, status: 'valid', createdAt: at };
      await this.save('mandate', mandate);
      p.mandateId = mandate.id;
    }
    await this.save('payment', p);
  }

  /** Calls the payment's webhook (id only), after the current request: as Mollie, asynchronously. */
  private notify(p: SandboxPayment): void {
    if (!p.webhookUrl) return;
    const url = p.webhookUrl;
    setImmediate(() => void this.deliver(url, p.id).catch(() => undefined));
  }

  /**
   * The payer's choice on the hosted checkout page (or the test mode's): final status, mandate for
   * a paid first payment, then the webhook. Answers where to send the payer.
   */
  async choose(id: string, status: 'paid' | 'failed' | 'canceled' | 'expired', method?: string): Promise<string | null> {
    const p = await this.payment(id);
    if (p.status !== 'open') return p.redirectUrl;
    if (!p.method) p.method = method && METHODS.some((m) => m.id === method) ? method : 'creditcard';
    await this.settle(p, status);
    if (p.webhookUrl) await this.deliver(p.webhookUrl, p.id).catch(() => undefined);
    return p.redirectUrl;
  }

  /**
   * POST /v2/payments/:id/refunds: a refund of (part of) a paid payment. As at Mollie, the payment's
   * amountRefunded counts it at once and the refund object starts `pending`; the sandbox then
   * processes it (`refunded`) and calls the payment's webhook, as Mollie does when a refund is
   * settled. The same Idempotency-Key answers the refund it made (a retried request refunds once).
   */
  private async refund(id: string, body: Json, idempotencyKey?: string) {
    const p = await this.payment(id);
    if (idempotencyKey) {
      const [again] = await this.list('refund', `payment_id = $1 AND data->>'idempotencyKey' = $2`, [id, idempotencyKey]);
      if (again) return this.refundJson(again);
    }
    if (p.status !== 'paid') throw new SandboxError(422, 'The payment cannot be refunded');
    const amount = (body.amount as Amount | undefined) ?? money(cents(p.amount) - p.amountRefunded - p.amountChargedBack, p.amount.currency);
    const value = cents(amount);
    if (amount.currency !== p.amount.currency) throw new SandboxError(422, 'The currency does not match the payment', 'amount');
    if (value <= 0 || value > cents(p.amount) - p.amountRefunded - p.amountChargedBack) {
      throw new SandboxError(422, 'The amount is higher than the refundable amount', 'amount');
    }
    p.amountRefunded += value;
    const r: SandboxRefund = {
      id: randomId('re'),
      paymentId: p.id,
      amount,
      status: 'pending',
      description: String(body.description ?? ''),
      metadata: body.metadata ?? null,
      createdAt: this.now(),
      idempotencyKey: idempotencyKey ?? null,
    };
    await this.save('payment', p);
    await this.save('refund', r);
    // Processed after this answer, then the webhook: the API learns of it as from Mollie.
    setImmediate(() => {
      void (async () => {
        const now = await this.load('refund', r.id);
        if (!now || now.status !== 'pending') return;
        now.status = 'refunded';
        await this.save('refund', now);
        if (p.webhookUrl) await this.deliver(p.webhookUrl, p.id);
      })().catch(() => undefined);
    });
    return this.refundJson(r);
  }

  /** GET /v2/payments/:id/refunds (list), GET …/refunds/:rid, DELETE …/refunds/:rid (cancel while pending). */
  private async refundRoute(method: string, url: URL, paymentId: string, refundId: string | undefined): Promise<[number, unknown]> {
    await this.payment(paymentId);
    if (!refundId && method === 'GET') {
      const list = (await this.list('refund', 'payment_id = $1', [paymentId])).map((r) => this.refundJson(r));
      return [200, { count: list.length, _embedded: { refunds: list }, _links: { self: this.link(url.pathname), previous: null, next: null } }];
    }
    const r = refundId ? await this.load('refund', refundId) : null;
    if (!r || r.paymentId !== paymentId) throw new SandboxError(404, `No refund exists with token ${refundId}.`);
    if (method === 'GET') return [200, this.refundJson(r)];
    if (method === 'DELETE') {
      if (r.status !== 'pending' && r.status !== 'queued') throw new SandboxError(422, 'The refund cannot be canceled');
      r.status = 'canceled';
      await this.save('refund', r);
      const p = await this.payment(paymentId);
      p.amountRefunded -= cents(r.amount);
      await this.save('payment', p);
      return [204, null];
    }
    throw new SandboxError(404, `No route for ${method} ${url.pathname}`);
  }

  private refundJson(r: SandboxRefund): Json {
    return {
      resource: 'refund', id: r.id, mode: 'test', amount: r.amount, status: r.status, paymentId: r.paymentId,
      description: r.description, metadata: r.metadata, createdAt: r.createdAt,
      _links: { self: this.link(`/v2/payments/${r.paymentId}/refunds/${r.id}`), payment: this.link(`/v2/payments/${r.paymentId}`) },
    };
  }

  /** A refund made in the dashboard (test helper); as POST /v2/payments/:id/refunds. */
  async createRefund(id: string, refundCents: number): Promise<void> {
    const p = await this.payment(id);
    await this.refund(id, { amount: money(refundCents, p.amount.currency) });
  }

  /** A chargeback reported by the payer's bank (test helper; Mollie then calls the webhook). */
  async chargeback(id: string): Promise<void> {
    const p = await this.payment(id);
    p.amountChargedBack = cents(p.amount) - p.amountRefunded;
    await this.save('payment', p);
    if (p.webhookUrl) await this.deliver(p.webhookUrl, p.id);
  }

  /**
   * A subscription's next period is charged through its mandate (paid or failed), the next payment
   * date moves one interval on, and the subscription's webhook is called with the payment id.
   */
  async chargeSubscription(customerId: string, subscriptionId: string, status: 'paid' | 'failed'): Promise<string> {
    const s = await this.subscription(customerId, subscriptionId);
    if (s.nextPaymentDate) s.nextPaymentDate = addInterval(new Date(s.nextPaymentDate), s.interval).toISOString().slice(0, 10);
    await this.save('subscription', s);
    return this.charge(s, status);
  }

  private async charge(s: SandboxSubscription, status: 'paid' | 'failed'): Promise<string> {
    const p = this.createPaymentShell(s, s.mandateId ? await this.load('mandate', s.mandateId) : null);
    await this.settle(p, status);
    if (s.webhookUrl) await this.deliver(s.webhookUrl, p.id);
    return p.id;
  }

  /**
   * Charges every active subscription whose next payment date has come (by `clock`), one period
   * each, as Mollie does: a paid recurring payment, the date one interval on, the webhook. A
   * subscription is claimed by moving its date in one statement, so two runs (or two API
   * processes) never charge a period twice. Answers the payments created.
   */
  runDueRenewals(): Promise<string[]> {
    this.renewing ??= (async () => {
      const created: string[] = [];
      try {
        const due = await this.list('subscription', `status = 'active' AND next_payment_date <= $1::date`, [this.today()], 'next_payment_date, id');
        for (const s of due) {
          const from = s.nextPaymentDate!;
          const next = addInterval(new Date(from), s.interval).toISOString().slice(0, 10);
          const claimed = await this.db.query(
            `UPDATE mollie_sandbox_subscriptions
                SET next_payment_date = $3::date, data = jsonb_set(data, '{nextPaymentDate}', to_jsonb($3::text))
              WHERE id = $1 AND status = 'active' AND next_payment_date = $2::date RETURNING id`,
            [s.id, from, next],
          );
          if (!claimed.rows.length) continue;
          created.push(await this.charge({ ...s, nextPaymentDate: next }, 'paid'));
        }
        return created;
      } finally {
        this.renewing = null;
      }
    })();
    return this.renewing;
  }

  /** Checks for due renewals every `everyMs` (development: the API process's scheduler). */
  startRenewals(everyMs: number, onError: (err: unknown) => void): void {
    if (this.renewals || everyMs <= 0) return;
    this.renewals = setInterval(() => void this.runDueRenewals().catch(onError), everyMs);
    this.renewals.unref();
  }

  /** Development control: the subscription's next renewal is due today (the scheduler charges it on its next run). */
  async makeRenewalDueNow(subscriptionId: string): Promise<SandboxSubscription | null> {
    const s = await this.getSubscription(subscriptionId);
    if (!s || s.status !== 'active') return null;
    s.nextPaymentDate = this.today();
    await this.save('subscription', s);
    return s;
  }

  private createPaymentShell(s: SandboxSubscription, mandate: SandboxMandate | null): SandboxPayment {
    return {
      id: randomId('tr'), createdAt: this.now(), amount: s.amount, description: s.description,
      method: mandate?.method ?? 'creditcard',
      metadata: s.metadata, status: 'open', sequenceType: 'recurring', redirectUrl: null, webhookUrl: s.webhookUrl,
      customerId: s.customerId, mandateId: s.mandateId, subscriptionId: s.id, locale: null,
      paidAt: null, failedAt: null, canceledAt: null, expiredAt: null, amountRefunded: 0, amountChargedBack: 0,
    };
  }

  private paymentJson(p: SandboxPayment): Json {
    const currency = p.amount.currency;
    const total = cents(p.amount);
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      amount: p.amount,
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      status: p.status,
      isCancelable: false,
      ...(p.status === 'open' ? { expiresAt: new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString() } : {}),
      ...(p.paidAt ? { paidAt: p.paidAt } : {}),
      ...(p.failedAt ? { failedAt: p.failedAt } : {}),
      ...(p.canceledAt ? { canceledAt: p.canceledAt } : {}),
      ...(p.expiredAt ? { expiredAt: p.expiredAt } : {}),
      ...(p.status === 'paid'
        ? {
            amountRefunded: money(p.amountRefunded, currency),
            amountRemaining: money(Math.max(0, total - p.amountRefunded - p.amountChargedBack), currency),
            ...(p.amountChargedBack ? { amountChargedBack: money(p.amountChargedBack, currency) } : {}),
          }
        : {}),
      locale: p.locale,
      profileId: 'pfl_sandbox',
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
      _links: {
        self: this.link(`/v2/payments/${p.id}`),
        ...(p.status === 'open' && p.sequenceType !== 'recurring' && p.redirectUrl
          ? { checkout: { href: new URL(`/api/dev/mollie/checkout/${p.id}`, p.redirectUrl).toString(), type: 'text/html' } }
          : {}),
        documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
      },
    };
  }

  // methods

  private methodsJson(q: URLSearchParams): Json {
    const sequence = q.get('sequenceType') ?? 'oneoff';
    const currency = q.get('amount[currency]');
    const country = q.get('billingCountry');
    const list = METHODS.filter(
      (m) =>
        m.sequences.includes(sequence) &&
        (!currency || !m.currencies || m.currencies.includes(currency)) &&
        (!country || !m.countries || m.countries.includes(country)),
    ).map((m) => ({
      resource: 'method',
      id: m.id,
      description: m.description,
      minimumAmount: { value: '1.00', currency: currency ?? 'EUR' },
      maximumAmount: { value: '10000.00', currency: currency ?? 'EUR' },
      image: { size1x: '', size2x: '', svg: '' },
      status: 'activated',
      _links: { self: this.link(`/v2/methods/${m.id}`) },
    }));
    return { count: list.length, _embedded: { methods: list }, _links: { self: this.link('/v2/methods'), documentation: null } };
  }

  // customers, mandates, subscriptions

  private async createCustomer(body: Json): Promise<SandboxCustomer> {
    const c: SandboxCustomer = {
      id: randomId('cst'),
      name: (body.name as string) ?? null,
      email: (body.email as string) ?? null,
      locale: (body.locale as string) ?? null,
      metadata: body.metadata ?? null,
      createdAt: this.now(),
    };
    await this.save('customer', c);
    return c;
  }

  private async customer(id: string): Promise<SandboxCustomer> {
    const c = await this.load('customer', id);
    if (!c) throw new SandboxError(404, 'No customer exists with token ' + id + '.');
    return c;
  }

  private customerJson(c: SandboxCustomer): Json {
    return { resource: 'customer', id: c.id, mode: 'test', name: c.name, email: c.email, locale: c.locale, metadata: c.metadata, createdAt: c.createdAt, _links: { self: this.link(`/v2/customers/${c.id}`) } };
  }

  private mandateJson(m: SandboxMandate): Json {
    return { resource: 'mandate', id: m.id, mode: 'test', status: m.status, method: m.method, details: {}, mandateReference: null, signatureDate: m.createdAt.slice(0, 10), createdAt: m.createdAt, _links: { self: this.link(`/v2/customers/${m.customerId}/mandates/${m.id}`) } };
  }

  private async createSubscription(customerId: string, body: Json): Promise<SandboxSubscription> {
    await this.customer(customerId);
    const [mandate] = await this.list('mandate', `customer_id = $1 AND status = 'valid'`, [customerId]);
    if (!mandate) throw new SandboxError(422, 'The customer has no valid mandate', 'customerId');
    const amount = body.amount as Amount | undefined;
    if (!amount?.value || !amount.currency) throw new SandboxError(422, 'The amount is invalid', 'amount');
    const interval = String(body.interval ?? '');
    const start = body.startDate ? new Date(String(body.startDate)) : this.clock();
    addInterval(start, interval); // validates
    const s: SandboxSubscription = {
      id: randomId('sub'),
      customerId,
      status: 'active',
      amount,
      interval,
      description: String(body.description ?? ''),
      startDate: start.toISOString().slice(0, 10),
      nextPaymentDate: start.toISOString().slice(0, 10),
      webhookUrl: (body.webhookUrl as string) ?? null,
      metadata: body.metadata ?? null,
      mandateId: mandate.id,
      createdAt: this.now(),
      canceledAt: null,
    };
    await this.save('subscription', s);
    return s;
  }

  private async subscription(customerId: string, id: string): Promise<SandboxSubscription> {
    const s = await this.getSubscription(id);
    if (!s || s.customerId !== customerId) throw new SandboxError(404, 'No subscription exists with token ' + id + '.');
    return s;
  }

  private subscriptionJson(s: SandboxSubscription): Json {
    return {
      resource: 'subscription', id: s.id, mode: 'test', createdAt: s.createdAt, status: s.status, amount: s.amount,
      times: null, timesRemaining: null, interval: s.interval, startDate: s.startDate, nextPaymentDate: s.nextPaymentDate,
      description: s.description, method: null, mandateId: s.mandateId, canceledAt: s.canceledAt, webhookUrl: s.webhookUrl,
      metadata: s.metadata, customerId: s.customerId,
      _links: { self: this.link(`/v2/customers/${s.customerId}/subscriptions/${s.id}`), customer: this.link(`/v2/customers/${s.customerId}`) },
    };
  }
}
