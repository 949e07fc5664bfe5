import sharp from 'sharp';
import { WebManifestSchema } from '../src/webmanifest/plugin';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const manifestFor = async (host: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/manifest.webmanifest', headers: { 'x-forwarded-host': host } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return { manifest: WebManifestSchema.parse(res.json()), headers: res.headers };
};

describe('the web manifest of a site', () => {
  it("names the site and takes its colours from the request host's template", async () => {
    const { manifest: amora } = await manifestFor('localhost:8080');
    const { manifest: velvet } = await manifestFor('velvet.localhost:8080');
    expect(amora).toMatchObject({ name: 'Amora', theme_color: '#d6336c', background_color: '#fff5f7', lang: 'en' });
    expect(velvet).toMatchObject({ name: 'Velvet', theme_color: '#1c2a4a', background_color: '#0e1424', lang: 'nl' });
  });

  it('is installable: standalone, start URL and scope /, a 192 and a 512 icon and a maskable one', async () => {
    const { manifest, headers } = await manifestFor('localhost');
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/', id: '/' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    // Differs per host, so caches must not mix sites.
    expect(headers.vary).toMatch(/x-forwarded-host/);
    expect(headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['192.png', 192],
    ['512.png', 512],
    ['maskable-512.png', 512],
  ])('serves icon %s as a PNG of %i pixels in the site colour', async (file, size) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/icons/${file}`, headers: { 'x-forwarded-host': 'velvet.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const image = sharp(res.rawPayload);
    const meta = await image.metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    // The corner of a maskable icon is the primary colour (full bleed); the plain one's is transparent.
    const { data } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const corner = [...data.subarray(0, 4)];
    if (file.startsWith('maskable')) expect(corner).toEqual([0x1c, 0x2a, 0x4a, 255]);
    else expect(corner[3]).toBe(0);
  });

  it('two sites get icons in their own colours', async () => {
    const centre = async (host: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/icons/maskable-512.png', headers: { 'x-forwarded-host': host } });
      const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    expect(await centre('localhost')).not.toEqual(await centre('velvet.localhost'));
  });

  it('has the tab icon the static server answers /favicon.ico with: a small PNG of the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/icons/favicon.png', headers: { 'x-forwarded-host': 'velvet.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(48);
  });

  it('answers a JSON 404 for an icon that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/icons/../../etc/passwd' });
    expect(res.statusCode).toBe(404);
    const other = await t.app.inject({ method: 'GET', url: '/api/icons/1024.png' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: 'not_found' });
  });
});
