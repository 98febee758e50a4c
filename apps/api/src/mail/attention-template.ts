import { escapeHtml, type MailContent, mailPage } from './templates';

export interface AttentionFacts {
  appName: string;
  publicUrl: string;
  firstName: string | null;
  /** 'Incident', 'Defect'. */
  kindLabel: string;
  title: string;
  detail: string | null;
  /** Already formatted in the operator's time zone. */
  raisedAt: string;
}

/** To each manager who wants safety alerts: a serious item now on the home screen's attention list. */
export function attentionMail(f: AttentionFacts): MailContent {
  const greeting = `Hi${f.firstName ? ` ${f.firstName}` : ''},`;
  const lines = [f.title, ...(f.detail ? [f.detail] : []), `Raised: ${f.raisedAt}`];
  const link = `${f.publicUrl}/`;
  return {
    subject: `${f.kindLabel}: ${f.title}`,
    text: [greeting, '', 'This needs your attention:', '', ...lines, '', link].join('\n'),
    html: mailPage(
      f.appName,
      `<p>${escapeHtml(greeting)}</p>
<p>This needs your attention:</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(link)}">Open the attention list</a></p>`,
    ),
  };
}
