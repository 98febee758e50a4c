import { escapeHtml, type MailContent } from '../../mail/templates';

/**
 * The mail to a driver whose account a manager created: it says so, and links to the
 * set-password page (the password-reset page, with a reset token).
 */
export function driverInviteMail(options: {
  appName: string;
  firstName: string;
  link: string;
  validHours: number;
}): MailContent {
  const { appName, firstName, link, validHours } = options;
  const validity = validHours % 24 === 0 ? `${validHours / 24} days` : `${validHours} hours`;
  return {
    subject: `Your ${appName} driver account`,
    text: [
      `Hello ${firstName},`,
      '',
      `An account has been created for you in ${appName}, so that you can see your jobs and sign in at the depot terminal.`,
      '',
      'Open this link to choose your password:',
      link,
      '',
      `The link works once and expires in ${validity}. After that, use "Forgot password" on the sign-in page.`,
      'If you did not expect this email, you can ignore it.',
    ].join('\n'),
    html: `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #1a1b1e; line-height: 1.5">
<h2 style="margin: 0 0 16px">${escapeHtml(appName)}</h2>
<p>Hello ${escapeHtml(firstName)},</p>
<p>An account has been created for you, so that you can see your jobs and sign in at the depot terminal.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a></p>
<p>Or copy this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works once and expires in ${validity}. After that, use "Forgot password" on the sign-in page.</p>
<p>If you did not expect this email, you can ignore it.</p>
</body></html>`,
  };
}
