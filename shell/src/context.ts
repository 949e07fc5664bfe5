import * as React from 'react';
import type { ApiClient, AppStore, SiteSettings } from '@dating/shared';
import type { Session } from './session/session';

/** What the shell's own components share; remotes get the typed RemoteProps instead. */
export interface ShellContextValue {
  api: ApiClient;
  store: AppStore;
  settings: SiteSettings;
  session: Session;
}

export const ShellContext = React.createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = React.useContext(ShellContext);
  if (!value) throw new Error('useShell() outside the shell');
  return value;
}
