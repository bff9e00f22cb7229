import { describe, expect, it } from '@jest/globals';
import { describeDuration, passwordResetMail, verificationMail } from './account-mails';

describe('account mails', () => {
  it('never turn a username into markup', () => {
    const mail = verificationMail('<img src=x onerror=alert(1)>', 'https://pid.example.com/verify-email?token=abc', 86_400);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('carry the link in both parts and say how long it lasts', () => {
    const link = 'https://pid.example.com/reset-password?token=abc&x=1';
    const mail = passwordResetMail('jane', link, 1800);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://pid.example.com/reset-password?token=abc&amp;x=1"');
    expect(mail.text).toContain('This link expires in 30 minutes.');
  });

  it.each([
    [86_400, '24 hours'],
    [3600, '1 hour'],
    [5400, '90 minutes'],
    [60, '1 minute'],
    [61, '2 minutes'],
  ])('describe %i seconds as %s', (seconds, words) => {
    expect(describeDuration(seconds)).toBe(words);
  });
});
