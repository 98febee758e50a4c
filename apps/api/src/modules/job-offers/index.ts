// The front door of the job-offers module (ADR 25): what other modules may use.

export {
  acceptPendingOffersForSeries,
  type SeriesStanding,
  seriesStandings,
} from './job-offers.repository';
export { jobOffersRoutes } from './job-offers.routes';
export { expireOffersAndNotify, offerJobsToNewDrivers } from './job-offers.service';
