import { createHash } from 'node:crypto';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

const STYLE = `
body{margin:0;background:#f5f7fa;color:#1a2433;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}
.banner{background:#fff4e5;border:2px dashed #b26a00;border-radius:8px;color:#663c00;padding:.75rem 1rem;margin:0 0 1.5rem}
.banner strong{display:block;font-size:1.25rem;letter-spacing:.08em}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem;margin-bottom:1rem}
h1{font-size:1.5rem;margin:0 0 1rem}h2{font-size:1.125rem;margin:0 0 .5rem}
.price{font-size:1.75rem;font-weight:600;margin:1rem 0 .25rem}.price span{font-size:1rem;font-weight:400;color:#5b6675}
.muted{color:#5b6675;font-size:.875rem}
form{margin:0 0 .75rem}
button{width:100%;border:0;border-radius:8px;padding:.75rem 1rem;font:inherit;font-weight:600;cursor:pointer}
.pay{background:#0d47a1;color:#fff}.cancel{background:#e3e7ed;color:#1a2433}
a{color:#0d47a1}
`;

/** The page's Content-Security-Policy: nothing but its own style element and its two forms. */
export function testCheckoutCsp(publicOrigin: string): string {
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `form-action 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>TEST MODE</strong>No real payment is taken. This page stands in for the payment provider’s checkout.</p>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageView {
  productName: string;
  description: string;
  /** e.g. "$100.00". */
  price: string;
  /** e.g. "/year". */
  intervalSuffix: string;
  payAction: string;
  cancelAction: string;
}

/** The hosted test checkout: the plan, a test card and Pay / Cancel as plain form posts (no script). */
export function renderCheckoutPage(view: CheckoutPageView): string {
  return layout(
    'TEST MODE · Checkout',
    `<h1>Complete your subscription</h1>
<section class="card">
<h2>${escapeHtml(view.productName)}</h2>
<p>${escapeHtml(view.description)}</p>
<p class="price">${escapeHtml(view.price)} <span>${escapeHtml(view.intervalSuffix)}</span></p>
<p class="muted">Test card: VISA •••• 4242</p>
</section>
<form method="post" action="${escapeHtml(view.payAction)}"><button type="submit" class="pay">Pay ${escapeHtml(view.price)}</button></form>
<form method="post" action="${escapeHtml(view.cancelAction)}"><button type="submit" class="cancel">Cancel</button></form>`,
  );
}

/** A page for a session that cannot be paid (unknown, expired, canceled) or a user who already pays. */
export function renderNoticePage(view: { title: string; message: string; linkHref: string; linkLabel: string }): string {
  return layout(
    `TEST MODE · ${view.title}`,
    `<section class="card">
<h1>${escapeHtml(view.title)}</h1>
<p>${escapeHtml(view.message)}</p>
<p><a href="${escapeHtml(view.linkHref)}">${escapeHtml(view.linkLabel)}</a></p>
</section>`,
  );
}

/** Spec §9: "/year", or "/2 years" with a count above 1. */
export function intervalSuffix(interval: string, count: number): string {
  return count > 1 ? `/${count} ${interval}s` : `/${interval}`;
}

export function formatPrice(unitAmount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(unitAmount / 100);
}
