import type { FastifySchemaCompiler } from 'fastify';
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
  // A union whose member the input's shape selects answers with that member's first problem.
  const chosen = choosers.get(schema)?.(value) ?? schema;
  const result = chosen.safeParse(value);
  if (result.success) {
    const nul = nulPath(result.data);
    if (!nul) return result.data as z.infer<S>;
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

/** Unions registered with `chosenBy`: input → the member that must accept it. */
const choosers = new WeakMap<z.ZodType, (input: unknown) => z.ZodType>();

/**
 * Marks a contract union (e.g. `UserUpdateSchema`: a location, or `{ profile }`) as chosen by the
 * input's shape: a bad input is answered with the problem of the member it was meant for, with its
 * field, rather than zod's "no member matched". The schema itself is unchanged (and documented as
 * the union it is).
 */
export function chosenBy<S extends z.ZodUnion>(union: S, choose: (input: unknown) => S['options'][number]): S {
  choosers.set(union, choose as (input: unknown) => z.ZodType);
  return union;
}

/**
 * Fastify's validator for the zod schemas routes declare in `schema` (body, querystring, params):
 * parseInput, so a bad request is the same 400 `{ error: 'invalid_input', message, field }` as
 * ever, and the handler gets the parsed value (defaults and coercions applied).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parseInput(schema, data) };
    } catch (err) {
      return { error: err as Error };
    }
  };
