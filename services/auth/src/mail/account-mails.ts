/** The mails auth sends, each as a subject with an HTML body and its plain-text twin. */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Usernames are typed by users: never let one become markup. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

function layout(heading: string, paragraphs: string[], action: { label: string; link: string }, footnote: string): string {
  const link = escapeHtml(action.link);
  return `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
    <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
      <h1 style="margin-top:0;font-size:22px;color:#0d47a1">${escapeHtml(heading)}</h1>
      ${paragraphs.map((paragraph) => `<p style="line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n      ')}
      <p style="margin:32px 0"><a href="${link}" style="background:#1565c0;color:#ffffff;padding:12px 24px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
      <p style="line-height:1.5;font-size:13px">If the button does not work, open this link: <a href="${link}">${link}</a></p>
      <p style="line-height:1.5;font-size:13px;color:#616e7c">${escapeHtml(footnote)}</p>
    </div>
  </body>
</html>`;
}

/** "24 hours", "1 hour", "90 minutes": how long a link lasts, in words. */
export function describeDuration(seconds: number): string {
  const [amount, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : [Math.ceil(seconds / 60), 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export function verificationMail(username: string, link: string, expiresInSeconds: number): ComposedMail {
  const intro = 'Please confirm your email address to finish setting up your P&ID Digitizer account.';
  const footnote = `This link expires in ${describeDuration(expiresInSeconds)}. If you did not create an account, you can ignore this email.`;
  return {
    subject: 'Verify your email address',
    text: `Hello ${username},\n\n${intro}\n\nVerify your email: ${link}\n\n${footnote}\n`,
    html: layout(`Hello ${username},`, [intro], { label: 'Verify Email', link }, footnote),
  };
}

export function passwordResetMail(username: string, link: string, expiresInSeconds: number): ComposedMail {
  const intro = 'We received a request to reset the password of your P&ID Digitizer account.';
  const footnote = `This link expires in ${describeDuration(expiresInSeconds)}. If you did not ask for a new password, you can ignore this email: your password stays as it is.`;
  return {
    subject: 'Reset your password',
    text: `Hello ${username},\n\n${intro}\n\nChoose a new password: ${link}\n\n${footnote}\n`,
    html: layout(`Hello ${username},`, [intro], { label: 'Reset Password', link }, footnote),
  };
}
