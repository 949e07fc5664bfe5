import * as React from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient, AppStore, ShellServices, SiteSettings } from '@dating/shared';
import type { ModalStore } from './modal/modalStore';
import type { PopoverStore } from './popover/popoverStore';
import type { Push } from './push/push';
import type { Session } from './session/session';
import type { ShellStorage } from './storage/storage';
import type { ServiceWorkerControl } from './sw/serviceWorker';
import type { ToastStore } from './toast/toastStore';
import type { FragmentStore } from './fragment/fragmentStore';

/** What the shell's own components share; remotes get the typed RemoteProps instead. */
export interface ShellContextValue {
  api: ApiClient;
  store: AppStore;
  /** The page's one query cache, handed to every remote (RemoteProps.queryClient). */
  queryClient: QueryClient;
  settings: SiteSettings;
  session: Session;
  /** The services remotes get through the contract (one object for the page). */
  services: ShellServices;
  toasts: ToastStore;
  modals: ModalStore;
  popovers: PopoverStore;
  /** Fragments remotes mounted through services.fragment (rendered by FragmentPortals). */
  fragments: FragmentStore;
  push: Push | null;
  storage: ShellStorage;
  /** The service worker, when one is registered (production builds with SW support). */
  sw: ServiceWorkerControl | null;
  /** The site settings came from this browser's copy because the API was unreachable. */
  offline: boolean;
}

export const ShellContext = React.createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = React.useContext(ShellContext);
  if (!value) throw new Error('useShell() outside the shell');
  return value;
}
