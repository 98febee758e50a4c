import { z } from 'zod';
import { flag01, ListQuerySchema } from './fields';
import { MESSAGES } from './messages';
import { USER_ROLES } from './roles';
import { DriverPinSchema, EmailSchema, FirstNameSchema, LastNameSchema } from './user.schema';

// Drivers as managed in settings (spec 2 §2.7, §3.3, §5, §7.3).

/** Exactly four digits, or empty (no PIN: the driver cannot use the terminal). */
export const OptionalDriverPinSchema = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(/^\d{4}$/, { error: MESSAGES.driverPin })
      .nullable()
      .optional(),
  )
  .transform((v) => v ?? null);

export const DriverSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Always null: a PIN is not shown once set (ADR 26). Kept for the spec's shape. */
  driverNumber: z.string().nullable(),
  /** Whether the driver has a terminal PIN. */
  hasPin: z.boolean(),
  isActive: z.union([z.literal(0), z.literal(1)]),
  emailVerified: z.union([z.literal(0), z.literal(1)]),
  roles: z.array(z.enum(USER_ROLES)),
  /** The terminal PIN is locked after repeated wrong PINs; a manager unlocks it (ADR 15). */
  pinLocked: z.boolean(),
  /** For the driver card (managers' list): work this week and the next rest the rules require. */
  hours: z
    .object({
      workedThisWeekMinutes: z.number(),
      nextRest: z.object({ label: z.string(), dueBy: z.string(), minMinutes: z.number() }).nullable(),
    })
    .optional(),
});
export type Driver = z.infer<typeof DriverSchema>;

/** PUT /api/drivers/{id}: the edit form's fields, or only isActive (Activate/Deactivate). */
export const UpdateDriverInputSchema = z.object({
  firstName: FirstNameSchema.optional(),
  lastName: LastNameSchema.optional(),
  email: EmailSchema.optional(),
  driverNumber: OptionalDriverPinSchema.optional(),
  isActive: flag01().optional(),
});
export type UpdateDriverInput = z.input<typeof UpdateDriverInputSchema>;

/** POST /api/drivers: a manager adds a driver; the driver sets a password from an emailed link. */
export const CreateDriverInputSchema = z.object({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  email: EmailSchema,
  driverNumber: OptionalDriverPinSchema,
});
export type CreateDriverInput = z.input<typeof CreateDriverInputSchema>;

/** PUT /api/users/{id}/roles: give or take the manager role. */
export const UpdateRolesInputSchema = z.object({
  roles: z.array(z.enum(USER_ROLES)).min(1, { error: 'At least one role is required' }),
});
export type UpdateRolesInput = z.infer<typeof UpdateRolesInputSchema>;

/** GET /api/users: optionally only the holders of one role. */
export const UserListQuerySchema = ListQuerySchema.extend({
  role: z.enum(USER_ROLES).optional(),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

/** POST /api/drivers: 201, the new driver and whether the set-password email went out. */
export const CreatedDriverSchema = DriverSchema.extend({ setPasswordMailSent: z.boolean() });
export type CreatedDriver = z.infer<typeof CreatedDriverSchema>;

/** How long the set-password link mailed to a driver added by a manager stays valid. */
export const DRIVER_INVITE_TTL_HOURS = 72;

export const DRIVER_MESSAGES = {
  pinTaken: 'This PIN is already used by another driver',
  /** A driver choosing their own PIN is not told that another driver has it (ADR 26). */
  ownPinRefused: 'That PIN cannot be used. Choose another.',
  pinChanged: 'Your terminal PIN is changed',
  emailTaken: 'An account with this email already exists',
  driverNotFound: 'Driver not found',
  userNotFound: 'User not found',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotRemoveOwnManagerRole: 'You cannot remove the manager role from your own account',
  lastManager: 'At least one active manager is required',
} as const;

/** PUT /api/user/pin: a driver chooses their own terminal PIN (Account settings). */
export const ChangeOwnPinInputSchema = z.object({ pin: DriverPinSchema });
export type ChangeOwnPinInput = z.infer<typeof ChangeOwnPinInputSchema>;
