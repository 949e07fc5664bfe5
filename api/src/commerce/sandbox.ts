import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the subset of Mollie's REST API (v2) the product uses: payments (create,
 * get, refunds), methods (list), customers (create, get), mandates (list) and subscriptions
 * (create, get, cancel). It answers the JSON Mollie answers (HAL, amounts as strings, `_links`),
 * so `@mollie/api-client` talks to it exactly as to api.mollie.com. It exists only when the API
 * runs without MOLLIE_API_KEY outside production (src/commerce/provider.ts). State lives in memory.
 *
 * The hosted checkout page (src/commerce/plugin.ts, /api/dev/mollie/checkout/:id) lets the payer
 * choose the outcome like Mollie's test mode; the sandbox then calls the webhook with the payment
 * id only, as Mollie does.
 */

type Amount = { value: string; currency: string };
type Json = Record<string, unknown>;
export type SandboxStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

interface SandboxPayment {
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
interface SandboxMandate {
  id: string;
  customerId: string;
  method: string;
  status: 'valid' | 'invalid';
  createdAt: string;
}
interface SandboxSubscription {
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
const now = () => new Date().toISOString();
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

export class MollieSandbox {
  readonly payments = new Map<string, SandboxPayment>();
  readonly customers = new Map<string, SandboxCustomer>();
  readonly mandates = new Map<string, SandboxMandate>();
  readonly subscriptions = new Map<string, SandboxSubscription>();
  private server: http.Server | null = null;
  private base = '';

