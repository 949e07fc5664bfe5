export * from './site';
export * from './user';
export * from './auth';
export * from './account';
export * from './social';
export * from './content';
export * from './messages';
export * from './commerce';
