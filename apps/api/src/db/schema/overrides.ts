import { date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id } from './columns';
import { vehicles } from './fleet';
import { jobs } from './jobs';

/**
 * A manager allocated a driver or vehicle although a compliance check (licence, medical, children
 * check, registration, insurance, inspection) refused it (issue 26, ADR 34). The audit trail is never
 * deleted: a deleted job leaves its number behind, and drivers and vehicles are only deactivated.
 */
export const complianceOverrides = pgTable(
  'compliance_overrides',
  {
    id: id(),
    // set null, not cascade: the override outlives the job it was about (the number stays below).
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    jobNumber: text('job_number'),
    /** Null when the rule is about the vehicle alone (registration, insurance, inspection). */
    driverId: text('driver_id').references(() => users.id),
    /** Null when the rule is about the driver alone (licence expiry, medical, children check). */
    vehicleId: text('vehicle_id').references(() => vehicles.id),
    /** Which check refused (`licence_class`, `registration_expired`, …): see COMPLIANCE_RULE_LABELS. */
    ruleKey: text('rule_key').notNull(),
    /** The refusal as the manager read it ("Licence MR does not cover Coach (needs HR)"). */
    problem: text('problem').notNull(),
    /** The numbers and dates the refusal was about ({ held: 'MR', needs: 'HR' }, { expiry: '2026-12-12' }). */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    /** The day the check was made for: the job's service date. */
    checkedFor: date('checked_for', { mode: 'string' }),
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('compliance_overrides_created_at_idx').on(t.createdAt),
    index('compliance_overrides_job_id_idx').on(t.jobId),
    index('compliance_overrides_driver_id_idx').on(t.driverId),
    index('compliance_overrides_vehicle_id_idx').on(t.vehicleId),
  ],
);