  constructor(
    readonly apiKey: string,
    /** How webhooks reach the API (POST id=… to the webhook URL). */
    private deliver: WebhookDelivery,
  ) {}

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
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const send = (status: number, body: unknown) => {
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
      send(...this.route(req.method ?? 'GET', url, body));
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

  private route(method: string, url: URL, body: Json): [number, unknown] {
    const parts = url.pathname.replace(/^\/v2\//, '').split('/').filter(Boolean);
    const [a, id, b, subId] = parts;
    if (a === 'payments' && !id && method === 'POST') return [201, this.paymentJson(this.createPayment(body))];
    if (a === 'payments' && id && !b && method === 'GET') return [200, this.paymentJson(this.payment(id))];
    if (a === 'payments' && id && b === 'refunds' && method === 'POST') return [201, this.refund(id, body)];
    if (a === 'methods' && !id && method === 'GET') return [200, this.methodsJson(url.searchParams)];
    if (a === 'customers' && !id && method === 'POST') return [201, this.customerJson(this.createCustomer(body))];
    if (a === 'customers' && id && !b && method === 'GET') return [200, this.customerJson(this.customer(id))];
    if (a === 'customers' && id && b === 'mandates' && !subId && method === 'GET') {
      this.customer(id);
      const list = [...this.mandates.values()].filter((m) => m.customerId === id).map((m) => this.mandateJson(m));
      return [200, { count: list.length, _embedded: { mandates: list }, _links: { self: this.link(url.pathname), previous: null, next: null } }];
    }
    if (a === 'customers' && id && b === 'subscriptions') {
      if (!subId && method === 'POST') return [201, this.subscriptionJson(this.createSubscription(id, body))];
      if (subId && method === 'GET') return [200, this.subscriptionJson(this.subscription(id, subId))];
      if (subId && method === 'DELETE') {
        const s = this.subscription(id, subId);
        if (s.status === 'canceled') throw new SandboxError(422, 'The subscription has been canceled already');
        s.status = 'canceled';
        s.canceledAt = now();
        s.nextPaymentDate = null;
        return [200, this.subscriptionJson(s)];
      }
    }
    throw new SandboxError(404, `No route for ${method} ${url.pathname}`);
  }

  private link(path: string) {
    return { href: `${this.base}${path}`, type: 'application/hal+json' };
  }

  // payments

  private createPayment(body: Json): SandboxPayment {
    const amount = body.amount as Amount | undefined;
    if (!amount || !/^\d+\.\d{2}$/.test(String(amount.value)) || !/^[A-Z]{3}$/.test(String(amount.currency))) {
      throw new SandboxError(422, 'The amount is invalid', 'amount');
    }
    if (!body.description) throw new SandboxError(422, 'The description is required', 'description');
    const sequenceType = (body.sequenceType as SandboxPayment['sequenceType']) ?? 'oneoff';
    const customerId = (body.customerId as string) ?? null;
    if (sequenceType !== 'oneoff' && !customerId) throw new SandboxError(422, 'A customer is required for this sequence type', 'customerId');
    if (customerId) this.customer(customerId);
    const method = (body.method as string) ?? null;
    let mandateId = (body.mandateId as string) ?? null;
    if (sequenceType === 'recurring') {
      const mandate = mandateId
        ? this.mandates.get(mandateId)
        : [...this.mandates.values()].find((m) => m.customerId === customerId && m.status === 'valid');
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
      createdAt: now(),
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
    this.payments.set(p.id, p);
    if (sequenceType === 'recurring') {
      // Charged through the mandate without the payer: paid at once (card, PayPal; test mode).
      p.method = this.mandates.get(mandateId!)!.method;
      this.settle(p, 'paid');
      this.notify(p);
    }
    return p;
  }

  payment(id: string): SandboxPayment {
    const p = this.payments.get(id);
    if (!p) throw new SandboxError(404, 'No payment exists with token ' + id + '.');
    return p;
  }

  private settle(p: SandboxPayment, status: SandboxStatus) {
    p.status = status;
    const at = now();
    if (status === 'paid') p.paidAt = at;
    if (status === 'failed') p.failedAt = at;
    if (status === 'canceled') p.canceledAt = at;
    if (status === 'expired') p.expiredAt = at;
    if (status === 'paid' && p.sequenceType === 'first' && p.customerId && p.method && MANDATE_METHOD[p.method]) {
      const mandate: SandboxMandate = { id: randomId('mdt'), customerId: p.customerId, method: MANDATE_METHOD[p.method]!, status: 'valid', createdAt: at };
      this.mandates.set(mandate.id, mandate);
      p.mandateId = mandate.id;
    }
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
    const p = this.payment(id);
    if (p.status !== 'open') return p.redirectUrl;
    if (!p.method) p.method = method && METHODS.some((m) => m.id === method) ? method : 'creditcard';
    this.settle(p, status);
    if (p.webhookUrl) await this.deliver(p.webhookUrl, p.id).catch(() => undefined);
    return p.redirectUrl;
  }

  private refund(id: string, body: Json) {
    const p = this.payment(id);
    if (p.status !== 'paid') throw new SandboxError(422, 'The payment cannot be refunded');
    const amount = (body.amount as Amount | undefined) ?? money(cents(p.amount) - p.amountRefunded, p.amount.currency);
    const value = cents(amount);
    if (value <= 0 || value > cents(p.amount) - p.amountRefunded) throw new SandboxError(422, 'The amount is higher than the refundable amount', 'amount');
    p.amountRefunded += value;
    this.notify(p);
    return { resource: 'refund', id: randomId('re'), amount, status: 'pending', paymentId: p.id, createdAt: now(), description: String(body.description ?? ''), _links: { self: this.link(`/v2/payments/${p.id}/refunds`) } };
  }

  /** A refund made in the dashboard (test helper); as POST /v2/payments/:id/refunds. */
  createRefund(id: string, refundCents: number): void {
    const p = this.payment(id);
    this.refund(id, { amount: money(refundCents, p.amount.currency) });
  }

  /** A chargeback reported by the payer's bank (test helper; Mollie then calls the webhook). */
  async chargeback(id: string): Promise<void> {
    const p = this.payment(id);
    p.amountChargedBack = cents(p.amount) - p.amountRefunded;
    if (p.webhookUrl) await this.deliver(p.webhookUrl, p.id);
  }

  /** A subscription's next period is charged (paid or failed), and its webhook called. */
  async chargeSubscription(customerId: string, subscriptionId: string, status: 'paid' | 'failed'): Promise<string> {
    const s = this.subscription(customerId, subscriptionId);
    const p: SandboxPayment = {
      ...this.createPaymentShell(s),
      status: 'open',
    };
    this.payments.set(p.id, p);
    this.settle(p, status);
    if (status === 'paid' && s.nextPaymentDate) s.nextPaymentDate = addInterval(new Date(s.nextPaymentDate), s.interval).toISOString().slice(0, 10);
    if (s.webhookUrl) await this.deliver(s.webhookUrl, p.id);
    return p.id;
  }

  private createPaymentShell(s: SandboxSubscription): SandboxPayment {
    return {
      id: randomId('tr'), createdAt: now(), amount: s.amount, description: s.description,
      method: s.mandateId ? this.mandates.get(s.mandateId)?.method ?? 'creditcard' : 'creditcard',
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

  private createCustomer(body: Json): SandboxCustomer {
    const c: SandboxCustomer = {
      id: randomId('cst'),
      name: (body.name as string) ?? null,
      email: (body.email as string) ?? null,
      locale: (body.locale as string) ?? null,
      metadata: body.metadata ?? null,
      createdAt: now(),
    };
    this.customers.set(c.id, c);
    return c;
  }

  private customer(id: string): SandboxCustomer {
    const c = this.customers.get(id);
    if (!c) throw new SandboxError(404, 'No customer exists with token ' + id + '.');
    return c;
  }

  private customerJson(c: SandboxCustomer): Json {
    return { resource: 'customer', id: c.id, mode: 'test', name: c.name, email: c.email, locale: c.locale, metadata: c.metadata, createdAt: c.createdAt, _links: { self: this.link(`/v2/customers/${c.id}`) } };
  }

  private mandateJson(m: SandboxMandate): Json {
    return { resource: 'mandate', id: m.id, mode: 'test', status: m.status, method: m.method, details: {}, mandateReference: null, signatureDate: m.createdAt.slice(0, 10), createdAt: m.createdAt, _links: { self: this.link(`/v2/customers/${m.customerId}/mandates/${m.id}`) } };
  }

  private createSubscription(customerId: string, body: Json): SandboxSubscription {
    this.customer(customerId);
    const mandate = [...this.mandates.values()].find((m) => m.customerId === customerId && m.status === 'valid');
    if (!mandate) throw new SandboxError(422, 'The customer has no valid mandate', 'customerId');
    const amount = body.amount as Amount | undefined;
    if (!amount?.value || !amount.currency) throw new SandboxError(422, 'The amount is invalid', 'amount');
    const interval = String(body.interval ?? '');
    const start = body.startDate ? new Date(String(body.startDate)) : new Date();
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
      createdAt: now(),
      canceledAt: null,
    };
    this.subscriptions.set(s.id, s);
    return s;
  }

  private subscription(customerId: string, id: string): SandboxSubscription {
    const s = this.subscriptions.get(id);
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
