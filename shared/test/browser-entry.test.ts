// The contract as the browser builds take it (rspack.base.js aliases `@dating/shared` to
// src/browser.ts) is the singleton of every page's start-up: it must not bring zod or the schemas,
// which load with the first API call (~30 kB brotli, scripts/budgets.mjs).

describe('the contract at start-up (shared/src/browser.ts)', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('zod');
  });

  it('loads without zod', () => {
    jest.isolateModules(() => {
      jest.doMock('zod', () => {
        throw new Error('zod was imported at start-up');
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const contract = require('../src/browser') as typeof import('../src/browser');
      expect(typeof contract.createApiClient).toBe('function');
      expect(typeof contract.parseClientState).toBe('function');
      expect(contract).not.toHaveProperty('UserResponseSchema');
    });
  });

  it('offers what ./index.ts offers but the schemas', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const all = Object.keys(require('../src/index') as object);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const schemas = new Set(Object.keys(require('../src/schemas') as object));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const browser = new Set(Object.keys(require('../src/browser') as object));
    const missing = all.filter((name) => !browser.has(name) && !schemas.has(name));
    expect(missing).toEqual([]);
  });
});
