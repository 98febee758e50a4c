import { type CreateUserInput, CreateUserInputSchema } from '@dms/domain';
import type { Database } from '../../db/client';
import type { FieldError } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { pinDigest } from '../../lib/pin-digest';
import { findUserIdByEmail, findUserIdByPinDigest, insertUser } from './users.repository';

export type CreateUserResult = { ok: true; id: string } | { ok: false; errors: FieldError[] };

/** Creates an account after checking its fields and that its email and PIN are free. */
export async function createUserAccount(
  db: Database,
  pinKey: string,
  input: CreateUserInput,
): Promise<CreateUserResult> {
  const parsed = CreateUserInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    };
  }
  const data = parsed.data;
  const password = await hashPassword(data.password);
  const pin = data.driverNumber ? pinDigest(data.driverNumber, pinKey) : null;
  return db.transaction(async (tx) => {
    const errors: FieldError[] = [];
    if (await findUserIdByEmail(tx, data.email)) {
      errors.push({ path: 'email', message: 'An account with this email already exists' });
    }
    if (pin && (await findUserIdByPinDigest(tx, pin))) {
      errors.push({ path: 'driverNumber', message: 'This PIN is already used by another driver' });
    }
    if (errors.length > 0) return { ok: false as const, errors };
    const id = await insertUser(tx, {
      email: data.email,
      password,
      firstName: data.firstName,
      lastName: data.lastName,
      roles: data.roles,
      pinDigest: pin,
      emailVerified: data.emailVerified ? 1 : 0,
    });
    return { ok: true as const, id };
  });
}
