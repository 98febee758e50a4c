// The front door of the users module (ADR 25): what other modules may use.
export {
  type DriverFieldValues,
  findOtherUserIdByEmail,
  findOtherUserIdByPinDigest,
  getUserAsDriver,
  listDriversFreeOn,
  listUsers,
  lockActiveManagerIds,
  lockUser,
  setUserRoles,
  updateDriverFields,
} from './driver-accounts.repository';
export {
  activeManagerIds,
  consumeVerificationCode,
  digestLegacyPins,
  findActiveUsersAccess,
  findUserByEmail,
  findUserById,
  findUserByPinDigest,
  insertUser,
  insertUserIfEmailFree,
  setPinLock,
  updateUser,
} from './users.repository';
export { createUserAccount } from './users.service';
