import { escapeHtml, type MailContent } from './templates';

// The mail that carries a quote link to a customer, in the operator's colours and with its logo
// and contact details (issue 24). Every value is escaped: the message is typed by a manager.

export interface QuoteLinkMailFacts {
  companyName: string;
  companyPhone: string | null;
  companyEmail: string | null;
  /** An absolute address of the logo, or null. */
  logoUrl: string | null;
  primaryColor: string;
  quoteNumber: string;
  title: string | null;
  /** Already formatted in the operator's locale. */
  serviceDate: string | null;
  total: string;
  expiresOn: string;
  message: string | null;
  url: string;
  /** The one reminder for a quote viewed and not answered. */
  reminder?: boolean;
}

const SAFE_COLOR = /^#[0-9a-f]{6}$/i;

export function quoteLinkMail(f: QuoteLinkMailFacts): MailContent {
  const name = `${f.quoteNumber}${f.title ? ` ${f.title}` : ''}`;
  const color = SAFE_COLOR.test(f.primaryColor) ? f.primaryColor : '#1e40af';
  const contact = [f.companyPhone, f.companyEmail].filter(Boolean).join(' · ');
  const lines = [
    `Quote: ${name}`,
    ...(f.serviceDate ? [`Service date: ${f.serviceDate}`] : []),
    `Total: ${f.total}`,
  ];
  const intro = f.reminder
    ? `A reminder: ${f.companyName} sent you a quote that is waiting for your answer. Open it to accept or decline it online:`
    : `${f.companyName} has sent you a quote. Open it to read it, and to accept or decline it online:`;
  const text = [
    'Hello,',
    '',
    ...(f.message ? [f.message, ''] : []),
    intro,
    f.url,
    '',
    ...lines,
    '',
    `The link works until ${f.expiresOn}.`,
    ...(contact ? ['', `Questions? ${f.companyName}: ${contact}`] : []),
  ].join('\n');
  const paragraphs = (value: string) =>
    value
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('\n');
  const html = `<!doctype html>
<html><body style="margin: 0; font-family: system-ui, sans-serif; color: #1a1b1e; line-height: 1.5">
<div style="background: ${color}; padding: 16px 24px; color: #ffffff">
${f.logoUrl ? `<img src="${escapeHtml(f.logoUrl)}" alt="" style="max-height: 48px; display: block; margin-bottom: 8px">` : ''}
<strong style="font-size: 18px">${escapeHtml(f.companyName)}</strong>
</div>
<div style="padding: 16px 24px">
<p>Hello,</p>
${f.message ? paragraphs(f.message) : ''}
<p>${escapeHtml(intro.replace(/:$/, '.'))}</p>
<p><a href="${escapeHtml(f.url)}" style="display: inline-block; background: ${color}; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none">View your quote</a></p>
<p>${lines.map(escapeHtml).join('<br>')}</p>
<p style="color: #555">The link works until ${escapeHtml(f.expiresOn)}. Or copy it into your browser:<br>${escapeHtml(f.url)}</p>
${contact ? `<p style="color: #555">Questions? ${escapeHtml(f.companyName)}: ${escapeHtml(contact)}</p>` : ''}
</div>
</body></html>`;
  const subject = f.reminder
    ? `Reminder: your quote ${name} from ${f.companyName}`
    : `Your quote ${name} from ${f.companyName}`;
  return { subject, text, html };
}
