import type { ShellServices } from '@dating/shared';
import { createModalStore } from '../modal/modalStore';
import { createPopoverStore } from '../popover/popoverStore';
import type { Push } from '../push/push';
import type { ShellStorage } from '../storage/storage';
import { createToastStore } from '../toast/toastStore';
import { createFragmentStore } from '../fragment/fragmentStore';

const NO_PUSH: ShellServices['push'] = { state: () => 'unsupported', subscribe: async () => 'unsupported' };

/** The shell's services as one object: the same instance for the shell and every remote. */
export function createShellServices(storage: ShellStorage, push: Push | null) {
  const toasts = createToastStore();
  const modals = createModalStore();
  const popovers = createPopoverStore();
  const fragments = createFragmentStore();
  const services: ShellServices = {
    toast: (options) => void toasts.show(options),
    modal: modals.service,
    popover: popovers.attach,
    push: push?.service ?? NO_PUSH,
    storage: { get: storage.get, set: storage.set, remove: storage.remove },
    fragment: fragments.service,
  };
  return { services, toasts, modals, popovers, fragments };
}
