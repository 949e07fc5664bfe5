// The federation runtime retries what it fetches for a remote before the shell hears of a
// failure: the manifest (mf-manifest.json), the remote entry (remoteEntry.js) and the chunks of an
// exposed module. One retry each keeps a remote that hangs within the shell's load budget
// (REMOTE_LOAD_BUDGET_MS): the member sees the fallback with Retry after at most 10 s.
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Extra tries after a failed manifest, entry or chunk request. */
export const REMOTE_RETRIES = 1;
/** Pause before retrying a remote entry or a chunk (the manifest retry waits the plugin's 1 s). */
export const REMOTE_RETRY_DELAY_MS = 500;
/**
 * A manifest request that hangs is cut off after this long (its retry then fails at once), so that
 * it has failed before the 10 s budget ends and a Retry after the fallback asks the server anew
 * instead of waiting on the runtime's pending request.
 */
export const MANIFEST_TIMEOUT_MS = 8_000;

export function retryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: {
      retryTimes: REMOTE_RETRIES,
      // The plugin spreads these options into each manifest request: a fresh deadline each time.
      options: {
        get signal() {
          return AbortSignal.timeout(MANIFEST_TIMEOUT_MS);
        },
      },
    },
    script: { retryTimes: REMOTE_RETRIES, retryDelay: REMOTE_RETRY_DELAY_MS },
  }) as ModuleFederationRuntimePlugin;
}
