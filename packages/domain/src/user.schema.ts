import { z } from 'zod';
import { personName } from './fields';
import { MESSAGES } from './messages';
import { USER_ROLES } from './roles';

export const MIN_PASSWORD_LENGTH = 6;

export const EmailSchema = z
  .string({ error: MESSAGES.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.email }));

export const PasswordSchema = z
  .string({ error: MESSAGES.password })
  .min(MIN_PASSWORD_LENGTH, { error: MESSAGES.password });

export const FirstNameSchema = personName(MESSAGES.firstName);
export const LastNameSchema = personName(MESSAGES.lastName);

/** A driver's terminal PIN (users.driverNumber): exactly four digits. */
export const DriverPinSchema = z.string().regex(/^\d{4}$/, { error: MESSAGES.driverPin });

export const RolesSchema = z.array(z.enum(USER_ROLES)).min(1, { error: 'At least one role is required' });

/** A new account created by an operator (CLI, or a manager adding a driver). */
export const CreateUserInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  roles: RolesSchema,
  driverNumber: DriverPinSchema.nullable().default(null),
  emailVerified: z.boolean().default(false),
});
export type CreateUserInput = z.input<typeof CreateUserInputSchema>;
