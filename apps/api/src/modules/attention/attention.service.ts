import {
  ATTENTION_KIND_LABELS,
  type AttentionKind,
  CLOCK_IN_LEAD_MINUTES,
  createFormatters,
} from '@dms/domain';
import type { Db } from '../../db/client';
import { publishLiveEvent } from '../../events/live-events';
import { attentionMail } from '../../mail/attention-template';
import { type NotificationDeps, recipients } from '../notifications';
import { getAppSettings } from '../settings';
import { activeManagerIds } from '../users';
import {
  insertAttentionItem,
  lateDrivers,
  resolveClockedIn,
  takeUnmailedItems,
} from './attention.repository';

export interface AttentionInput {
  kind: AttentionKind;
  subjectId: string;
  serious: boolean;
  title: string;
  detail?: string | null;
  /** Mailed by its own route already (emergencies): the queue sends nothing more. */
  alreadyMailed?: boolean;
}

/**
 * Puts an item on every manager's attention list, once per subject, in the caller's transaction: the
 * live event reaches their screens at its commit (ADR 28). A serious item's mails follow by the queue.
 */
export async function raiseAttention(tx: Db, input: AttentionInput, now = new Date()): Promise<void> {
  const { alreadyMailed = false, ...item } = input;
  const row = await insertAttentionItem(tx, { ...item, detail: item.detail ?? null }, now, alreadyMailed);
  if (!row) return;
  await publishLiveEvent(tx, { type: 'attention.changed', roles: ['manager'], payload: { itemId: row.id } });
}

/** Tells managers' screens that an item left the list. */
export async function announceAttentionChange(tx: Db, itemId: string): Promise<void> {
  await publishLiveEvent(tx, { type: 'attention.changed', roles: ['manager'], payload: { itemId } });
}

/**
 * Raises 'not clocked in' for each driver whose first departure today is CLOCK_IN_LEAD_MINUTES away
 * (or past) without a shift begun, and settles those who have since clocked in. Run every minute.
 */
export async function checkClockIns(db: Db, timeZone: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const resolved = await resolveClockedIn(tx, now);
    const late = await lateDrivers(tx, now, timeZone, CLOCK_IN_LEAD_MINUTES);
    for (const d of late) {
      const name = [d.first_name, d.last_name].filter(Boolean).join(' ') || 'A driver';
      await raiseAttention(
        tx,
        {
          kind: 'late_clock_in',
          subjectId: `${d.driver_id}:${d.service_date}`,
          serious: false,
          title: `${name} has not clocked in`,
          detail: `First departure ${d.departs.slice(0, 5)}: ${d.job_number}${d.title ? ` ${d.title}` : ''}`,
        },
        now,
      );
    }
    if (resolved > 0) {
      await publishLiveEvent(tx, { type: 'attention.changed', roles: ['manager'], payload: {} });
    }
    return late.length;
  });
}

/** Mails each serious item not mailed yet to every active manager who wants safety alerts, once. */
export async function sendAttentionMails(deps: NotificationDeps, now = new Date()): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const items = await takeUnmailedItems(tx, now);
    if (items.length === 0) return 0;
    const { appName, currency, locale } = await getAppSettings(tx);
    const format = createFormatters({ currency, locale, timeZone: deps.timeZone });
    const managers = (await recipients(tx, await activeManagerIds(tx))).filter(
      (m) => m.emailSafetyAlerts === 1,
    );
    for (const item of items) {
      for (const manager of managers) {
        const content = attentionMail({
          appName,
          publicUrl: deps.publicUrl,
          firstName: manager.firstName,
          kindLabel: ATTENTION_KIND_LABELS[item.kind],
          title: item.title,
          detail: item.detail,
          raisedAt: format.dateTime(item.raisedAt),
        });
        await deps.mailer.send({ to: manager.email, ...content }, { tx });
      }
    }
    return items.length;
  });
}
