// The contract package as the browser builds see it (rspack.base.js aliases `@dating/shared` here):
// everything of ./index.ts but the schemas and zod. It is the shared singleton every remote takes
// from the shell, so it is bundled whole and part of every route's start-up; the schemas come with
// the first API call (./api/client.ts loadContract) or the first validation of a form (a form
// picks its schema from them: useZodForm); a view that needs them for more imports
// `@dating/shared/schemas`. Node (the API, jest) imports ./index.ts, schemas included.
// shared/test/browser-entry.test.ts checks that nothing here brings zod back.
export * from './rules';
export * from './cookies';
export * from './locales';
export * from './startState';
export * from './remoteFiles';
export * from './routes';
export * from './remoteNames';
export * from './schemas/messages';
export * from './siteText';
export * from './photoFiles';
export * from './api/client';
export * from './atoms';
export * from './clientState';
export * from './mount';
export * from './query';
export * from './useKnownUser';
export * from './usePageTitle';
