/**
 * The local provider's pages: minimal server-rendered HTML that works under our CSP (no script;
 * forms post to our own origin). They say plainly that no real payment happens.
 */

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2933; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  .badge { display: inline-block; background: #fff4d6; color: #7a5200; border: 1px solid #f0c36d; border-radius: 999px; padding: .2rem .7rem; font-size: .8rem; font-weight: 600; }
  h1 { font-size: 1.4rem; margin: 1rem 0 .5rem; }
  .price { font-size: 2rem; font-weight: 700; margin: .5rem 0 1.5rem; }
  label { display: block; font-size: .9rem; margin-bottom: .3rem; }
  input[type=email] { width: 100%; box-sizing: border-box; padding: .6rem; border: 1px solid #cbd2d9; border-radius: 8px; margin-bottom: 1rem; }
  .actions { display: flex; gap: .75rem; }
  button { flex: 1; padding: .7rem 1rem; border-radius: 8px; border: 1px solid #cbd2d9; background: #fff; font-size: 1rem; cursor: pointer; }
  button.primary { background: #2563eb; border-color: #2563eb; color: #fff; }
  ul { list-style: none; padding: 0; }
  li { border: 1px solid #e4e7eb; border-radius: 8px; padding: 1rem; margin-bottom: .75rem; }
  p.note { color: #52606d; font-size: .85rem; }
  a { color: #2563eb; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="badge">TEST MODE: local payment provider, no real payment</span>
${body}
</main>
</body>
</html>`;
}

export function renderLocalCheckout(input: {
  sessionId: string;
  planLabel: string;
  price: string;
  customerEmail: string | null;
  status: 'open' | 'complete' | 'expired';
}): string {
  const id = encodeURIComponent(input.sessionId);
  if (input.status !== 'open') {
    return page(
      'StackLab test checkout',
      `<h1>This checkout is ${input.status === 'complete' ? 'already paid' : 'closed'}</h1><p class="note"><a href="/">Back to StackLab</a></p>`,
    );
  }
  const emailField = input.customerEmail
    ? `<p>Paying as <strong>${escapeHtml(input.customerEmail)}</strong></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email">`;
  return page(
    'StackLab test checkout',
    `<h1>Subscribe to StackLab ${escapeHtml(input.planLabel)}</h1>
<div class="price">${escapeHtml(input.price)}</div>
<form method="post" action="/billing/local-checkout/${id}/pay">
${emailField}
<div class="actions">
<button class="primary" type="submit">Pay</button>
<button type="submit" formaction="/billing/local-checkout/${id}/cancel" formnovalidate>Cancel</button>
</div>
</form>
<p class="note">This page stands in for the card provider because no Stripe key is configured. Paying here grants the plan as a real payment would, without charging anything.</p>`,
  );
}

export function renderLocalPortal(input: {
  token: string;
  returnUrl: string;
  subscriptions: { id: string; planLabel: string; status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }[];
}): string {
  const items = input.subscriptions
    .map((sub) => {
      const end = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : 'unknown';
      const entitled = ['active', 'trialing', 'past_due'].includes(sub.status);
      const state = !entitled
        ? `Ended`
        : sub.cancelAtPeriodEnd
          ? `Cancelled: access until ${end}`
          : `Active: renews on ${end}`;
      const cancel =
        entitled && !sub.cancelAtPeriodEnd
          ? `<form method="post" action="/billing/local-portal/${encodeURIComponent(input.token)}/cancel/${encodeURIComponent(sub.id)}"><button type="submit">Cancel subscription</button></form>`
          : '';
      return `<li><strong>${escapeHtml(sub.planLabel)}</strong><p>${escapeHtml(state)}</p>${cancel}</li>`;
    })
    .join('\n');
  return page(
    'StackLab test billing portal',
    `<h1>Your subscription</h1>
${items ? `<ul>${items}</ul>` : '<p>No subscriptions.</p>'}
<p class="note">Cancelling keeps your plan until the end of the paid period.</p>
<p><a href="${escapeHtml(input.returnUrl)}">Back to StackLab</a></p>`,
  );
}

export function renderLocalError(message: string): string {
  return page('StackLab test checkout', `<h1>${escapeHtml(message)}</h1><p><a href="/">Back to StackLab</a></p>`);
}

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}
