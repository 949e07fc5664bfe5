import * as React from 'react';
import { act, render } from '@testing-library/react';
import type { RemoteLifecycles, RemoteProps } from '@dating/shared';
import { useHydratingParcel } from './hydratingParcel';

/** A view's lifecycles whose mount finishes when the test says (a remote still loading its catalog, hydrating). */
function heldLifecycles() {
  let finishMount!: () => void;
  const update = jest.fn(async (_props: RemoteProps) => {});
  const lifecycles = {
    bootstrap: async () => {},
    mount: () => new Promise<void>((resolve) => (finishMount = resolve)),
    unmount: async () => {},
    update,
  } as unknown as RemoteLifecycles;
  return { lifecycles, update, finishMount: () => finishMount() };
}

function Host({ lifecycles, locale, mounted }: { lifecycles: RemoteLifecycles; locale: string; mounted: () => void }) {
  const slot = React.useRef<HTMLDivElement>(null);
  const props = React.useMemo(() => ({ locale }) as unknown as RemoteProps, [locale]);
  useHydratingParcel(lifecycles, slot, props, () => {}, mounted);
  return <div ref={slot} />;
}

describe('a parcel mounted into server markup', () => {
  it('gets the props that changed while it mounted (a language switched meanwhile) once it has mounted', async () => {
    const { lifecycles, update, finishMount } = heldLifecycles();
    const mounted = jest.fn();
    const { rerender } = render(<Host lifecycles={lifecycles} locale="en" mounted={mounted} />);
    await act(async () => {});
    rerender(<Host lifecycles={lifecycles} locale="de" mounted={mounted} />);
    await act(async () => {});
    expect(update).not.toHaveBeenCalled();
    await act(async () => finishMount());
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]![0]).toMatchObject({ locale: 'de' });
  });

  it('is not updated after mounting when nothing changed meanwhile', async () => {
    const { lifecycles, update, finishMount } = heldLifecycles();
    const mounted = jest.fn();
    render(<Host lifecycles={lifecycles} locale="en" mounted={mounted} />);
    await act(async () => {});
    await act(async () => finishMount());
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(update).not.toHaveBeenCalled();
  });
});
