// The contract as Node sees it (the API, jest): the browser's contract (./browser.ts, which browser
// builds use instead) and the zod schemas of every call.
export * from './browser';
export * from './schemas';
