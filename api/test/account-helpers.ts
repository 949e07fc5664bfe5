import type { SignupRequest } from '@dating/shared';
import type { Db } from '../src/db';
import { browser, type TestApi } from './helpers';

let counter = 0;

/** A fresh address for each signup of a test file. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.org`;
}

export function signupRequest(overrides: Partial<SignupRequest> = {}): SignupRequest {
  return {
    email: uniqueEmail(),
    name: 'Robin',
    password: 'a good passphrase',
    language: 'en',
    timezone: 'Europe/Amsterdam',
    country: 'NL',
    adult: true,
    ...overrides,
  };
}

/** A browser that visited the site and signed up; logged in as the new member. */
export async function signedUp(t: TestApi, overrides: Partial<SignupRequest> = {}, host?: string) {
  const b = browser(t.app, host);
  await b.visit();
  const request = signupRequest(overrides);
  const { user } = await b.api.signup(request);
  return { ...b, user, request, password: request.password as string };
}

export interface Mail {
  id: number;
  kind: string;
  to_email: string;
  language: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: Date | null;
  delivered_via: string | null;
  attempts: number;
  failed_at: Date | null;
  last_error: string | null;
}

export async function mailsTo(db: Db, to: string): Promise<Mail[]> {
  const { rows } = await db.query<Mail>(
    `SELECT id::int AS id, kind, to_email, language, subject, text_body, html_body, sent_at, delivered_via, attempts,
            failed_at, last_error
       FROM outbox WHERE lower(to_email) = lower($1) ORDER BY id`,
    [to],
  );
  return rows;
}

/** The one link of a mail's text. */
export function linkIn(mail: Mail): URL {
  const m = /(https?:\/\/\S+)/.exec(mail.text_body);
  if (!m) throw new Error(`no link in mail ${mail.subject}`);
  return new URL(m[1]!);
}

/** Waits (briefly) until fn answers something truthy. */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false>, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error('eventually: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
