// The phone the page benchmarks load pages on: Lighthouse's mobile throttling (CPU 4× slower, Slow 4G),
// applied through the DevTools protocol, with the browser's cache off so every load fetches everything.

export const CPU_SLOWDOWN = 4;
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** Throttles `page` as that phone; answers its DevTools session (network events are enabled). */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}
