import type { SandboxPayment, SandboxSubscription } from './sandbox';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sandbox's hosted checkout page, as Mollie's test mode: the payer sees what is paid and with
 * which method, and chooses the outcome. Development only (the sandbox exists without a key).
 */
export function checkoutPage(p: SandboxPayment): string {
  const amount = `${p.amount.currency} ${p.amount.value}`;
  const open = p.status === 'open';
  const button = (status: string, label: string) =>
    `<button name="status" value="${status}" type="submit">${label}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment – ${escapeHtml(amount)}</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f5f8; color: #0b1a2a; margin: 0; padding: 2rem 1rem; }
main { max-width: 28rem; margin: auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px #0002; }
.badge { display: inline-block; background: #ffe08a; border-radius: 4px; padding: .1rem .5rem; font-size: .8rem; font-weight: 600; }
.amount { font-size: 2rem; font-weight: 700; margin: .5rem 0; }
form { display: grid; gap: .5rem; margin-top: 1rem; }
button { font: inherit; padding: .75rem; border-radius: 8px; border: 1px solid #9aa5b1; background: #fff; cursor: pointer; text-align: left; }
button[value=paid] { background: #0a7c42; color: #fff; border-color: #0a7c42; }
button:focus-visible { outline: 3px solid #0055d4; outline-offset: 2px; }
</style></head>
<body><main>
<p><span class="badge">TEST MODE</span> Local Mollie sandbox</p>
<h1>${escapeHtml(p.description)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p>Method: ${escapeHtml(p.method ?? 'any')} · Payment ${escapeHtml(p.id)} · <a href="/api/dev/mollie/">All sandbox payments and subscriptions</a></p>
${
  open
    ? `<form method="post"><input type="hidden" name="method" value="${escapeHtml(p.method ?? '')}">
<p>Select the payment status:</p>
${button('paid', 'Paid')}${button('failed', 'Failed')}${button('canceled', 'Canceled')}${button('expired', 'Expired')}
</form>`
    : `<p>This payment is ${escapeHtml(p.status)}.</p>${p.redirectUrl ? `<p><a href="${escapeHtml(p.redirectUrl)}">Back to the shop</a></p>` : ''}`
}
</main></body></html>`;
}

/**
 * The sandbox's own page (development only), as Mollie's dashboard in test mode: the subscriptions
 * with their next payment date and a control that makes the next renewal due now (the renewal
 * scheduler then charges it and calls the webhook, as Mollie would on that day), and the latest
 * payments with a link to the checkout page of those still open and, for paid ones, a control that
 * reports a chargeback (the webhook is called, as Mollie does when the payer's bank takes it back).
 */
export function sandboxPage(o: { subscriptions: SandboxSubscription[]; payments: SandboxPayment[] }, today: string, notice: string | null): string {
  const amount = (a: { value: string; currency: string }) => `${escapeHtml(a.currency)} ${escapeHtml(a.value)}`;
  const subscriptionRows = o.subscriptions.map((s) => {
    const due = s.status === 'active' && s.nextPaymentDate !== null && s.nextPaymentDate <= today;
    const control =
      s.status !== 'active'
        ? ''
        : due
          ? 'Due: charged on the next run'
          : `<form method="post" action="/api/dev/mollie/subscriptions/${escapeHtml(s.id)}/due"><button type="submit">Make the next renewal due now<span class="sr"> (${escapeHtml(s.description)})</span></button></form>`;
    return `<tr><th scope="row">${escapeHtml(s.description)}<br><small>${escapeHtml(s.id)} · ${escapeHtml(s.customerId)}</small></th><td>${amount(s.amount)} every ${escapeHtml(s.interval)}</td><td>${escapeHtml(s.status)}</td><td>${escapeHtml(s.nextPaymentDate ?? '—')}</td><td>${control}</td></tr>`;
  });
  const paymentRows = o.payments.map((p) => {
    // A paid payment can be charged back by the payer's bank (what is not refunded yet).
    const control =
      p.status !== 'paid'
        ? ''
        : p.amountChargedBack
          ? `Charged back ${escapeHtml((p.amountChargedBack / 100).toFixed(2))}`
          : `<form method="post" action="/api/dev/mollie/payments/${escapeHtml(p.id)}/chargeback"><button type="submit">Report a chargeback<span class="sr"> (${escapeHtml(p.id)})</span></button></form>`;
    return `<tr><th scope="row">${p.status === 'open' && p.redirectUrl ? `<a href="/api/dev/mollie/checkout/${escapeHtml(p.id)}">${escapeHtml(p.id)}</a>` : escapeHtml(p.id)}</th><td>${escapeHtml(p.description)}</td><td>${amount(p.amount)}</td><td>${escapeHtml(p.sequenceType)}</td><td>${escapeHtml(p.status)}</td><td>${escapeHtml(p.createdAt.replace('T', ' ').slice(0, 19))}</td><td>${control}</td></tr>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local Mollie sandbox</title>
<style>
body { font-family: system-ui, sans-serif; background: #f3f5f8; color: #0b1a2a; margin: 0; padding: 2rem 1rem; }
main { max-width: 60rem; margin: auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px #0002; overflow-x: auto; }
.badge { display: inline-block; background: #ffe08a; border-radius: 4px; padding: .1rem .5rem; font-size: .8rem; font-weight: 600; }
table { border-collapse: collapse; width: 100%; margin-bottom: 2rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #dde3ea; vertical-align: top; }
thead th { font-size: .85rem; color: #44505c; }
button { font: inherit; padding: .5rem .75rem; border-radius: 8px; border: 1px solid #0a7c42; background: #0a7c42; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #0055d4; outline-offset: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
[role=status] { background: #e6f4ea; border-radius: 8px; padding: .5rem .75rem; }
</style></head>
<body><main>
<p><span class="badge">TEST MODE</span> Local Mollie sandbox · today ${escapeHtml(today)}</p>
<h1>Local Mollie sandbox</h1>
<div role="status">${notice ? escapeHtml(notice) : ''}</div>
<h2>Subscriptions</h2>
${subscriptionRows.length ? `<table><thead><tr><th scope="col">Subscription</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Next payment</th><th scope="col"><span class="sr">Control</span></th></tr></thead><tbody>${subscriptionRows.join('')}</tbody></table>` : '<p>No subscriptions yet. Subscribe to premium to create one.</p>'}
<h2>Latest payments</h2>
${paymentRows.length ? `<table><thead><tr><th scope="col">Payment</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Sequence</th><th scope="col">Status</th><th scope="col">Created (UTC)</th><th scope="col"><span class="sr">Control</span></th></tr></thead><tbody>${paymentRows.join('')}</tbody></table>` : '<p>No payments yet.</p>'}
</main></body></html>`;
}
