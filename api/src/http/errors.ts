import type { z } from 'zod';
import { isRuleMessage, type ErrorResponse } from '@dating/shared';

/** An answer other than success, in the ErrorResponse shape: `{ error, message, field? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): ErrorResponse {
    return { error: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const found = nulPath(v, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Validates input with a contract schema; the first problem becomes a 400 naming its field.
 * Strings with NUL characters are refused too: no field of ours has a use for them.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    const nul = nulPath(result.data);
    if (!nul) return result.data;
    const field = nul.join('.') || undefined;
    throw new HttpError(400, 'invalid_input', `${field ?? 'input'}: must not contain NUL characters`, field);
  }
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  // A rule of spec §5 answers with its message key (e.g. signup.name_starts_with_at), which the
  // client shows in the member's language; other messages are prefixed with the field.
  const message = issue ? (field && !isRuleMessage(issue.message) ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  throw new HttpError(400, 'invalid_input', message, field);
}
