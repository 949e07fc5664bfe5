// Component tests (jsdom): jest-dom's matchers, and the views remotes load with their route
// (lazyView in @dating/shared/ui) loaded before each file's tests, as the file's imports loaded them
// when they were static: a cold run (CI, no transform cache) compiles a view's modules then, not
// inside a test's first one-second findBy/waitFor.
require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');
const { loadLazyViews } = require('../shared/src/ui/lazyView');

// A view's parts that load lazily inside it (a profile's forms, a desk's first answers through the
// real client and a transition) take longer than Testing Library's default second on a busy
// machine: every findBy/waitFor waits up to five.
configure({ asyncUtilTimeout: 5000 });
// Room for several of those in one test: the 15 s jest.config.js asks for (a project's
// `testTimeout` is ignored by jest, a global option; else a test gets jest's default 5 s, which a
// test sharing its core with the second jest worker and the rest of a busy machine can pass).
jest.setTimeout(15_000);

beforeAll(() => loadLazyViews(), 60_000);
