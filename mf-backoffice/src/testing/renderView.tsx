import { renderRemoteView, type RenderViewOptions } from '@dating/shared/testing';
import { definition } from '../mount';

export { mockApi, mockServices, siteSettings } from '@dating/shared/testing';
export const renderView = (view: keyof typeof definition.views, options?: RenderViewOptions) => renderRemoteView(definition, view, options);

import type { MockApi } from '@dating/shared/testing';
import type { Operator, ModerationItem } from '@dating/shared';

type Handler = (options: { query?: Record<string, unknown>; body?: unknown }) => unknown;

/**
 * Answers the view's `api.call`s by `METHOD path` (e.g. 'GET operator/me.php'); a call the test
 * did not prepare fails like a server error would. Returns the jest mock to inspect the calls.
 */
export function answer(api: MockApi, handlers: Record<string, Handler | unknown>) {
  api.call.mockImplementation(async (_schema: unknown, method: string, path: string, options: { query?: Record<string, unknown>; body?: unknown } = {}) => {
    const h = handlers[`${method} ${path}`];
    if (h === undefined) throw new Error(`${method} ${path} was not prepared by the test`);
    const value = typeof h === 'function' ? await (h as Handler)(options) : h;
    if (value instanceof Error) throw value;
    return value;
  });
  return api.call;
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
