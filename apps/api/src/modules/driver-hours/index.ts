// The front door of the driver-hours module (ADR 25): what other modules may use.
export {
  breachesFor,
  guardAllocation,
  type HoursContext,
  hoursSummaries,
  hoursWarnings,
  loadHoursContext,
  workAround,
} from './driver-hours.service';
