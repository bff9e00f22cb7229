import { describe, expect, it } from '@jest/globals';
import { periodEnd } from '../subscriptions/billing-period';
import { escapeHtml, formatPrice, intervalSuffix, renderCheckoutPage, renderNoticePage, testCheckoutCsp } from './test-checkout.page';

describe('the test checkout page', () => {
  const hostile = `"><script>alert('x')</script><img src=x onerror=alert(1)>&`;

  it('escapes everything it shows, in text and in attributes', () => {
    const html = renderCheckoutPage({
      productName: hostile,
      description: hostile,
      price: hostile,
      intervalSuffix: hostile,
      payAction: `/pay${hostile}`,
      cancelAction: `/cancel${hostile}`,
    });
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&amp;');
    expect(html).toContain('action="/pay&quot;&gt;&lt;script&gt;');
    const notice = renderNoticePage({ title: hostile, message: hostile, linkHref: hostile, linkLabel: hostile });
    expect(notice).not.toMatch(/<script|<img/i);
  });

  it('is labelled TEST MODE and offers Pay and Cancel as form posts, with no script', () => {
    const html = renderCheckoutPage({
      productName: 'Annual Subscription',
      description: 'Unlimited analyses',
      price: '$100.00',
      intervalSuffix: '/year',
      payAction: '/api/payments/test-checkout/cs_test_a/pay',
      cancelAction: '/api/payments/test-checkout/cs_test_a/cancel',
    });
    expect(html).toContain('<strong>TEST MODE</strong>');
    expect(html).toContain(
      '<form method="post" action="/api/payments/test-checkout/cs_test_a/pay"><button type="submit" class="pay">Pay $100.00</button>',
    );
    expect(html).toContain('<button type="submit" class="cancel">Cancel</button>');
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('allows only its own style element and forms under its Content-Security-Policy', () => {
    const csp = testCheckoutCsp('http://web.test:8080');
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; form-action 'self' http:\/\/web\.test:8080;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('formats the price and interval as the pricing card does (spec §9)', () => {
    expect(formatPrice(10_000, 'usd')).toBe('$100.00');
    expect(intervalSuffix('year', 1)).toBe('/year');
    expect(intervalSuffix('month', 3)).toBe('/3 months');
    expect(escapeHtml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&#39;e&#39;');
  });
});

describe('billing periods', () => {
  it('end one calendar year (or the interval) after they start, in UTC', () => {
    const start = new Date('2024-02-29T12:00:00.000Z');
    expect(periodEnd(start, { recurringInterval: 'year', recurringIntervalCount: 1 }).toISOString()).toBe('2025-03-01T12:00:00.000Z');
    expect(periodEnd(new Date('2025-01-15T00:00:00.000Z'), { recurringInterval: 'year', recurringIntervalCount: 1 }).toISOString()).toBe(
      '2026-01-15T00:00:00.000Z',
    );
    expect(periodEnd(start, { recurringInterval: 'month', recurringIntervalCount: 1 }).toISOString()).toBe('2024-03-29T12:00:00.000Z');
    expect(periodEnd(start, { recurringInterval: 'week', recurringIntervalCount: 2 }).toISOString()).toBe('2024-03-14T12:00:00.000Z');
    expect(periodEnd(start, { recurringInterval: 'day', recurringIntervalCount: 1 }).toISOString()).toBe('2024-03-01T12:00:00.000Z');
  });
});
