import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../../http/errors';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

let common: Set<string> | undefined;

/** The maintained list of the most used passwords (zxcvbn-ts), read once on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Refuses a new password found in the list, as a 400 on the given field. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, COMMON_PASSWORD_MESSAGE, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}
