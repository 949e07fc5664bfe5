/**
 * @jest-environment jsdom
 */
import { renderToString } from 'react-dom/server';
import { FormattedMessage } from 'react-intl';
import { createStore } from '../src/atoms';
import { createQueryClient } from '../src/query';
import type { Locale } from '../src/locales';
import { createRemoteMount, preloadRemoteCatalog, RemoteRoot, useRemote, type RemoteDefinition, type RemoteLifecycles, type RemoteProps } from '../src/mount';
import { mockServices } from '../src/testing';

function Greeting() {
  const { params } = useRemote();
  return (
    <form aria-label="Hello">
      <h1>
        <FormattedMessage id="greeting" defaultMessage="Hello {name}" values={{ name: params.name }} />
      </h1>
      <input aria-label="Name" name="name" />
    </form>
  );
}

const definition = {
  name: 'mf_test',
  views: { greeting: Greeting },
  loadMessages: async (l: Locale): Promise<Record<string, string>> => (l === 'de' ? { greeting: 'Hallo {name}' } : {}),
};

function props(): RemoteProps {
  return {
    view: 'greeting', routeName: 'index', params: { name: 'Ada' }, query: {}, hash: '',
    store: createStore(), api: {} as RemoteProps['api'], queryClient: createQueryClient({ retry: false }), navigate: jest.fn(), href: () => '/',
    locale: 'de', flags: {} as RemoteProps['flags'], settings: {} as RemoteProps['settings'],
    services: mockServices(), reportError: jest.fn(), notFound: jest.fn(),
  };
}

describe("a remote's view rendered on the server", () => {
  test('is hydrated by its parcel: the same elements stay, with what was typed, and nothing is reported', async () => {
    // As the server renders it (shell/src/serverRender.tsx): the catalog first, then RemoteRoot.
    await preloadRemoteCatalog(definition, 'de');
    const html = renderToString(<RemoteRoot definition={definition} props={props()} />);
    expect(html).toContain('Hallo Ada');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const heading = container.querySelector('h1');
    container.querySelector('input')!.value = 'typed before hydration';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const lifecycles = createRemoteMount(definition as unknown as RemoteDefinition<'mf_search'>) as RemoteLifecycles;
    const parcelProps = { ...props(), name: 'mf_test', domElement: container } as unknown as Parameters<typeof lifecycles.mount>[0];
    await lifecycles.bootstrap(parcelProps);
    await lifecycles.mount(parcelProps);
    // Hydrated, not rendered anew: the server's nodes are React's now.
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Hallo Ada');
    expect(container.querySelector('input')!.value).toBe('typed before hydration');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    await lifecycles.unmount(parcelProps);
  });
});
