// The front door of the driver-hours module (ADR 25): what other modules may use.

export { stopBoardHours } from './board-hours-thread';
export {
  hoursOfBars,
  hoursRefusalDetail,
  hoursSummaries,
  hoursWarnings,
  hoursWarningsForJobs,
  loadHoursContext,
  recordHoursOverrides,
} from './driver-hours.service';
export type { HoursContext } from './hours-checks';
