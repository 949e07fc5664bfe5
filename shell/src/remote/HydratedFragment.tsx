// Off the start-up path: loaded (React.lazy in FragmentPortals) only on a page whose fragments came
// rendered from the server.
import * as React from 'react';
import type { FragmentProps } from '@dating/shared';
import type { FragmentOutletProps } from './FragmentOutlet';
import { useHydratingParcel } from './hydratingParcel';
import { useExposed, useShellProps } from './shellProps';

/**
 * A fragment whose markup came from the server (a public page rendered in Node): its parcel
 * hydrates that markup in place (`element`, inside the server's `section`), so the form on screen is
 * never replaced (no layout shift; what was typed stays). Renders nothing itself. The section's
 * `data-mounting` goes when the fragment has mounted (or could not load: the markup stays); its
 * `aria-label` follows `label`.
 */
export default function HydratedFragment({ remote, expose, options, label, element }: FragmentOutletProps & { element: HTMLElement }) {
  const { state, fail } = useExposed(remote, expose);
  const base = useShellProps(fail);
  const props: FragmentProps = React.useMemo(() => ({ ...base, options }), [base, options]);
  const slot = React.useMemo(() => ({ current: element }), [element]);
  const mounted = React.useCallback(() => element.parentElement?.removeAttribute('data-mounting'), [element]);
  useHydratingParcel(state.status === 'ready' ? state.lifecycles : null, slot, props, fail, mounted);
  // The section is the server's markup, not React's: its name follows the host's (a language switch).
  React.useLayoutEffect(() => {
    element.parentElement?.setAttribute('aria-label', label);
  }, [element, label]);
  React.useEffect(() => {
    if (state.status === 'error') mounted();
  }, [state.status, mounted]);
  return null;
}
