export * from './auth.schema';
export * from './dates';
export * from './messages';
export * from './preferences.schema';
export * from './settings.schema';
export * from './user.schema';
