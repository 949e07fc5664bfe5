import type { MollieSandbox } from './sandbox';

type SandboxPayment = MollieSandbox['payments'] extends Map<string, infer P> ? P : never;

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
<p>Method: ${escapeHtml(p.method ?? 'any')} · Payment ${escapeHtml(p.id)}</p>
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
