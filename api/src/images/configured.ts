import path from 'node:path';
import type { Config } from '../config';
import { parseS3Url, S3ImageStore } from './s3';
import { S3Sandbox } from './s3-sandbox';
import { FsImageStore, imagesDir, type ImageStore } from './store';

const opened = new Map<string, Promise<ImageStore>>();

/**
 * The photo store of a configuration, one per process (main.ts seeds with it, the images plugin
 * serves it): S3_URL's bucket (src/images/s3.ts); S3_URL=sandbox (development only): the local
 * S3-compatible endpoint (src/images/s3-sandbox.ts) on `<DATA_DIR>/s3`, through the same client;
 * unset: files in IMAGES_DIR (default `<DATA_DIR>/images`).
 */
export function configuredImageStore(config: Pick<Config, 's3Url' | 'dataDir' | 'imagesDir' | 'production'>): Promise<ImageStore> {
  const key = config.s3Url ? `s3 ${config.s3Url} ${config.dataDir}` : `fs ${imagesDir(config)}`;
  let store = opened.get(key);
  if (!store) {
    store = open(config);
    opened.set(key, store);
    store.catch(() => opened.delete(key));
  }
  return store;
}

async function open(config: Pick<Config, 's3Url' | 'dataDir' | 'imagesDir' | 'production'>): Promise<ImageStore> {
  if (!config.s3Url) return new FsImageStore(imagesDir(config));
  if (config.s3Url !== 'sandbox') return new S3ImageStore(parseS3Url(config.s3Url));
  if (config.production) throw new Error('S3_URL=sandbox is the local development endpoint: point S3_URL at your bucket in production');
  const sandbox = new S3Sandbox(path.join(config.dataDir, 's3'), 'photos');
  await sandbox.start();
  sandbox.unref();
  return new S3ImageStore(parseS3Url(sandbox.url));
}
