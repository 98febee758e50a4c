import {
  CLEAR_OF_BUS_MESSAGES,
  CLOCK_IN_BLOCKING_CODES,
  clockInLapsedMessage,
  DEFECT_MESSAGES,
  dateInZone,
  type EmergencyAlertInputSchema,
  type EndOfShiftInspectionInputSchema,
  type EndShiftInputSchema,
  FORM_MESSAGES,
  type FormReceipt,
  FUEL_CONFIRM_MESSAGE,
  FUEL_REASON_MESSAGE,
  type FuelLogInputSchema,
  fuelIssues,
  type IncidentReportInputSchema,
  type InspectionKind,
  incompleteInspectionMessage,
  type OverallStatus,
  overallInspectionStatus,
  type PreDepartureInspectionInputSchema,
  type Shift,
  type StartShiftInputSchema,
  unansweredQuestions,
  vehicleInUseMessage,
} from '@dms/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { emergencyAlerts } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { HttpError } from '../../http/errors';
import { complianceProblemsFor } from '../compliance';
import {
  clockInVehicle,
  endShift,
  getActiveShift,
  getShift,
  insertShift,
  openShiftOnVehicle,
} from '../shifts';
import { hasOpenDefect, insertDefect } from '../vehicle-defects';
import {
  activeEmergencyType,
  activeQuestions,
  carriesJob,
  fuelBaseline,
  hasEndOfShift,
  insertEmergencyAlert,
  insertEndOfShift,
  insertFuelLog,
  insertIncidentReport,
  insertPreDeparture,
  servesSchoolJob,
} from './driver-forms.repository';
import { defectNeedsAttention, incidentNeedsAttention } from './safety-attention';

// Clocking in and out and the drivers' forms (spec 1 §2-§5). Each runs inside the idempotent write's
// transaction: the row and the stored result commit together.

type PreDeparture = z.output<typeof PreDepartureInspectionInputSchema>;

const when = (iso: string | undefined, now: Date) => (iso ? new Date(iso) : now);

/** Every active question of the type answered (Pass, Fail or N/A), or 400 with the spec's message. */
async function checkComplete(tx: Db, kind: InspectionKind, responses: PreDeparture['responses']) {
  const questions = await activeQuestions(tx, kind);
  if (unansweredQuestions(questions, responses).length > 0) {
    throw new HttpError(400, incompleteInspectionMessage(questions.length));
  }
  const known = new Map(questions.map((q) => [q.id, q]));
  // Answers to questions that are not (or no longer) asked are not kept.
  const kept = responses.filter((r) => known.has(r.questionId));
  const failed = kept
    .filter((r) => r.passed === false)
    .map((r) => {
      const q = known.get(r.questionId)!;
      return { question: q.question, category: q.category, notes: r.notes?.trim() || null };
    });
  return { responses: kept, failed };
}

/** A failed inspection opens a defect on its vehicle, in the inspection's transaction. */
async function openDefectIfFailed(
  tx: Db,
  status: OverallStatus,
  values: Parameters<typeof insertDefect>[1],
): Promise<void> {
  if (status !== 'fail') return;
  const id = await insertDefect(tx, values);
  await defectNeedsAttention(tx, {
    id,
    driverId: values.reportedBy,
    vehicleId: values.vehicleId,
    items: values.items,
  });
}

async function requireShift(tx: Db, driverId: string): Promise<Shift> {
  const shift = await getActiveShift(tx, driverId);
  if (!shift?.vehicleId) throw new HttpError(409, FORM_MESSAGES.noShift);
  return shift;
}

// A lapsed registration or insurance makes driving the vehicle unlawful today: the terminal refuses
// it outright (issue 26, ADR 33). No override here: the driver cannot judge it, the office can swap.

async function refuseLapsedVehicle(tx: Db, vehicleId: string, timeZone: string, now: Date) {
  const today = dateInZone(now, timeZone);
  const problems = await complianceProblemsFor(
    tx,
    { driverId: null, vehicleId, date: today, schoolJob: false },
    timeZone,
    today,
  );
  const lapsed = problems.filter((p) => CLOCK_IN_BLOCKING_CODES.includes(p.code));
  if (lapsed.length === 0) return;
  const message = clockInLapsedMessage(lapsed.map((p) => p.message));
  throw new HttpError(409, message, [{ path: 'vehicleId', message }]);
}

/**
 * Clock in (spec 1 §4): the shift starts only with its pre-departure inspection, both written in
 * one transaction. One open shift per driver, also when two terminals race (the unique index).
 */
