// Node projects (the API): tests open a database and hash passwords, and a shared machine can be
// slow. `testTimeout` in a project's config is ignored by jest (it is a global option), so the
// 30 s the project asks for are set here.
jest.setTimeout(30_000);
