// The front door of the jobs module (ADR 25): what other modules may use.

export { addressSuggestionsRoutes } from './address-suggestions.routes';
export { type AllocationReasons, guardAllocation } from './allocation-guard';
export { noteDriverChanges, sendDueChangeMails } from './driver-change-notices.service';
export {
  cancelSeriesJobs,
  jobsOfSeries,
  moveSeriesJobs,
  type SeriesJobRow,
  STARTED_STATUSES,
} from './job-occurrences.repository';
export { createOccurrences, type OccurrencesOutcome } from './job-occurrences.service';
export { jobPdfRoutes } from './job-pdf.routes';
export { loadReferences } from './job-references.repository';
export { sendDueReminders } from './job-reminders.service';
export {
  driverHoldsJob,
  fillOpenSlot,
  freeDriverSlots,
  jobStatusOf,
  listAvailableJobs,
  openSlotCount,
  STAFFING_STATUSES,
  settleStaffedStatus,
} from './job-staffing.repository';
export {
  countJobsUsingDepot,
  countJobsUsingVehicle,
  countJobsWithContact,
  countJobsWithTermsTemplate,
} from './job-usage.repository';
export { getJob, getJobsByIds, lockJob, toDriverJob } from './jobs.repository';
export { jobsRoutes } from './jobs.routes';
export { changeJobStatus, JOB_NOT_FOUND, offerJobsToTheirDrivers, splitSeriesAt } from './jobs.service';
