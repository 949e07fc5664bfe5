import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parseS3Url, S3ImageStore } from '../src/images/s3';
import { S3Sandbox } from '../src/images/s3-sandbox';
import { signedUp } from './account-helpers';
import { startTestApi, type TestApi } from './helpers';

/**
 * Photos in S3-compatible storage (S3_URL) through the official client, against the API's local
 * S3 endpoint: what AWS S3, R2 and MinIO answer for the calls the store makes.
 */
let sandbox: S3Sandbox;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-s3-test-'));
  sandbox = new S3Sandbox(dir, 'photos');
  await sandbox.start();
});
afterAll(async () => {
  await sandbox.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const NAME = `${'ab'.repeat(16)}.jpg`;

describe('S3_URL', () => {
  it('names the bucket, region, endpoint, credentials and prefix', () => {
    expect(parseS3Url('s3://AKIA%2B1:s%2Fecret@dating-photos?region=eu-central-1&endpoint=https://acc.r2.cloudflarestorage.com&prefix=p/')).toEqual({
      bucket: 'dating-photos',
      region: 'eu-central-1',
      endpoint: 'https://acc.r2.cloudflarestorage.com',
      credentials: { accessKeyId: 'AKIA+1', secretAccessKey: 's/ecret' },
      prefix: 'p/',
    });
    // AWS: no endpoint, credentials from the SDK's chain.
    expect(parseS3Url('s3://dating-photos?region=eu-west-1')).toMatchObject({ bucket: 'dating-photos', region: 'eu-west-1', endpoint: undefined, credentials: undefined });
  });

  it.each([
    ['https://bucket', /s3:\/\//],
    ['s3://Bad_Bucket', /bucket name/],
    ['s3://bucket?endpoint=ftp://x', /endpoint/],
  ])('refuses %s with a clear message', (raw, message) => {
    expect(() => parseS3Url(raw)).toThrow(message);
  });
});

describe('S3ImageStore on the local S3 endpoint', () => {
  it('puts, gets and deletes an object; a missing one is null, deleting it again is no error', async () => {
    const store = new S3ImageStore(parseS3Url(sandbox.url));
    const data = Buffer.from('not really a jpeg');
    await store.put(NAME, data);
    expect(fs.readFileSync(path.join(dir, 'photos', NAME))).toEqual(data);
    expect(await store.get(NAME)).toEqual(data);
    await store.delete(NAME);
    expect(await store.get(NAME)).toBeNull();
    await expect(store.delete(NAME)).resolves.toBeUndefined();
    store.close();
  });

  it('refuses a request signed with another secret, as S3 does', async () => {
    const location = parseS3Url(sandbox.url);
    const wrong = new S3ImageStore({ ...location, credentials: { accessKeyId: location.credentials!.accessKeyId, secretAccessKey: 'not-the-secret' } });
    await expect(wrong.put(NAME, Buffer.from('x'))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unknown = new S3ImageStore({ ...location, credentials: { accessKeyId: 'someone-else', secretAccessKey: 'x' } });
    await expect(unknown.get(NAME)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(fs.existsSync(path.join(dir, 'photos', NAME))).toBe(false);
    wrong.close();
    unknown.close();
  });
});

describe('the API with S3_URL', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  }, 60_000);
  afterAll(() => t.close());

  it('stores an uploaded photo in the bucket and serves it with the same headers as from files', async () => {
    const app = await t.appWith({ s3Url: sandbox.url });
    const a = await signedUp({ ...t, app });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const { image } = await a.api.uploadProfileImage(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    expect(fs.existsSync(path.join(dir, 'photos', image.thumb_filename))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'images', image.thumb_filename.slice(0, 2), image.thumb_filename))).toBe(false);
    const res = await app.inject({ method: 'GET', url: `/api/images/${image.thumb_filename}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    expect((await app.inject({ method: 'GET', url: `/api/images/${'c'.repeat(32)}.jpg` })).statusCode).toBe(404);
  });
});
