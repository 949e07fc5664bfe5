// API test files open a real PGlite database and hash passwords with scrypt: a test may take more
// than jest's 5 s default on a busy 2-core machine. (testTimeout in a project entry is not applied
// by jest 30; a setup file of the project is.)
jest.setTimeout(30_000);
