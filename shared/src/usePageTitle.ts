import * as React from 'react';
import { useSetAtom } from 'jotai';
import { pageTitleAtom } from './atoms';

/** Names this page in the browser's title ("Miguel, 31 – Amora") while the view is shown. */
export function usePageTitle(title: string | undefined): void {
  const set = useSetAtom(pageTitleAtom);
  React.useEffect(() => {
    if (!title) return;
    const path = window.location.pathname;
    set({ path, title });
    return () => set((cur) => (cur?.path === path && cur.title === title ? null : cur));
  }, [title, set]);
}
