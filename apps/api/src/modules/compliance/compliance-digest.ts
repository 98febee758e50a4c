import { addDays, createFormatters, dateInZone } from '@dms/domain';
import { complianceDigestMail, type DigestLine } from '../../mail/compliance-digest-template';
import { type NotificationDeps, recipients } from '../notifications';
import { getAppSettings } from '../settings';
import { activeManagerIds } from '../users';
import { claimDigestWeek } from './compliance.repository';
import { DUE_SOON_DAYS, listDue } from './compliance.service';

// The weekly compliance digest (issue 26, ADR 35): to each manager who opted in, the records due in
// the next 30 days or overdue, worst first, once per operator week however often the task runs.

/** A mail lists this many; the rest are counted and left to the Compliance page. */
const DIGEST_LINES = 50;

/** The Monday of the week `date` falls in (ISO weeks start on Monday). */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Sends this week's digest to every opted-in manager not sent it yet; answers how many were sent. */
export async function sendComplianceDigests(deps: NotificationDeps, now = new Date()): Promise<number> {
  const today = dateInZone(now, deps.timeZone);
  const week = weekStartOf(today);
  return deps.db.transaction(async (tx) => {
    const managers = (await recipients(tx, await activeManagerIds(tx))).filter(
      (m) => m.emailComplianceDigest === 1,
    );
    if (managers.length === 0) return 0;
    const due = await listDue(tx, { days: DUE_SOON_DAYS, limit: DIGEST_LINES, offset: 0 }, today);
    // Nothing due is no news: no mail, and the week stays open for a record that lapses later in it.
    if (due.total === 0) return 0;
    const { appName, currency, locale } = await getAppSettings(tx);
    const f = createFormatters({ currency, locale, timeZone: deps.timeZone });
    const lines: DigestLine[] = due.items.map((i) => ({
      subjectName: i.subjectName,
      label: i.label,
      overdue: i.state === 'overdue',
      when:
        i.dueDate === null && i.kmLeft !== null
          ? `${f.number(Math.abs(i.kmLeft))} km ${i.kmLeft < 0 ? 'over' : 'left'}`
          : `${i.dueDate ? f.serviceDate(i.dueDate) : ''}${
              i.daysLeft === null
                ? ''
                : i.daysLeft < 0
                  ? ` (${-i.daysLeft} ${i.daysLeft === -1 ? 'day' : 'days'} ago)`
                  : i.daysLeft === 0
                    ? ' (today)'
                    : ` (in ${i.daysLeft} ${i.daysLeft === 1 ? 'day' : 'days'})`
            }`,
    }));
    let sent = 0;
    for (const manager of managers) {
      // The claim and the queued mail commit together: a week is mailed once, or not at all.
      if (!(await claimDigestWeek(tx, manager.id, week))) continue;
      const content = complianceDigestMail({
        appName,
        publicUrl: deps.publicUrl,
        firstName: manager.firstName,
        week: f.serviceDate(week),
        lines,
        more: Math.max(0, due.total - lines.length),
      });
      await deps.mailer.send({ to: manager.email, ...content }, { tx });
      sent += 1;
    }
    return sent;
  });
}
