import { z } from 'zod';

// Records lapsed on a day (issue 26, ADR 33): the board's markers and the terminal's vehicle picker.

/** One lapsed record of a vehicle or driver on a day (the board's marker, the terminal's refusal). */
export const ComplianceLapseSchema = z.object({
  code: z.string(),
  /** 'Registration', 'Medical certificate', … */
  record: z.string(),
  /** The expiry (or due date) it lapsed after, YYYY-MM-DD. */
  date: z.string().nullable(),
  /** "Registration of MO 4105 expired 12 Nov 2026". */
  message: z.string(),
});
export type ComplianceLapse = z.infer<typeof ComplianceLapseSchema>;

export const LapsedVehicleSchema = z.object({
  vehicleId: z.string(),
  name: z.string(),
  lapses: z.array(ComplianceLapseSchema),
});
export type LapsedVehicle = z.infer<typeof LapsedVehicleSchema>;

export const LapsedDriverSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  lapses: z.array(ComplianceLapseSchema),
});
export type LapsedDriver = z.infer<typeof LapsedDriverSchema>;

/** Every vehicle and driver with a record lapsed on a day (the board reads them with the day). */
export const ComplianceLapsesSchema = z.object({
  vehicles: z.array(LapsedVehicleSchema),
  drivers: z.array(LapsedDriverSchema),
});
export type ComplianceLapses = z.infer<typeof ComplianceLapsesSchema>;

/**
 * What makes driving a vehicle unlawful today: the terminal refuses it at clock-in (ADR 33), and
 * marks it in the vehicle picker from GET /api/shifts/lapsed-vehicles.
 */
export const CLOCK_IN_BLOCKING_CODES: readonly string[] = ['registration_expired', 'insurance_expired'];

export const LapsedVehiclesResultSchema = z.object({ items: z.array(LapsedVehicleSchema) });
export type LapsedVehiclesResult = z.infer<typeof LapsedVehiclesResultSchema>;
