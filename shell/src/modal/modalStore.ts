import { type ModalAction, type ModalOptions, type ModalService } from '@dating/shared';

/** An action whose label the host localizes (alert's OK, confirm's Cancel) when none is given. */
export interface ModalButton extends Omit<ModalAction, 'label'> {
  label?: string;
  labelId?: 'dialog.ok' | 'dialog.cancel' | 'dialog.close';
}

export interface OpenModal {
  id: number;
  options: Omit<ModalOptions, 'actions'> & { actions: ModalButton[] };
  resolve(result: string | null): void;
}

/**
 * Open modals, outside React so that every remote calls the same service. The last opened is on
 * top; each resolves exactly once, with the chosen action's id or null when dismissed.
 */
export function createModalStore() {
  let stack: OpenModal[] = [];
  const listeners = new Set<() => void>();
  let nextId = 1;
  const emit = () => listeners.forEach((l) => l());

  function push(options: OpenModal['options']): Promise<string | null> {
    return new Promise((resolve) => {
      const id = nextId++;
      stack = [...stack, { id, options, resolve }];
      emit();
    });
  }

  function close(id: number, result: string | null) {
    const modal = stack.find((m) => m.id === id);
    if (!modal) return;
    stack = stack.filter((m) => m.id !== id);
    modal.resolve(result);
    emit();
  }

  const service: ModalService = {
    open: (options) =>
      push({
        ...options,
        actions: options.actions?.length ? options.actions : [{ id: 'close', labelId: 'dialog.close', variant: 'primary' }],
      }),
    alert: async ({ title, message }) => {
      await push({ title, body: message, actions: [{ id: 'ok', labelId: 'dialog.ok', variant: 'primary' }] });
    },
    confirm: async ({ title, message, confirmLabel, cancelLabel, danger }) =>
      (await push({
        title,
        body: message,
        actions: [
          { id: 'confirm', label: confirmLabel, labelId: 'dialog.ok', variant: danger ? 'danger' : 'primary' },
          { id: 'cancel', label: cancelLabel, labelId: 'dialog.cancel', variant: 'secondary' },
        ],
      })) === 'confirm',
  };

  return {
    service,
    close,
    getSnapshot: () => stack,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ModalStore = ReturnType<typeof createModalStore>;
