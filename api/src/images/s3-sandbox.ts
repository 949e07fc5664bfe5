import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * A local S3-compatible endpoint for development and tests, for the calls the API makes
 * (src/images/s3.ts: PutObject, GetObject, DeleteObject; HeadObject too), path-style
 * (`/<bucket>/<key>`), with AWS Signature Version 4 checked as S3 does: so the official client runs
 * the same code path as against AWS S3, Cloudflare R2 or MinIO. Objects are files in a folder, so
 * several API processes on one machine (npm run start:cluster, the cluster tests) share one
 * endpoint. Never in production: point S3_URL at a real store there.
 */
export class S3Sandbox {
  private server: http.Server | null = null;

  constructor(
    readonly dir: string,
    readonly bucket: string,
    readonly accessKeyId = 'sandbox',
    readonly secretAccessKey = randomBytes(16).toString('hex'),
  ) {
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`Not a bucket name: ${bucket}`);
  }

  get port(): number {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('The S3 sandbox is not started');
    return address.port;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The S3_URL that reaches this endpoint. */
  get url(): string {
    const u = new URL(`s3://${this.bucket}`);
    u.username = encodeURIComponent(this.accessKeyId);
    u.password = encodeURIComponent(this.secretAccessKey);
    u.searchParams.set('region', 'us-east-1');
    u.searchParams.set('endpoint', this.endpoint);
    return u.toString();
  }

  async start(port = 0): Promise<void> {
    await fs.mkdir(path.join(this.dir, this.bucket), { recursive: true });
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        if (!res.headersSent) s3Error(res, 500, 'InternalError', String(err));
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', resolve);
    });
  }

  /** Lets the process end while the endpoint is open (a development API's own sandbox). */
  unref(): void {
    this.server?.unref();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private file(key: string): string | null {
    // Keys the API writes: an optional prefix of plain folders, then a file name. Nothing else.
    if (!/^([A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+$/.test(key) || key.split('/').some((p) => p === '.' || p === '..')) return null;
    return path.join(this.dir, this.bucket, key);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const body = await readBody(req);
    const denied = this.checkSignature(req, url, body);
    if (denied) return s3Error(res, 403, denied[0], denied[1]);
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== this.bucket) return s3Error(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = decodeURIComponent(rest.join('/'));
    const file = this.file(key);
    if (!file) return s3Error(res, 400, 'InvalidArgument', 'Key not supported by the sandbox');
    switch (req.method) {
      case 'PUT': {
        await fs.mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, file);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"`, 'content-length': '0' });
        return void res.end();
      }
      case 'GET':
      case 'HEAD': {
        let data: Buffer;
        try {
          data = await fs.readFile(file);
        } catch {
          return s3Error(res, 404, 'NoSuchKey', 'The specified key does not exist.', req.method === 'HEAD');
        }
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': String(data.length),
          etag: `"${createHash('md5').update(data).digest('hex')}"`,
        });
        return void res.end(req.method === 'HEAD' ? undefined : data);
      }
      case 'DELETE':
        await fs.rm(file, { force: true });
        res.writeHead(204);
        return void res.end();
      default:
        return s3Error(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  /** AWS Signature Version 4 in the Authorization header, as S3 checks it; null when it holds. */
  private checkSignature(req: http.IncomingMessage, url: URL, body: Buffer): [string, string] | null {
    const auth = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return ['AccessDenied', 'Signature Version 4 required'];
    const [, keyId, day, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
    if (keyId !== this.accessKeyId) return ['InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.'];
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    if (!amzDate.startsWith(day)) return ['AccessDenied', 'x-amz-date does not match the credential scope'];
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
      return ['XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed."];
    }
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
      .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const headers = signedHeaders
      .split(';')
      .map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`)
      .join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
    let key = hmac(`AWS4${this.secretAccessKey}`, day);
    for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
    const expected = hmac(key, toSign);
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'];
    }
    return null;
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Photos are at most a few MB; anything beyond 32 MB is cut off. */
async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 32 * 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function s3Error(res: http.ServerResponse, status: number, code: string, message: string, head = false): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(xml)) });
  res.end(head ? undefined : xml);
}
