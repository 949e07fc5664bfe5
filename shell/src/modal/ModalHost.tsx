import * as React from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { MODAL_BASE_Z_INDEX } from '@dating/shared';
import { ModalBody } from '@dating/shared/ui';
import { ShellContext } from '../context';
import { type ModalStore, type OpenModal } from './modalStore';
import styles from './modal.module.css';

/** Labels of the standard actions (OptionsAction.labelId), written out for extraction. */
const ACTION_LABELS = defineMessages({
  'dialog.close': { id: 'dialog.close', defaultMessage: 'Close' },
  'dialog.ok': { id: 'dialog.ok', defaultMessage: 'OK' },
  'dialog.cancel': { id: 'dialog.cancel', defaultMessage: 'Cancel' },
});

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The page behind the modals: made inert while one is open, so nothing there takes focus. */
const FRAME_SELECTOR = '[data-shell-frame]';

function Dialog({ modal, top, depth, store, navigate }: { modal: OpenModal; top: boolean; depth: number; store: ModalStore; navigate(path: string): void }) {
  const intl = useIntl();
  // Fragment blocks (another remote's UI in the modal) mount through the page's fragment service.
  const fragments = React.useContext(ShellContext)?.services.fragment;
  const ref = React.useRef<HTMLDivElement>(null);
  const titleId = `modal-title-${modal.id}`;
  const bodyId = `modal-body-${modal.id}`;
  const { options } = modal;
  const dismissible = options.dismissible !== false;
  const close = (result: string | null) => store.close(modal.id, result);

  // Focus moves into the dialog when it opens and goes back where it was when it closes.
  React.useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const buttons = Array.from(el?.querySelectorAll<HTMLButtonElement>('[data-action]') ?? []);
    const first = buttons.find((b) => b.dataset.variant !== 'danger') ?? buttons[0];
    (first ?? el)?.focus();
    return () => {
      requestAnimationFrame(() => {
        if (returnTo && returnTo.isConnected && !returnTo.closest('[inert]')) returnTo.focus();
        else document.getElementById('content')?.focus();
      });
    };
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!top) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (dismissible) close(null);
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((x) => !x.closest('[inert]'));
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const onLink = (e: React.MouseEvent<HTMLAnchorElement>) => {
    const url = new URL(e.currentTarget.href, location.href);
    if (url.origin !== location.origin || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    close(null);
    navigate(url.pathname + url.search + url.hash);
  };

  return (
    <div className={styles.layer} style={{ zIndex: MODAL_BASE_Z_INDEX + depth * 2 }} inert={!top || undefined}>
      <div className={styles.backdrop} onClick={() => dismissible && top && close(null)} aria-hidden="true" />
      {/* Escape and the Tab trap belong to the dialog itself (WAI-ARIA modal dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[options.size ?? 'md'] ?? ''}`}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>{options.title}</h2>
          {dismissible ? (
            <button
              type="button"
              className={styles.x}
              onClick={() => close(null)}
              aria-label={intl.formatMessage({ id: 'dialog.close', defaultMessage: 'Close' })}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div id={bodyId} className={styles.body}>
          <ModalBody body={options.body} onLink={onLink} fragments={fragments} classNames={{ paragraph: styles.paragraph, heading: styles.subheading, photos: styles.photos, photo: styles.photo }} />
        </div>
        <div className={styles.actions}>
          {options.actions.map((a) => (
            <button
              key={a.id}
              type="button"
              data-action={a.id}
              data-variant={a.variant ?? 'secondary'}
              className={`${styles.button} ${styles[a.variant ?? 'secondary'] ?? ''}`}
              onClick={() => close(a.id)}
            >
              {a.label ?? intl.formatMessage(ACTION_LABELS[a.labelId ?? 'dialog.close'])}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Renders the open modals; the page behind them is inert and does not scroll. */
export function ModalHost({ store, navigate }: { store: ModalStore; navigate(path: string): void }) {
  const stack = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const open = stack.length > 0;
  React.useEffect(() => {
    if (!open) return;
    const frames = Array.from(document.querySelectorAll<HTMLElement>(FRAME_SELECTOR));
    frames.forEach((f) => f.setAttribute('inert', ''));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      frames.forEach((f) => f.removeAttribute('inert'));
      document.body.style.overflow = overflow;
    };
  }, [open]);
  return (
    <>
      {stack.map((m, i) => (
        <Dialog key={m.id} modal={m} top={i === stack.length - 1} depth={i} store={store} navigate={navigate} />
      ))}
    </>
  );
}
