// The whole data model. drizzle-kit reads this file; client.ts passes it to Drizzle.
export * from './attention';
export * from './auth';
export * from './compliance';
export * from './customers';
export * from './events';
export * from './fleet';
export * from './forms';
export * from './invoices';
export * from './job-series';
export * from './jobs';
export * from './overrides';
export * from './quotes';
export * from './settings';
export * from './shifts';
export * from './terminals';
