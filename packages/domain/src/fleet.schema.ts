import { z } from 'zod';
import { OpenDefectSchema } from './defect.schema';
import {
  flag01,
  hexColor,
  ListQuerySchema,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  requiredText,
  wholeNumberOrZero,
} from './fields';

// Vehicles, vehicle categories, depots and subcontractors (spec 2 §2.7, §3.2, §5, §7.3).

export const VEHICLE_TYPES = ['company_owned', 'subcontracted'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const DEFAULT_CATEGORY_COLOR = '#3b82f6';

/** The answer of a delete that may deactivate instead (a row still referenced by jobs, shifts or forms). */
export const DeleteResultSchema = z.object({ message: z.string(), deactivated: z.boolean() });
export type DeleteResult = z.infer<typeof DeleteResultSchema>;

/** A plain confirmation, e.g. `{ message: 'Category deleted successfully' }`. */
export const MessageSchema = z.object({ message: z.string() });

/** Answered 409 when a PUT carries a `version` older than the stored one. */
export const STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload and try again.';

/** Optional optimistic-locking version sent back with a PUT. */
export const optionalVersion = () => z.coerce.number().int().min(1).optional();

const subcontractorRequired = {
  path: ['subcontractorId'],
  error: 'Subcontractor is required for a partner vehicle',
};

export const TANK_CAPACITY_MESSAGE = 'Tank capacity must be a number of litres, up to 5,000';

const VehicleFieldsSchema = z.object({
  type: z.enum(VEHICLE_TYPES).default('company_owned'),
  categoryId: z.string({ error: 'Category is required' }).trim().min(1, { error: 'Category is required' }),
  registrationNumber: optionalText(),
  nickname: optionalText(),
  make: optionalText(),
  model: optionalText(),
  seatedCapacity: wholeNumberOrZero('Seated capacity must be a whole number of 0 or more'),
  standingCapacity: wholeNumberOrZero('Standing capacity must be a whole number of 0 or more'),
  /** Litres; optional. A fuel log above it asks the driver for a reason (ADR 27). */
  tankCapacityLitres: z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: TANK_CAPACITY_MESSAGE })
        .positive({ error: TANK_CAPACITY_MESSAGE })
        .max(5_000, { error: TANK_CAPACITY_MESSAGE })
        .transform((n) => Math.round(n * 100) / 100)
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? null),
  extraOptions: z.array(z.string().trim().min(1)).default([]),
  defaultDepotId: optionalId(),
  subcontractorId: optionalId(),
  isActive: flag01().optional(),
});

export const VehicleInputSchema = VehicleFieldsSchema.refine(
  (v) => v.type !== 'subcontracted' || v.subcontractorId,
  subcontractorRequired,
);
export type VehicleInput = z.input<typeof VehicleInputSchema>;

/**
 * PUT /api/vehicles/{id}: the whole form (omitted optional fields are cleared), with the `version`
 * it was loaded at (optional). An omitted `type` keeps the stored one rather than the default.
 */
export const UpdateVehicleInputSchema = VehicleFieldsSchema.extend({
  type: z.enum(VEHICLE_TYPES).optional(),
  version: optionalVersion(),
}).refine((v) => v.type !== 'subcontracted' || v.subcontractorId, subcontractorRequired);
export type UpdateVehicleInput = z.input<typeof UpdateVehicleInputSchema>;

/** GET /api/vehicles: search over registration, nickname, make and model. */
export const VehicleListQuerySchema = ListQuerySchema.extend({
  type: z.enum(VEHICLE_TYPES).optional(),
  categoryId: z.string().trim().min(1).max(100).optional(),
  subcontractorId: z.string().trim().min(1).max(100).optional(),
});
export type VehicleListQuery = z.input<typeof VehicleListQuerySchema>;

export const VehicleSchema = z.object({
  id: z.string(),
  type: z.enum(VEHICLE_TYPES),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  categoryColor: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  nickname: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  seatedCapacity: z.number().int(),
  standingCapacity: z.number().int(),
  tankCapacityLitres: z.number().nullable(),
  extraOptions: z.array(z.string()),
  defaultDepotId: z.string().nullable(),
  defaultDepotName: z.string().nullable(),
  subcontractorId: z.string().nullable(),
  subcontractorName: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  version: z.number().int(),
  /** A failed inspection not yet cleared by a manager: the vehicle must not be dispatched. */
  openDefect: OpenDefectSchema.default(null),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

export const VehicleCategoryInputSchema = z.object({
  name: requiredText('Category name is required'),
  color: hexColor().default(DEFAULT_CATEGORY_COLOR),
  /** The licence class its vehicles need, of the operator's set (the API checks it); null or '': none. */
  requiredLicenceClass: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : (v ?? null)),
      z.string().max(10).nullable(),
    )
    .optional(),
});
export type VehicleCategoryInput = z.input<typeof VehicleCategoryInputSchema>;

export const VehicleCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  requiredLicenceClass: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  vehicleCount: z.number().int(),
});
export type VehicleCategory = z.infer<typeof VehicleCategorySchema>;

export const DepotInputSchema = z.object({
  name: requiredText('Depot name is required'),
  address: optionalText(),
  /** Reactivates a depot that was deactivated instead of deleted. */
  isActive: flag01().optional(),
});
export type DepotInput = z.input<typeof DepotInputSchema>;

export const DepotSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
});
export type Depot = z.infer<typeof DepotSchema>;

export const SubcontractorInputSchema = z.object({
  companyName: requiredText('Company name is required'),
  contactName: optionalText(),
  phone: optionalPhone(),
  email: optionalEmail(),
  address: optionalText(),
  /** Reactivates a subcontractor that was deactivated instead of deleted. */
  isActive: flag01().optional(),
});
export type SubcontractorInput = z.input<typeof SubcontractorInputSchema>;

export const SubcontractorSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  vehicleCount: z.number().int(),
});
export type Subcontractor = z.infer<typeof SubcontractorSchema>;
