// API test files (node environment) get 30 s per test: each opens a PGlite database and logs
// members in with scrypt. `testTimeout` inside a project of jest.config.js is not applied by
// Jest (the default 5 s was), so the node projects set it here.
jest.setTimeout(30_000);
