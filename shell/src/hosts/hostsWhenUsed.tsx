import * as React from 'react';
import type { ModalStore } from '../modal/modalStore';
import type { PopoverStore } from '../popover/popoverStore';

// The modal and popover hosts draw nothing until a modal opens or a popover shows: their code is a
// chunk of its own each, loaded with the first modal or popover, not part of any route's start-up
// JavaScript (the budgets, scripts/budgets.mjs). Once loaded they stay mounted. The service worker
// precaches the shell's chunks, so a modal opens offline too.
const ModalHost = React.lazy(() => import(/* webpackChunkName: "modal-host" */ '../modal/ModalHost').then((m) => ({ default: m.ModalHost })));
const PopoverHost = React.lazy(() => import(/* webpackChunkName: "popover-host" */ '../popover/PopoverHost').then((m) => ({ default: m.PopoverHost })));

/** Becomes true, for good, the first time the store has something to show. */
function useUsed<T>(store: { subscribe(listener: () => void): () => void; getSnapshot(): T }, shows: (snapshot: T) => boolean): boolean {
  const snapshot = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const [used, setUsed] = React.useState(false);
  if (!used && shows(snapshot)) setUsed(true);
  return used || shows(snapshot);
}

/** The open modals (modal/ModalHost), from the first one on. */
export function ModalHostWhenUsed({ store, navigate }: { store: ModalStore; navigate(path: string): void }) {
  if (!useUsed(store, (stack) => stack.length > 0)) return null;
  return (
    <React.Suspense fallback={null}>
      <ModalHost store={store} navigate={navigate} />
    </React.Suspense>
  );
}

/** The visible tooltip or popover (popover/PopoverHost), from the first one on. */
export function PopoverHostWhenUsed({ store }: { store: PopoverStore }) {
  if (!useUsed(store, (active) => active !== null)) return null;
  return (
    <React.Suspense fallback={null}>
      <PopoverHost store={store} />
    </React.Suspense>
  );
}
