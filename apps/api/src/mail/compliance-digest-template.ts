import { escapeHtml, type MailContent, mailPage } from './templates';

export interface DigestLine {
  /** 'MO 4105' or 'Casey Licence'. */
  subjectName: string;
  /** 'Registration', 'Licence'. */
  label: string;
  overdue: boolean;
  /** Already in words: '12 Dec 2026 (in 3 days)', '1,200 km over'. */
  when: string;
}

export interface DigestFacts {
  appName: string;
  publicUrl: string;
  firstName: string | null;
  /** Already formatted: the Monday of the week. */
  week: string;
  /** Worst first, as the Compliance page lists them. */
  lines: DigestLine[];
  /** More than the mail lists. */
  more: number;
}

/** The weekly compliance digest (ADR 35): records due in the next 30 days or overdue, worst first. */
export function complianceDigestMail(f: DigestFacts): MailContent {
  const greeting = `Hi${f.firstName ? ` ${f.firstName}` : ''},`;
  const overdue = f.lines.filter((l) => l.overdue).length;
  const total = f.lines.length + f.more;
  const summary = `${total} ${total === 1 ? 'record is' : 'records are'} due in the next 30 days or overdue${
    overdue ? ` (${overdue} overdue)` : ''
  }.`;
  const line = (l: DigestLine) => `${l.overdue ? 'OVERDUE' : 'Due'}: ${l.subjectName}, ${l.label}, ${l.when}`;
  const link = `${f.publicUrl}/compliance`;
  const moreLine = f.more > 0 ? [`…and ${f.more} more on the Compliance page.`] : [];
  return {
    subject: `Compliance this week: ${total} due or overdue${overdue ? `, ${overdue} overdue` : ''}`,
    text: [greeting, '', `Week of ${f.week}`, summary, '', ...f.lines.map(line), ...moreLine, '', link].join(
      '\n',
    ),
    html: mailPage(
      f.appName,
      `<p>${escapeHtml(greeting)}</p>
<p>Week of ${escapeHtml(f.week)}. ${escapeHtml(summary)}</p>
<ul>${f.lines
        .map(
          (l) =>
            `<li>${l.overdue ? '<strong>Overdue</strong>' : 'Due'}: ${escapeHtml(l.subjectName)}, ${escapeHtml(
              l.label,
            )}, ${escapeHtml(l.when)}</li>`,
        )
        .join('')}</ul>
${f.more > 0 ? `<p>${escapeHtml(moreLine[0]!)}</p>` : ''}
<p><a href="${escapeHtml(link)}">Open the Compliance page</a></p>`,
    ),
  };
}
