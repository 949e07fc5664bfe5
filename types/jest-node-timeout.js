// Node projects (the API): tests open a database and hash passwords, and a shared machine can be
// slow. `testTimeout` in a project's config is ignored by jest (it is a global option), so the
// 30 s the project asks for are set here. TEST_TIMEOUT_SCALE multiplies them for a run that gets
// only part of the CPU: npm test runs the API suite on PostgreSQL beside the journeys, at the
// lowest priority (scripts/test.mjs).
jest.setTimeout(30_000 * (Number(process.env.TEST_TIMEOUT_SCALE) || 1));
