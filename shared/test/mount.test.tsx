import { act, render, screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { createStore } from '../src/atoms';
import { createQueryClient } from '../src/query';
import type { Locale } from '../src/locales';
import { CATALOG_RETRIES, CATALOG_RETRY_DELAY_MS, CatalogError, RemoteRoot, useRemote, type RemoteProps } from '../src/mount';
import { mockServices } from '../src/testing';

const catalogs: Record<string, Record<string, string>> = {
  en: { 'greeting': 'Hello {name}' },
  de: { 'greeting': 'Hallo {name}' },
};

function Greeting() {
  const { params } = useRemote();
  return (
    <>
      <h1><FormattedMessage id="greeting" defaultMessage="Hello {name}" values={{ name: params.name }} /></h1>
      <button type="button"><FormattedMessage id="ui.retry" defaultMessage="Try again" /></button>
    </>
  );
}
function Broken(): never {
  throw new Error('view exploded');
}

const definition = {
  name: 'mf_test',
  views: { greeting: Greeting, broken: Broken },
  loadMessages: async (l: Locale) => catalogs[l] ?? {},
  build: 'v9',
};

function props(overrides: Partial<RemoteProps> = {}): RemoteProps {
  return {
    view: 'greeting', routeName: 'index', params: { name: 'Ada' }, query: {}, hash: '',
    store: createStore(), api: {} as RemoteProps['api'], queryClient: createQueryClient({ retry: false }), navigate: jest.fn(), href: () => '/',
    locale: 'en', flags: {} as RemoteProps['flags'], settings: {} as RemoteProps['settings'],
    services: mockServices(), reportError: jest.fn(), notFound: jest.fn(), ...overrides,
  };
}

describe('the mount contract', () => {
  it('renders the named view in the active locale with the route params', async () => {
    render(<RemoteRoot definition={definition} props={props()} />);
    expect(await screen.findByRole('heading', { name: 'Hello Ada' })).toBeInTheDocument();
  });

  it("gives every view the UI kit's words in the active locale, under the remote's own", async () => {
    render(<RemoteRoot definition={definition} props={props({ locale: 'de' })} />);
    expect(await screen.findByRole('heading', { name: 'Hallo Ada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it('re-renders in a new locale without remounting the view', async () => {
    const p = props();
    const { rerender } = render(<RemoteRoot definition={definition} props={p} />);
    const heading = await screen.findByRole('heading', { name: 'Hello Ada' });
    rerender(<RemoteRoot definition={definition} props={{ ...p, locale: 'de' }} />);
    expect(await screen.findByRole('heading', { name: 'Hallo Ada' })).toBe(heading);
  });

  it('marks the view with its remote and build label', async () => {
    const { container } = render(<RemoteRoot definition={definition} props={props()} />);
    await screen.findByRole('heading');
    const el = container.querySelector('[data-remote="mf_test"]');
    expect(el?.getAttribute('data-build')).toBe('v9');
  });

  it('tells the shell when a view throws, instead of breaking the page', async () => {
    const reportError = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(<RemoteRoot definition={definition} props={props({ view: 'broken', reportError })} />);
    });
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'view exploded' }));
  });

  it('reports an unknown view name', async () => {
    const reportError = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      render(<RemoteRoot definition={definition} props={props({ view: 'nope', reportError })} />);
    });
    expect(reportError.mock.calls[0][0].message).toMatch(/no view "nope"/);
  });
});

describe("a remote's catalog chunk", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('that fails once is fetched again, and the view speaks the locale', async () => {
    const loadMessages = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(catalogs.de);
    render(<RemoteRoot definition={{ ...definition, loadMessages }} props={props({ locale: 'de' })} />);
    await act(async () => jest.advanceTimersByTimeAsync(CATALOG_RETRY_DELAY_MS));
    expect(screen.getByRole('heading', { name: 'Hallo Ada' })).toBeInTheDocument();
    expect(loadMessages).toHaveBeenCalledTimes(2);
  });

  it('that keeps failing is reported to the shell, not replaced by English', async () => {
    const loadMessages = jest.fn().mockRejectedValue(new Error('ChunkLoadError'));
    const reportError = jest.fn();
    render(<RemoteRoot definition={{ ...definition, loadMessages }} props={props({ locale: 'de', reportError })} />);
    await act(async () => jest.advanceTimersByTimeAsync(CATALOG_RETRY_DELAY_MS * 10));
    expect(loadMessages).toHaveBeenCalledTimes(1 + CATALOG_RETRIES);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0][0]).toBeInstanceOf(CatalogError);
    expect(reportError.mock.calls[0][0].locale).toBe('de');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
