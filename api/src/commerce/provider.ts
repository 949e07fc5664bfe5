import http from 'node:http';
import https from 'node:https';
import { createMollieClient, type MollieClient } from '@mollie/api-client';
import type { Config } from '../config';
import type { Db } from '../db';
import { MollieSandbox, type WebhookDelivery } from './sandbox';

/** The sandbox's API key: a test key in Mollie's format, only ever accepted by the local sandbox. */
const SANDBOX_KEY = 'test_sandboxLocalOnlyNotAMollieKey00';

export interface PaymentProvider {
  client: MollieClient;
  /** The local sandbox when MOLLIE_API_KEY is unset outside production; null against Mollie. */
  sandbox: MollieSandbox | null;
  close(): Promise<void>;
}

/**
 * The Mollie client every payment call goes through. With MOLLIE_API_KEY: api.mollie.com.
 * Without it (development, tests, demo; never production): the local sandbox, reached through the
 * client's `apiEndpoint` option. Production without a key: null (payments answer 503).
 */
export async function createPaymentProvider(
  config: Pick<Config, 'mollieApiKey' | 'production'>,
  db: Db,
  deliver: WebhookDelivery,
): Promise<PaymentProvider | null> {
  if (config.mollieApiKey) {
    return { client: createMollieClient({ apiKey: config.mollieApiKey }), sandbox: null, close: async () => {} };
  }
  if (config.production) return null;
  const sandbox = new MollieSandbox(SANDBOX_KEY, db, deliver);
  await sandbox.start();
  // The client builds an https.Agent (pinned to its CA bundle) for every endpoint; the local
  // sandbox speaks plain HTTP on 127.0.0.1, so while this one client is built it gets an
  // http.Agent instead. Nothing else changes: same client, same calls, same JSON.
  const httpsModule = https as unknown as { Agent: typeof https.Agent };
  const original = httpsModule.Agent;
  httpsModule.Agent = http.Agent as unknown as typeof https.Agent;
  let client: MollieClient;
  try {
    client = createMollieClient({ apiKey: SANDBOX_KEY, apiEndpoint: sandbox.endpoint });
  } finally {
    httpsModule.Agent = original;
  }
  return { client, sandbox, close: () => sandbox.stop() };
}
