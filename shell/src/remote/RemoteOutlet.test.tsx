import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createRemoteMount, useRemote, type RemoteDefinition, type RemoteLifecycles } from '@dating/shared';
import { testShell } from '../testing/testShell';
import { ShellContext } from '../context';
import { loadExposed, REMOTE_STILL_LOADING_MS } from '../federation/remotes';
import { RemoteOutlet } from './RemoteOutlet';

jest.mock('../federation/remotes', () => ({ ...jest.requireActual('../federation/remotes'), loadExposed: jest.fn() }));
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

let mounts = 0;
function Page() {
  const { params } = useRemote();
  // Counts the view's mounts (a remount runs it again; a props update does not).
  React.useEffect(() => void mounts++, []);
  return <h1>Page {params.id}</h1>;
}
function Boom(): never {
  throw new Error('view exploded');
}
// A test remote with views of its own: outside the route table, so the view map is cast.
const lifecycles = createRemoteMount({
  name: 'mf_test',
  views: { page: Page, boom: Boom },
  loadMessages: async () => ({}),
} as unknown as RemoteDefinition<'mf_search'>) as RemoteLifecycles;

function renderOutlet(view: string, params: Record<string, string> = { id: '1' }) {
  const shell = testShell();
  const ui = (p: Record<string, string>, v: string) => (
    <ShellContext.Provider value={shell}>
      <IntlProvider locale="en" defaultLocale="en">
        <RemoteOutlet remote="mf_search" view={v} routeName="members-memberId" params={p} search="" hash="" />
      </IntlProvider>
    </ShellContext.Provider>
  );
  let current = { params, view };
  const router = createMemoryRouter([{ path: '*', element: ui(current.params, current.view) }]);
  const result = render(<RouterProvider router={router} />);
  return {
    ...result,
    update(p: Record<string, string>) {
      current = { params: p, view };
      const next = createMemoryRouter([{ path: '*', element: ui(p, view) }]);
      result.rerender(<RouterProvider router={next} />);
    },
  };
}

beforeEach(() => {
  load.mockReset();
  mounts = 0;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a remote in the content area', () => {
  it('shows a loading state, then the remote view', async () => {
    load.mockResolvedValue(lifecycles);
    renderOutlet('page');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'Page 1' })).toBeInTheDocument();
  });

  it('that is slow says so after 3 s, while its skeleton holds the place', async () => {
    jest.useFakeTimers();
    try {
      load.mockReturnValue(new Promise(() => {}));
      const { container } = renderOutlet('page');
      expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(REMOTE_STILL_LOADING_MS - 1));
      expect(screen.getByRole('status')).toHaveTextContent('Loading…');
      expect(screen.queryByText(/Still loading/)).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('status')).toHaveTextContent('Still loading… this part of the page is taking longer than usual.');
      expect(screen.getByRole('status')).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });

  it('that cannot load shows a fallback with Retry, and Retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('manifest unreachable')).mockResolvedValue(lifecycles);
    renderOutlet('page');
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded');
    // In place of the view, it is the page's main heading.
    expect(screen.getByRole('heading', { level: 1, name: 'This part of the page could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Page 1' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1]).toEqual(['mf_search', 'mount', { fresh: true }]);
  });

  it('whose view throws shows the same fallback instead of breaking the page', async () => {
    load.mockResolvedValue(lifecycles);
    renderOutlet('boom');
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('whose catalog cannot be loaded shows the fallback, not an English view; Retry loads it', async () => {
    let catalogUp = false;
    const flaky = createRemoteMount({
      name: 'mf_test',
      views: { page: Page },
      loadMessages: async () => {
        if (!catalogUp) throw new Error('ChunkLoadError: Loading chunk i18n_de failed');
        return {};
      },
    } as unknown as RemoteDefinition<'mf_search'>) as RemoteLifecycles;
    load.mockResolvedValue(flaky);
    renderOutlet('page');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This part of the page could not be loaded');
    expect(screen.queryByRole('heading', { name: 'Page 1' })).not.toBeInTheDocument();
    catalogUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Page 1' })).toBeInTheDocument();
  });

  it('gets new route params as a props update, without remounting', async () => {
    load.mockResolvedValue(lifecycles);
    const view = renderOutlet('page', { id: '1' });
    const first = await screen.findByRole('heading', { name: 'Page 1' });
    await act(async () => view.update({ id: '2' }));
    expect(await screen.findByRole('heading', { name: 'Page 2' })).toBe(first);
    expect(mounts).toBe(1);
  });
});
