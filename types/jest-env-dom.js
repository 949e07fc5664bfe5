// jsdom, plus the fetch-era globals of Node (Request, Response, Headers, fetch, AbortController,
// TextEncoder, streams) that react-router's data router and the API client use.
const { TestEnvironment } = require('jest-environment-jsdom');

class DomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'AbortController', 'AbortSignal',
      'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream', 'structuredClone',
    ]) {
      if (globalThis[name]) this.global[name] = globalThis[name];
    }
  }
}

module.exports = DomWithFetch;
