export * from './dates';
export * from './messages';
export * from './settings.schema';
export * from './user.schema';
