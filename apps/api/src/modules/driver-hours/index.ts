// The front door of the driver-hours module (ADR 25): what other modules may use.
export {
  breachesFor,
  type HoursContext,
  hoursRefusalDetail,
  hoursSummaries,
  hoursWarnings,
  hoursWarningsForJobs,
  loadHoursContext,
  recordHoursOverrides,
  workAround,
  workByDriver,
} from './driver-hours.service';
