import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';

import { definition } from '../mount';

export { mockServices, siteSettings } from '@dating/shared/testing';
export const renderView = (view: keyof typeof definition.views, options?: RenderViewOptions) => renderRemoteView(definition, view, options);

import { ApiError, createApiClient, type Operator, type ModerationItem } from '@dating/shared';
import type { MockApi } from '@dating/shared/testing';

type Handler = (request: { query: Record<string, string>; body: unknown }) => unknown;
export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * The page's real API client (its schemas check every request and answer) over a stand-in server:
 * each `METHOD path` (e.g. 'GET operator/me.php') answers the handler's value, or an ApiError's
 * status and body. A call the test did not prepare answers 500. `sent` lists what the view sent.
 */
export function answer(handlers: Record<string, Handler | unknown>) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\//, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const query = Object.fromEntries(url.searchParams);
    sent.push({ method, path, query, body });
    const h = handlers[`${method} ${path}`];
    let value: unknown = h === undefined ? new ApiError(500, `${method} ${path} was not prepared by the test`) : h;
    if (typeof value === 'function') value = await (value as Handler)({ query, body });
    if (value instanceof ApiError) {
      return new Response(JSON.stringify({ error: value.code, message: value.message, ...(value.field ? { field: value.field } : {}) }), { status: value.status });
    }
    return new Response(JSON.stringify(value), { status: 200 });
  };
  const api = createApiClient({ packageName: 'test', fetch: fetch as typeof globalThis.fetch, readCookie: () => undefined });
  return { api: api as unknown as MockApi, sent };
}

export function operator(overrides: Partial<Operator> = {}): Operator {
  const site = { id: 1, name: 'amora', brand: 'Amora' };
  return {
    id: 1,
    email: 'mod@example.com',
    name: 'Mia Moderator',
    role: 'moderator',
    all_sites: false,
    sites: [site, { id: 2, name: 'velvet', brand: 'Velvet' }],
    current_site: site,
    totp: true,
    totp_required: false,
    recovery_codes_left: 10,
    ...overrides,
  };
}

export function moderationItem(id: number, overrides: Partial<ModerationItem> = {}): ModerationItem {
  return {
    id,
    kind: 'photo',
    field: 'photo',
    status: 'pending',
    member: { id: 100 + id, name: `Member ${id}`, age: 30 + id, city: 'Utrecht', country: 'NL', language: 'nl', signup_date: '2026-11-20T10:00:00Z' },
    photo: { id: 500 + id, filename: `p${id}.jpg`, thumb_filename: `p${id}_t.jpg` },
    other_photos: [{ id: 900 + id, filename: `o${id}.jpg`, thumb_filename: `o${id}_t.jpg` }],
    text_before: null,
    text: null,
    created_at: '2026-11-27T09:00:00Z',
    waiting_seconds: 600,
    overdue: false,
    decided_at: null,
    reason: null,
    ...overrides,
  };
}
