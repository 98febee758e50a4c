import { escapeHtml, type MailContent, mailPage } from './templates';

// Mails about jobs, to drivers and managers. They carry no prices: drivers never see them.

export interface JobMailFacts {
  appName: string;
  publicUrl: string;
  /** The reader's first name, for the greeting. */
  firstName: string | null;
  jobNumber: string;
  title: string | null;
  /** Already formatted for the reader, e.g. 'Mon 23 Nov 2026'; null when the job has no date yet. */
  serviceDate: string | null;
  /** First departure 'HH:mm', or null. */
  startTime: string | null;
  /** First origin → last destination, or null. */
  route: string | null;
}

export interface JobNotice {
  subject: string;
  /** The sentences before the job's summary. */
  intro: string[];
  /** The sentences after it. */
  outro?: string[];
  /** A path of the app ('/job-offers'), shown as a link. */
  linkPath: string;
  linkText: string;
}

const jobName = (f: JobMailFacts) => `${f.jobNumber}${f.title ? ` ${f.title}` : ''}`;

function summary(f: JobMailFacts): string[] {
  return [
    `Job: ${jobName(f)}`,
    `Date: ${f.serviceDate ?? 'to be confirmed'}${f.startTime ? `, departing ${f.startTime}` : ''}`,
    ...(f.route ? [`Route: ${f.route}`] : []),
  ];
}

/** One mail about one job: a greeting, what happened, the job's summary, and a link into the app. */
export function jobNoticeMail(f: JobMailFacts, notice: JobNotice): MailContent {
  const greeting = `Hi${f.firstName ? ` ${f.firstName}` : ''},`;
  const link = `${f.publicUrl}${notice.linkPath}`;
  const outro = notice.outro ?? [];
  return {
    subject: notice.subject,
    text: [
      greeting,
      '',
      ...notice.intro,
      '',
      ...summary(f),
      '',
      ...outro,
      ...(outro.length ? [''] : []),
      link,
    ].join('\n'),
    html: mailPage(
      f.appName,
      `<p>${escapeHtml(greeting)}</p>
${notice.intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<ul>${summary(f)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('')}</ul>
${outro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(notice.linkText)}</a></p>`,
    ),
  };
}

export { jobName };
