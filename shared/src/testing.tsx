// Test helpers for remotes (`@dating/shared/testing`, jest only): fixtures that parse with the
// contract's schemas and renderRemoteView, which renders a view through the real RemoteRoot with
// the props the shell would pass (a real jotai store, an API of jest functions, navigate and href).
import * as React from 'react';
import { render } from '@testing-library/react';
import { createApiClient, type ApiClient } from './api/client';
import { connectQueryCache, createStore } from './atoms';
import { createQueryClient, queryKeys } from './query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatListItem, LikesResponse } from './schemas/social';
import { RemoteRoot, type FragmentSpec, type MountDefinition, type RemoteProps, type ShellServices } from './mount';
import type { ClientState } from './clientState';
import type { NavTarget } from './routes';
import { ALL_FEATURES_ON, type SiteSettings } from './schemas/site';
import type { PublicProfile, User } from './schemas/user';

export function siteSettings(overrides: { settings?: Partial<SiteSettings['settings']>; company?: Partial<SiteSettings['company']> } = {}): SiteSettings {
  return {
    settings: {
      name: 'testsite',
      signups: 'all',
      domain_language: 'en',
      languages: ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'],
      region_data: {},
      countries: ['NL', 'BE'],
      geoip_selected_country: 'NL',
      geoip_country: 'NL',
      visible_profile_fields: [],
      visible_profile_notes: true,
      search_fields: [],
      minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } },
      push_pub: null,
      cdn_prefix: '',
      member_resell: [],
      logged_out_search: false,
      logged_out_search_trafficsource: false,
      fictional_icon: false,
      ...overrides.settings,
    },
    flags: { templateName: 'default', ...ALL_FEATURES_ON },
    theme: {
      brandName: 'Test Dating',
      tagline: 'Meet people',
      logoText: 'TD',
      primaryColor: '#b0245a',
      accentColor: '#333333',
      backgroundColor: '#ffffff',
      textColor: '#1b1b1f',
    },
    company: {
      name: 'Example Media B.V.',
      address: 'Keizersgracht 1',
      kvk: '12345678',
      city: 'Amsterdam',
      country: 'NL',
      tradenames: [],
      vat_numbers: [],
      support_phone: '+31 20 123 4567',
      support_email: 'support@example.com',
      delete_discount: null,
      ...overrides.company,
    },
  };
}

export function member(overrides: Partial<User> = {}): User {
  return {
    email: 'anna@example.com',
    profile: {
      id: 7,
      name: 'Anna',
      age: 31,
      gender: 'female',
      city: 'Utrecht',
      country: 'NL',
      countryregion: null,
      language: 'nl',
      date_of_birth: '1994-05-01',
      main_image: null,
      images: [],
      personal: '',
    },
    mailprovider: 1,
    paid_user: false,
    signup_date: '2024-01-01',
    fictional_icon: false,
    credits: 0,
    ...overrides,
  };
}

export type MockApi = { [K in keyof ApiClient]: jest.Mock };

/**
 * An API whose every method (the same names as the real client's) is a jest function; tests give
 * the answers the real API would. A call nobody prepared rejects, so a test notices it.
 */
export function mockApi(): MockApi {
  const real = createApiClient({ packageName: 'test', fetch: () => Promise.reject(new Error('no network in tests')) });
  const api = Object.fromEntries(
    Object.keys(real).map((k) => [k, jest.fn().mockRejectedValue(new Error(`api.${k} was not prepared by the test`))]),
  ) as MockApi;
  api.getUser.mockResolvedValue({ user: null });
  api.logout.mockResolvedValue('done');
  // The faces on a visitor's home: none unless a test gives some.
  api.homeFaces.mockResolvedValue({ members: [] });
  // The member's protection from site-run profiles (/profile): off unless a test says otherwise.
  api.siteRunProtection.mockResolvedValue({ by_member: false, by_support: false });
  // A URL, not a call: the real one (the browser follows it).
  api.dataExportUrl.mockImplementation(real.dataExportUrl);
  return api;
}

export interface MockServices extends ShellServices {
  toast: jest.Mock;
  modal: { open: jest.Mock; alert: jest.Mock; confirm: jest.Mock };
  popover: jest.Mock;
  push: { state: jest.Mock; subscribe: jest.Mock };
  storage: { get: jest.Mock; set: jest.Mock; remove: jest.Mock };
  fragment: { mount: jest.Mock };
}

/**
 * The shell services as jest functions: modals resolve as dismissed (null, false), push is
 * unsupported, storage is an in-memory record (readable with `services.storage.get`).
 */
