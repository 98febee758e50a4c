// The manager home's first page of jobs, named once: the dashboard reads it, and the auth guard asks
// for it as soon as the session says a manager opened `/` (before the dashboard's code has arrived).
// Kept free of other imports: the guard is part of every first load.

export const JOBS_PATH = '/api/jobs';
export const JOBS_PAGE_SIZE = 25;

/** The list screen reads its pages as rows of cells (ADR 40). */
export const JOBS_SHAPE = 'rows';

/** The query key of the unfiltered first page (the dashboard's key when `/` has no filters). */
export const firstJobsPageKey = () => [JOBS_PATH, { limit: JOBS_PAGE_SIZE, offset: 0, shape: JOBS_SHAPE }];
