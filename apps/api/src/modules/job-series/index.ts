// The front door of the job-series module (issue 27, ADR 36): what other parts may use.

export { jobSeriesRoutes } from './job-series.routes';
export { extendSeries, splitSeriesAt } from './job-series.service';