export function mockServices(): MockServices {
  const stored: ClientState = {};
  return {
    toast: jest.fn(),
    modal: {
      open: jest.fn().mockResolvedValue(null),
      alert: jest.fn().mockResolvedValue(undefined),
      confirm: jest.fn().mockResolvedValue(false),
    },
    popover: jest.fn(() => () => {}),
    // A fragment shows as a labelled region naming what it is (the real one comes from the shell).
    fragment: {
      mount: jest.fn((el: HTMLElement, spec: FragmentSpec) => {
        const show = (s: FragmentSpec) => {
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', s.label);
          el.setAttribute('data-options', JSON.stringify(s.options ?? {}));
          el.textContent = `${s.remote}/${s.name}`;
        };
        show(spec);
        return { update: jest.fn(show), unmount: jest.fn(() => (el.textContent = '')) };
      }),
    },
    push: { state: jest.fn(() => 'unsupported'), subscribe: jest.fn().mockResolvedValue('unsupported') },
    storage: {
      get: jest.fn((k: keyof ClientState) => stored[k]),
      set: jest.fn((k: keyof ClientState, v: unknown) => {
        (stored as Record<string, unknown>)[k] = v;
      }),
      remove: jest.fn((k: keyof ClientState) => {
        delete stored[k];
      }),
    },
  };
}

/** A readable path for a route target, like the shell's href but without its route table. */
function fakeHref(to: NavTarget): string {
  const params = Object.values(to.params ?? {}).map(String);
  const query = new URLSearchParams(
    Object.entries(to.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return `/${[to.name, ...params].join('/')}${query ? `?${query}` : ''}${to.hash ? `#${to.hash}` : ''}`;
}

/**
 * What the page's query cache holds of the member's server data, as the shell's session would have
 * it: the member (a user, null for a visitor; left out: not known yet), their chat list and likes.
 */
export interface ServerState {
  user?: User | null;
  chats?: ChatListItem[];
  likes?: LikesResponse;
}

/** Puts server state into a query cache (tests: what the session, login or a view would have written). */
export function seedServerState(queryClient: QueryClient, state: ServerState): void {
  if (state.user !== undefined) queryClient.setQueryData(queryKeys.user(), state.user);
  if (state.chats) queryClient.setQueryData(queryKeys.chats(), state.chats);
  if (state.likes) queryClient.setQueryData(queryKeys.likes(), state.likes);
}

/** A jotai store and a QueryClient connected the way the shell connects them (`connectQueryCache`). */
export function createTestState(state: ServerState = {}) {
  const queryClient = createQueryClient({ retry: false });
  const store = createStore();
  connectQueryCache(store, queryClient);
  seedServerState(queryClient, state);
  return { store, queryClient };
}

export interface RenderViewOptions extends Partial<Omit<RemoteProps, 'view' | 'api'>>, ServerState {
  /** An API prepared by the test before the view's first call (default: a fresh mockApi()). */
  api?: MockApi;
}

/** Another member as search, profile and likes calls answer it. */
export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 100,
    name: 'Sanne',
    age: 34,
    gender: 'female',
    city: 'Utrecht',
    country: 'NL',
    countryregion: 'Utrecht',
    language: 'nl',
    main_image: null,
    images: [],
    personal: 'Fietsen en festivals.',
    fictional: false,
    liked: false,
    ...overrides,
  };
}

/** Renders one view of a remote (or a fragment, view 'fragment') as the shell would mount it. */
export function renderRemoteView<D extends MountDefinition>(definition: D, view: keyof D['views'] & string, options: RenderViewOptions = {}) {
  const { user, chats, likes, api = mockApi(), ...overrides } = options;
  const { store, queryClient } = createTestState({ user, chats, likes });
  const navigate = jest.fn();
  const href = jest.fn(fakeHref);
  const reportError = jest.fn();
  const notFound = jest.fn();
  const services = mockServices();
  const toast = services.toast;
  const props: RemoteProps = {
    view,
    routeName: 'index',
    params: {},
    query: {},
    hash: '',
    store,
    api: api as unknown as ApiClient,
    queryClient,
    navigate,
    href,
    locale: 'en',
    flags: siteSettings().flags,
    settings: siteSettings(),
    services,
    reportError,
    notFound,
    ...overrides,
  };
  const result = render(
    <AfterATick>
      <RemoteRoot definition={definition} props={props} />
    </AfterATick>,
  );
  return { ...result, props, store, queryClient: props.queryClient, api, navigate, href, reportError, notFound, toast, services };
}

/**
 * Renders its children a tick after mounting, as a page does once the view's catalog has arrived:
 * a test sets its API answers right after renderRemoteView, before the view asks for them. (A
 * catalog an earlier test loaded is kept, and would otherwise render the view inside render().)
 */
function AfterATick({ children }: { children: React.ReactNode }) {
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready ? children : null;
}
