export * from './useZodForm';
export * from './messages';
export * from './fields';
export * from '../../formRules';
