import { RESET_TOKEN_TTL_MINUTES, VERIFICATION_CODE_TTL_MINUTES } from '@dms/domain';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// The app name comes from the operator's settings: escaped like every other interpolated value.
export function mailPage(appName: string, body: string): string {
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1a1b1e; line-height: 1.5">
<h2 style="margin: 0 0 16px">${escapeHtml(appName)}</h2>
${body}
</body></html>`;
}

export function verificationCodeMail(options: { appName: string; code: string }): MailContent {
  const { appName, code } = options;
  return {
    subject: `Your ${appName} verification code`,
    text: [
      `Your ${appName} verification code is: ${code}`,
      '',
      `The code expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.`,
      'If you did not create an account, you can ignore this email.',
    ].join('\n'),
    html: mailPage(
      appName,
      `<p>Your verification code is:</p>
<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(code)}</p>
<p>The code expires in ${VERIFICATION_CODE_TTL_MINUTES} minutes.</p>
<p>If you did not create an account, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMail(options: { appName: string; link: string }): MailContent {
  const { appName, link } = options;
  const minutes = RESET_TOKEN_TTL_MINUTES;
  const validity =
    minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
  return {
    subject: `Reset your ${appName} password`,
    text: [
      `Someone asked to reset the password of your ${appName} account.`,
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once and expires in ${validity}.`,
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ].join('\n'),
    html: mailPage(
      appName,
      `<p>Someone asked to reset the password of your account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or copy this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in ${validity}.</p>
<p>If you did not ask for this, you can ignore this email; your password stays the same.</p>`,
    ),
  };
}
