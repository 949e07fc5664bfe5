import * as React from 'react';
import type { RemoteName } from '@dating/shared';

/**
 * A remote's view rendered on the server (shell/src/server.tsx): the markup the route's outlet
 * holds. On the server it comes through this context; in the browser the page says which remote's
 * markup it holds (the start state's `rendered`), and the first outlet of that remote takes it over
 * (hydration) instead of showing a skeleton.
 */
export const ServerOutletContext = React.createContext<{ remote: RemoteName; html: string } | null>(null);

let rendered: RemoteName | null = null;

/** Bootstrap: the page holds the server's markup of this remote's view. */
export function setServerRendered(remote: RemoteName | null): void {
  rendered = remote;
}

/** Whether an outlet of `remote` holds the server's markup (true once: the page's first outlet). */
export function claimServerMarkup(remote: RemoteName): boolean {
  if (rendered !== remote) return false;
  rendered = null;
  return true;
}
