// The front door of the shifts module (ADR 25): what other modules may use.
export {
  clockInVehicle,
  countShiftsOfVehicle,
  endShift,
  getActiveShift,
  getShift,
  insertShift,
  openShiftOnVehicle,
} from './shifts.repository';
export { timesheetsRoutes } from './timesheets.routes';
