// The shell's federation runtime plugins, registered once at start-up (bootstrap.tsx) on the
// runtime instance the shell provides to every remote.
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { retryPlugin } from './retry';

export function installRuntimePlugins(): void {
  registerPlugins([retryPlugin()]);
}
