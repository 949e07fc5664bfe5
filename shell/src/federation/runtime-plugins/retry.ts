// The federation runtime retries what it fetches for a remote before the shell hears of a
// failure: the manifest (mf-manifest.json), the remote entry (remoteEntry.js) and the chunks of an
// exposed module. One retry each keeps a remote that hangs within the shell's load budget
// (REMOTE_LOAD_BUDGET_MS): the member sees the fallback with Retry after at most 10 s. A request
// that hangs is left to the budget; Retry re-registers the remote (remotes.ts), which drops the
// runtime's pending manifest load, so it asks the server anew.
import { RetryPlugin } from '@module-federation/retry-plugin';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_RETRIES, REMOTE_RETRY_DELAY_MS } from '@dating/shared';

export { REMOTE_RETRIES };

export function retryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: REMOTE_RETRIES },
    script: { retryTimes: REMOTE_RETRIES, retryDelay: REMOTE_RETRY_DELAY_MS },
  }) as ModuleFederationRuntimePlugin;
}
