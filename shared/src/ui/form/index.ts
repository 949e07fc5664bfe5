export * from './useZodForm';
export * from './messages';
export * from './fields';
