import { ErrorResponseSchema, SiteSettingsResponseSchema, StartStateResponseSchema } from '@dating/shared';
import { normalizeHost } from '../src/site/site';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const settingsFor = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers });
  expect(res.statusCode).toBe(200);
  return SiteSettingsResponseSchema.parse(res.json());
};

describe('the site of a request', () => {
  it('two hosts get two different templates that look and read differently', async () => {
    const amora = await settingsFor({ 'x-original-host': 'localhost:8080' });
    const velvet = await settingsFor({ 'x-original-host': 'velvet.localhost:8080' });
    expect(amora.flags.templateName).toBe('amora');
    expect(velvet.flags.templateName).toBe('velvet');
    expect(velvet.theme.primaryColor).not.toBe(amora.theme.primaryColor);
    expect(velvet.theme.tagline).not.toBe(amora.theme.tagline);
    expect(velvet.settings.domain_language).toBe('nl');
    expect(amora.settings.domain_language).toBe('en');
    expect(velvet.company.name).toBe('Velvet Media GmbH');
    expect(amora.company.name).toBe('Amora Online B.V.');
    expect(velvet.flags.notifications).not.toBe(amora.flags.notifications);
  });

  it('an unknown host gets the default site', async () => {
    const s = await settingsFor({ 'x-original-host': 'dating.example.org' });
    expect(s.flags.templateName).toBe('amora');
  });

  it('a garbage host gets the default site, not an error', async () => {
    const s = await settingsFor({ 'x-original-host': '%%%<script>' });
    expect(s.flags.templateName).toBe('amora');
  });

  it('the original host wins over x-forwarded-host, which wins over Host', async () => {
    expect((await settingsFor({ host: 'velvet.localhost' })).flags.templateName).toBe('velvet');
    expect(
      (await settingsFor({ host: 'localhost', 'x-forwarded-host': 'velvet.localhost:443' })).flags.templateName,
    ).toBe('velvet');
    expect(
      (await settingsFor({ host: 'velvet.localhost', 'x-forwarded-host': 'velvet.localhost', 'x-original-host': '127.0.0.1:8080' }))
        .flags.templateName,
    ).toBe('amora');
  });

  it('host names are compared without port, case or trailing dot', () => {
    expect(normalizeHost('Velvet.LocalHost:8080')).toBe('velvet.localhost');
    expect(normalizeHost('velvet.localhost.')).toBe('velvet.localhost');
    expect(normalizeHost('[::1]:8079')).toBe('::1');
    expect(normalizeHost('a.example, b.example')).toBe('a.example');
    expect(normalizeHost('')).toBeUndefined();
    expect(normalizeHost('bad host')).toBeUndefined();
  });
});

describe('GET /api/settings.php', () => {
  it('fills every settings field with the shared schema, regions and costs for every country', async () => {
    const { settings } = await settingsFor({ 'x-original-host': 'localhost' });
    expect(settings.countries).toEqual(
      expect.arrayContaining(['NL', 'BE', 'DE', 'AT', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ', 'FR', 'IT', 'ES', 'PL', 'CH']),
    );
    for (const country of settings.countries) {
      expect(settings.region_data[country]!.length).toBeGreaterThan(0);
      expect(settings.minimum_message_costs[country]).toBeDefined();
    }
    expect(settings.region_data.NL!.map((r) => r.name)).toContain('Noord-Holland');
    expect(settings.languages).toHaveLength(7);
    expect(settings.cdn_prefix).toBe('/api/images/');
    expect(settings.member_resell).toContain('cams');
  });

  it('is served with security headers and may be revalidated, per host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('x-original-host');
  });
});

describe('GET /api/start.php', () => {
  it("answers the site's settings, its registry and the visitor in one call, as the three calls do", async () => {
    const headers = { 'x-original-host': 'velvet.localhost:8080' };
    const res = await t.app.inject({ method: 'GET', url: '/api/start.php', headers });
    expect(res.statusCode).toBe(200);
    // The visitor is in it: no shared cache keeps it.
    expect(res.headers['cache-control']).toBe('private, no-store');
    const start = StartStateResponseSchema.parse(res.json());
    expect(start.settings).toEqual(await settingsFor(headers));
    const registry = await t.app.inject({ method: 'GET', url: '/api/remotes.php', headers });
    expect(start.registry).toEqual(registry.json());
    expect(Object.keys(start.registry.remotes).length).toBeGreaterThan(0);
    expect(start.user).toEqual({ user: null });
    // A first visit gets its CSRF cookie from it, as from any call.
    expect([res.cookies].flat().some((c) => c.name === 'csrf')).toBe(true);
  });
});

describe('unknown calls', () => {
  it('a POST to an unknown path is a 404, not a CSRF refusal', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing.php', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it.each(['/api/nothing.php', '/api/', '/', '/api/settings.php/extra'])('%s answers a JSON 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('not_found');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
