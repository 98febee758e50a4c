import { z } from 'zod';
import {
  flag01,
  hexColor,
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

export const VehicleInputSchema = z
  .object({
    type: z.enum(VEHICLE_TYPES).default('company_owned'),
    categoryId: z.string({ error: 'Category is required' }).trim().min(1, { error: 'Category is required' }),
    registrationNumber: optionalText(),
    nickname: optionalText(),
    make: optionalText(),
    model: optionalText(),
    seatedCapacity: wholeNumberOrZero('Seated capacity must be a whole number of 0 or more'),
    standingCapacity: wholeNumberOrZero('Standing capacity must be a whole number of 0 or more'),
    extraOptions: z.array(z.string().trim().min(1)).default([]),
    defaultDepotId: optionalId(),
    subcontractorId: optionalId(),
    isActive: flag01().optional(),
  })
  .refine((v) => v.type !== 'subcontracted' || v.subcontractorId, {
    path: ['subcontractorId'],
    error: 'Subcontractor is required for a partner vehicle',
  });
export type VehicleInput = z.input<typeof VehicleInputSchema>;

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
  extraOptions: z.array(z.string()),
  defaultDepotId: z.string().nullable(),
  defaultDepotName: z.string().nullable(),
  subcontractorId: z.string().nullable(),
  subcontractorName: z.string().nullable(),
  isActive: z.union([z.literal(0), z.literal(1)]),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

export const VehicleCategoryInputSchema = z.object({
  name: requiredText('Category name is required'),
  color: hexColor().default(DEFAULT_CATEGORY_COLOR),
});
export type VehicleCategoryInput = z.input<typeof VehicleCategoryInputSchema>;

export const VehicleCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  color: z.string(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  vehicleCount: z.number().int(),
});
export type VehicleCategory = z.infer<typeof VehicleCategorySchema>;

export const DepotInputSchema = z.object({
  name: requiredText('Depot name is required'),
  address: optionalText(),
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
