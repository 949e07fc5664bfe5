export * from './ids';
export * from './site';
export * from './user';
export * from './auth';
export * from './account';
export * from './social';
export * from './content';
export * from './messages';
export * from './commerce';
export * from './operator';
export * from './operator-desk';
export * from './operator-prices';
export * from './site-run';
// The back office's sites and versions: types here; the schemas are '@dating/shared/operator-sites'
// (loaded by the API client when an operator calls, never in a member's start-up).
export type * from './operator-sites';