export async function startShift(
  tx: Db,
  driverId: string,
  input: z.output<typeof StartShiftInputSchema>,
  timeZone: string,
  now = new Date(),
) {
  // The vehicle's row is locked first: whoever waited for it then sees the shift the other one began.
  const vehicle = await clockInVehicle(tx, input.vehicleId);
  if (await getActiveShift(tx, driverId)) throw new HttpError(409, FORM_MESSAGES.onShift);
  if (!vehicle) {
    throw new HttpError(400, FORM_MESSAGES.vehicle, [{ path: 'vehicleId', message: FORM_MESSAGES.vehicle }]);
  }
  const holder = await openShiftOnVehicle(tx, input.vehicleId);
  if (holder) {
    const message = vehicleInUseMessage(
      [vehicle.registrationNumber, vehicle.nickname].filter(Boolean).join(' ') || 'This vehicle',
      [holder.firstName, holder.lastName].filter(Boolean).join(' ') || 'another driver',
    );
    throw new HttpError(409, message, [{ path: 'vehicleId', message }]);
  }
  if (await hasOpenDefect(tx, input.vehicleId)) {
    throw new HttpError(409, DEFECT_MESSAGES.clockInRefused, [
      { path: 'vehicleId', message: DEFECT_MESSAGES.clockInRefused },
    ]);
  }
  await refuseLapsedVehicle(tx, input.vehicleId, timeZone, now);
  const { responses, failed } = await checkComplete(tx, 'pre_departure', input.inspection.responses);
  let shiftId: string;
  try {
    shiftId = await insertShift(tx, {
      driverId,
      vehicleId: input.vehicleId,
      shiftDate: dateInZone(now, timeZone),
      startTime: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, FORM_MESSAGES.onShift);
    throw error;
  }
  const overallStatus = overallInspectionStatus(responses, input.inspection.notes);
  const inspection = await insertPreDeparture(tx, {
    driverId,
    vehicleId: input.vehicleId,
    shiftId,
    inspectionDate: when(input.inspection.inspectionDate, now),
    responses,
    overallStatus,
    notes: input.inspection.notes,
  });
  await openDefectIfFailed(tx, overallStatus, {
    vehicleId: input.vehicleId,
    reportedBy: driverId,
    reportedAt: inspection.inspectionDate,
    items: failed,
    notes: input.inspection.notes,
    preDepartureInspectionId: inspection.id,
  });
  return {
    shift: (await getShift(tx, shiftId))!,
    inspection: { id: inspection.id, overallStatus, inspectionDate: inspection.inspectionDate.toISOString() },
  };
}

/**
 * Clock out (ADR 27). The end-of-shift inspection may come with it, in the same transaction. A shift
 * that carried a job ends only with one on record; any other shift without one is recorded as skipped.
 */
export async function finishShift(
  tx: Db,
  driverId: string,
  shiftId: string,
  input: z.output<typeof EndShiftInputSchema>,
  now = new Date(),
): Promise<Shift> {
  const shift = await getActiveShift(tx, driverId);
  if (shift?.id !== shiftId) throw new HttpError(404, 'No open shift of yours with this id');
  if (input.endOfShift) await submitEndOfShift(tx, driverId, input.endOfShift, now);
  let skipped = false;
  if (!(await hasEndOfShift(tx, shiftId))) {
    if (await carriesJob(tx, driverId, shift.shiftDate)) {
      throw new HttpError(409, FORM_MESSAGES.endOfShiftRequired);
    }
    skipped = true;
  }
  if (!(await endShift(tx, shiftId, driverId, now, skipped)))
    throw new HttpError(404, 'No open shift of yours with this id');
  return (await getShift(tx, shiftId))!;
}

/** A pre-departure inspection outside clock-in: of the shift's vehicle. */
export async function submitPreDeparture(tx: Db, driverId: string, input: PreDeparture, now = new Date()) {
  const shift = await requireShift(tx, driverId);
  const { responses, failed } = await checkComplete(tx, 'pre_departure', input.responses);
  const overallStatus = overallInspectionStatus(responses, input.notes);
  const row = await insertPreDeparture(tx, {
    driverId,
    vehicleId: shift.vehicleId!,
    shiftId: shift.id,
    inspectionDate: when(input.inspectionDate, now),
    responses,
    overallStatus,
    notes: input.notes,
  });
  await openDefectIfFailed(tx, overallStatus, {
    vehicleId: shift.vehicleId!,
    reportedBy: driverId,
    reportedAt: row.inspectionDate,
    items: failed,
    notes: input.notes,
    preDepartureInspectionId: row.id,
  });
  return { id: row.id, overallStatus, inspectionDate: row.inspectionDate.toISOString() };
}

export async function submitEndOfShift(
  tx: Db,
  driverId: string,
  input: z.output<typeof EndOfShiftInspectionInputSchema>,
  now = new Date(),
) {
  const shift = await requireShift(tx, driverId);
  const { responses, failed } = await checkComplete(tx, 'end_of_shift', input.responses);
  if (input.clearOfBus !== 'confirmed' && (await servesSchoolJob(tx, driverId, shift.shiftDate))) {
    throw new HttpError(400, CLEAR_OF_BUS_MESSAGES.school, [
      { path: 'clearOfBus', message: CLEAR_OF_BUS_MESSAGES.school },
    ]);
  }
  const overallStatus = overallInspectionStatus(responses, input.notes);
  const row = await insertEndOfShift(tx, {
    driverId,
    vehicleId: shift.vehicleId!,
    shiftId: shift.id,
    inspectionDate: when(input.inspectionDate, now),
    responses,
    overallStatus,
    notes: input.notes,
    bodyDamageFound: input.bodyDamageFound as 0 | 1,
    bodyDamageDetails: input.bodyDamageFound === 1 ? input.bodyDamageDetails : null,
    interiorDamageFound: input.interiorDamageFound as 0 | 1,
    interiorDamageDetails: input.interiorDamageFound === 1 ? input.interiorDamageDetails : null,
    busClean: input.busClean as 0 | 1,
    clearOfBus: input.clearOfBus,
  });
  await openDefectIfFailed(tx, overallStatus, {
    vehicleId: shift.vehicleId!,
    reportedBy: driverId,
    reportedAt: row.recordedAt,
    items: failed,
    notes: input.notes,
    endOfShiftInspectionId: row.id,
  });
  return { id: row.id, overallStatus, inspectionDate: row.recordedAt.toISOString() };
}

export async function submitFuelLog(
  tx: Db,
  driverId: string,
  input: z.output<typeof FuelLogInputSchema>,
  number: (n: number) => string,
  now = new Date(),
): Promise<FormReceipt> {
  const shift = await requireShift(tx, driverId);
  const fuelDate = when(input.fuelDate, now);
  const reading = { odometerReading: input.odometerReading, litersAdded: input.litersAdded, fuelDate };
  const issues = fuelIssues(reading, await fuelBaseline(tx, shift.vehicleId!, fuelDate), number);
  // An implausible reading goes in only when the driver confirms it with a reason (ADR 27).
  if (issues.length > 0 && !input.confirmReason) {
    throw new HttpError(409, `${FUEL_CONFIRM_MESSAGE}. ${issues.map((i) => i.message).join(' ')}`, [
      { path: 'confirmReason', message: FUEL_REASON_MESSAGE },
    ]);
  }
  const row = await insertFuelLog(tx, {
    driverId,
    vehicleId: shift.vehicleId!,
    shiftId: shift.id,
    ...reading,
    fuelType: input.fuelType,
    location: input.location,
    notes: input.notes,
    plausibilityFlags: issues.map((i) => i.issue),
    confirmReason: issues.length > 0 ? input.confirmReason : null,
  });
  return { id: row.id, recordedAt: row.recordedAt.toISOString() };
}

/** An emergency can be raised off shift too: the shift and its vehicle are attached when there is one. */
export async function raiseEmergency(
  tx: Db,
  driverId: string,
  input: z.output<typeof EmergencyAlertInputSchema>,
  now = new Date(),
): Promise<FormReceipt & { typeName: string }> {
  const type = await activeEmergencyType(tx, input.emergencyTypeId);
  if (!type) {
    throw new HttpError(400, FORM_MESSAGES.emergencyType, [
      { path: 'emergencyTypeId', message: FORM_MESSAGES.emergencyType },
    ]);
  }
  const shift = await getActiveShift(tx, driverId);
  const row = await insertEmergencyAlert(tx, {
    driverId,
    vehicleId: shift?.vehicleId ?? null,
    shiftId: shift?.id ?? null,
    emergencyTypeId: type.id,
    alertDate: when(input.alertDate, now),
    location: input.location,
    description: input.description,
  });
  return { id: row.id, recordedAt: row.recordedAt.toISOString(), typeName: type.name };
}

/** Who was told of an emergency, and how (kept on the alert). */
export async function recordAlertNotifications(tx: Db, alertId: string, userIds: string[], now = new Date()) {
  const sentAt = now.toISOString();
  await tx
    .update(emergencyAlerts)
    .set({
      notificationsSent: userIds.flatMap((userId) => [
        { userId, channel: 'live' as const, sentAt },
        { userId, channel: 'email' as const, sentAt },
      ]),
    })
    .where(eq(emergencyAlerts.id, alertId));
}

export async function submitIncident(
  tx: Db,
  driverId: string,
  input: z.output<typeof IncidentReportInputSchema>,
  now = new Date(),
): Promise<FormReceipt> {
  const shift = await requireShift(tx, driverId);
  const row = await insertIncidentReport(tx, {
    driverId,
    vehicleId: shift.vehicleId!,
    shiftId: shift.id,
    incidentDate: when(input.incidentDate, now),
    incidentType: input.incidentType,
    location: input.location,
    description: input.description,
    injuriesReported: input.injuriesReported as 0 | 1,
    injuryDetails: input.injuryDetails,
    witnessDetails: input.witnessDetails,
    policeNotified: input.policeNotified as 0 | 1,
    policeReportNumber: input.policeReportNumber,
  });
  await incidentNeedsAttention(tx, {
    id: row.id,
    driverId,
    vehicleId: shift.vehicleId,
    incidentType: input.incidentType,
    location: input.location ?? null,
    injuriesReported: input.injuriesReported,
    policeNotified: input.policeNotified,
  });
  return { id: row.id, recordedAt: row.recordedAt.toISOString() };
}
