export * from './site';
export * from './user';
export * from './auth';
