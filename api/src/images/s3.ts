import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { IMAGE_NAME, type ImageStore } from './store';

/** Where S3_URL points: a bucket, its region, an endpoint (not AWS) and credentials (else the SDK's own chain). */
export interface S3Location {
  bucket: string;
  region: string;
  /** https://<account>.r2.cloudflarestorage.com, http://minio:9000 …; unset: AWS S3 of the region. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket (`prefix=photos/`). */
  prefix: string;
}

/**
 * S3_URL: `s3://ACCESS_KEY:SECRET@bucket?region=eu-central-1[&endpoint=https://host][&prefix=photos/]`.
 * Without credentials the SDK's default chain is used (AWS_ACCESS_KEY_ID …, an instance role).
 * Key and secret are URL-encoded when they contain reserved characters.
 */
export function parseS3Url(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_URL is not a URL (s3://key:secret@bucket?region=…&endpoint=…)');
  }
  if (url.protocol !== 's3:') throw new Error('S3_URL must start with s3:// (s3://key:secret@bucket?region=…&endpoint=…)');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_URL: "${bucket}" is not a bucket name`);
  const region = url.searchParams.get('region') || 'us-east-1';
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error('S3_URL: endpoint must be an http(s) URL');
  const prefix = url.searchParams.get('prefix') ?? '';
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return { bucket, region, endpoint, credentials, prefix };
}

/**
 * Photos as objects in an S3-compatible bucket through the official client (@aws-sdk/client-s3):
 * PutObject, GetObject, DeleteObject, nothing else. Written once under a random name, never changed,
 * so every process reads what any process wrote. Targeted and documented in docs/scaling.md: AWS
 * S3, Cloudflare R2, MinIO; the local endpoint of src/images/s3-sandbox.ts in development and tests.
 */
export class S3ImageStore implements ImageStore {
  readonly client: S3Client;

  constructor(readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      credentials: location.credentials,
      // Another endpoint than AWS (R2, MinIO, the sandbox): the bucket in the path, not the host name.
      forcePathStyle: Boolean(location.endpoint),
      // Checksums only where S3 requires them: R2 and MinIO versions differ on the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private key(name: string): string {
    if (!IMAGE_NAME.test(name)) throw new Error(`Not an image name: ${name}`);
    return `${this.location.prefix}${name}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.key(name),
        Body: data,
        ContentType: 'image/jpeg',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    if (!IMAGE_NAME.test(name)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    // S3 answers 204 for a key that is not there.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
  }

  close(): void {
    this.client.destroy();
  }
}
