// The monolith build has no federation runtime to retry (rspack.base.js, MONOLITH=1).
export function RetryPlugin() {
  return { name: 'retry-plugin' };
}
