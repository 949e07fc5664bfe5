import type { FragmentService, FragmentSpec } from '@dating/shared';

export interface FragmentEntry {
  id: number;
  container: HTMLElement;
  spec: FragmentSpec;
  /**
   * The element holding the fragment's markup from the server (a public page rendered in Node,
   * shell/src/serverRender.tsx), which the fragment hydrates; null: mounted anew.
   */
  server: HTMLElement | null;
}

/** The fragment's own element in server markup of a container (`section[data-fragment] > div`). */
export function serverMarkupOf(container: HTMLElement): HTMLElement | null {
  const section = container.firstElementChild;
  return section?.matches('section[data-fragment]') && section.firstElementChild instanceof HTMLElement ? section.firstElementChild : null;
}

/**
 * Fragments remotes asked for (services.fragment.mount): FragmentPortals renders each one into its
 * container, inside the shell's own tree, so it gets the shell's router, catalog and fallback.
 */
export function createFragmentStore() {
  let entries: FragmentEntry[] = [];
  let next = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  const service: FragmentService = {
    mount(container, spec) {
      const id = ++next;
      entries = [...entries, { id, container, spec, server: serverMarkupOf(container) }];
      emit();
      return {
        update(nextSpec) {
          entries = entries.map((e) => (e.id === id ? { ...e, spec: nextSpec } : e));
          emit();
        },
        unmount() {
          // The server's markup goes with its fragment: whatever the container holds next (the
          // members grid once a visitor on the 404 page has logged in) is mounted anew into it.
          const server = entries.find((e) => e.id === id)?.server;
          if (server?.parentElement?.parentElement === container) server.parentElement.remove();
          entries = entries.filter((e) => e.id !== id);
          emit();
        },
      };
    },
  };
  return {
    service,
    get: () => entries,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type FragmentStore = ReturnType<typeof createFragmentStore>;
