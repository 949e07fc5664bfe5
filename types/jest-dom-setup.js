// Component tests (jsdom): jest-dom's matchers, and the views remotes load with their route
// (lazyView in @dating/shared/ui) loaded before each file's tests, as the file's imports loaded them
// when they were static: a cold run (CI, no transform cache) compiles a view's modules then, not
// inside a test's first one-second findBy/waitFor.
require('@testing-library/jest-dom');
const { loadLazyViews } = require('../shared/src/ui/lazyView');

beforeAll(() => loadLazyViews(), 60_000);
