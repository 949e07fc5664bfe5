import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';
import * as C from '@dating/shared';
import { RATE_LIMITS } from '../http/ratelimit';
import type { Access, Answer } from '../types';
import { schemaNames } from './names';

/** A route as the app registered it: what the API reference is generated from. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
  config?: FastifyContextConfig;
  /** `query`: the query key that selects this variant of the call (src/http/variants.ts). */
  constraints?: { query?: string };
}

type Json = Record<string, unknown>;

/** Contract schemas by identity → their export name without "Schema" (SignupRequestSchema → SignupRequest). */
const NAMES = new Map<unknown, string>([
  ...Object.entries(C)
    .filter(([k, v]) => k.endsWith('Schema') && v instanceof z.ZodType)
    .map(([k, v]) => [v, k.slice(0, -'Schema'.length)] as [unknown, string]),
]);
const nameOf = (schema: z.ZodType): string | undefined => schemaNames.get(schema)?.name ?? NAMES.get(schema);

/** What one call (a method and path) is, for the reference: gathered from its routes. */
export interface CallDoc {
  method: string;
  /** Fastify's path (`:name` for a path parameter). */
  path: string;
  tag: string;
  access: Access;
  /** Answers 429 beyond its per-address limit (src/http/ratelimit.ts). */
  rateLimited?: boolean;
  /** Exempt from the double-submit CSRF header (beacon). */
  noCsrf?: boolean;
  /** Operator calls: the roles that may make it (src/operator/access.ts). */
  roles?: readonly string[];
  variants: Variant[];
}

export interface Variant {
  /** What selects this variant of the call, e.g. `?new=1`. */
  when?: string;
  summary: string;
  description?: string;
  access?: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** JSON answer; omitted for redirects, pages, files and streams (see `answers`). */
  response?: z.ZodType;
  answers?: Answer;
  multipart?: boolean;
}

/**
 * The calls of the registered routes: routes of one method and path (the variants a query key
 * selects, src/http/variants.ts) are one call, its variants described in it.
 */
export function callsOf(routes: RegisteredRoute[]): CallDoc[] {
  const groups = new Map<string, RegisteredRoute[]>();
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((group) => {
    const { method, url } = group[0]!;
    const declared = group;
    // The variants a query key selects first, then the route that answers without one.
    const ordered = [...declared.filter((r) => r.constraints?.query), ...declared.filter((r) => !r.constraints?.query)];
    const first = ordered[0]!;
    return {
      method,
      path: url,
      tag: first.schema?.tags?.[0] ?? 'site',
      // Variants with different access (activate.php: the link is public, the poll is for members).
      access: new Set(ordered.map((r) => r.config?.access)).size === 1 ? (first.config?.access ?? 'public') : 'optional',
      rateLimited: declared.some((r) => r.config?.limit),
      noCsrf: first.config?.csrf === false,
      ...(first.config?.roles ? { roles: first.config.roles } : {}),
      variants: ordered.map((r): Variant => {
        const s = r.schema ?? {};
        const key = r.constraints?.query;
        return {
          when: key ? `?${key}=` : ordered.length > 1 ? `without ${ordered.flatMap((o) => (o.constraints?.query ? [`?${o.constraints.query}`] : [])).join(' or ')}` : undefined,
          summary: s.summary ?? '',
          access: r.config?.access,
          description: s.description,
          query: s.querystring as z.ZodType | undefined,
          body: s.body as z.ZodType | undefined,
          response: (s.response as Record<string, z.ZodType> | undefined)?.['200'],
          answers: s.answers,
          multipart: s.consumes?.includes('multipart/form-data'),
        };
      }),
    };
  });
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
}

/** OpenAPI path template: Fastify's `:name` → `{name}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const ERRORS: Record<string, string> = {
  '400': 'Bad input: the message names the field (`field`).',
  '403': 'Needs a logged-in member (login_required), a valid CSRF header (csrf), or an operator session of a role and site that may do this (operator_login_required, role_forbidden, site_forbidden).',
  '404': 'Not found.',
  '413': 'Body too large.',
  '429': 'Too many requests from this address (rate_limited); see Retry-After.',
};

/**
 * The OpenAPI 3.1 document of the calls of these routes (registeredRoutes(app)). Request bodies and queries are described as
 * their input (before defaults and coercion), answers as their output.
 */
export function buildOpenApi(routes: RegisteredRoute[]): Json {
  const calls = callsOf(routes);
  const schemas: Record<string, Json> = {};
  const ioOf = new Map<string, 'input' | 'output'>();
  const ref = (schema: z.ZodType, io: 'input' | 'output'): Json => {
    const base = nameOf(schema);
    if (!base) {
      // A union of named schemas (e.g. UserUpdate: LocationUpdate | { profile }) is one of their references.
      if (schema instanceof z.ZodUnion && schema.options.every((o) => nameOf(o as z.ZodType))) {
        return { oneOf: schema.options.map((o) => ref(o as z.ZodType, io)) };
      }
      return jsonSchema(schema, io);
    }
    // A schema used both ways gets a second component for its other side (defaults differ).
    const name = (ioOf.get(base) ?? io) === io ? base : `${base}${io === 'input' ? 'Input' : 'Output'}`;
    if (!schemas[name]) {
      schemas[name] = jsonSchema(schema, io);
      if (name === base) ioOf.set(base, io);
    }
    return { $ref: `#/components/schemas/${name}` };
  };
  schemas.ErrorResponse = jsonSchema(C.ErrorResponseSchema, 'output');

  const paths: Record<string, Record<string, Json>> = {};
  for (const call of calls) {
    const p = (paths[openApiPath(call.path)] ??= {});
    p[call.method.toLowerCase()] = operation(call, ref);
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Dating platform member API',
      version: '1.0.0',
      description: [
        'Every call the front end makes, at the paths of the original back end (`/api/*.php`).',
        'The site (white-label template) is chosen by the `x-original-host` header (else X-Forwarded-Host, else Host).',
        'A session is the HttpOnly `sid` cookie. POST, PUT and DELETE echo the readable `csrf` cookie in `x-csrf-token`.',
        'Every error is an ErrorResponse `{ error, message, field? }`.',
        `Rate limits (per client address; messageSend, dataExport and searchMember per member; loginAccount per account, loginAccountAddress per account and address): ${Object.entries(RATE_LIMITS)
          .map(([k, v]) => `${k} ${v.max} per ${v.timeWindow / 60_000} min`)
          .join(', ')} (RATE_LIMITS=off disables them).`,
        'Generated from the routes the API registers and their zod schemas (those of @dating/shared) by api/src/openapi (npx tsx api/scripts/openapi.ts).',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(calls.map((c) => c.tag))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid' },
        operator: { type: 'apiKey', in: 'cookie', name: 'osid' },
      },
    },
  };
}

function queryParameters(variants: Variant[]): Json[] {
  const params = new Map<string, Json>();
  for (const v of variants) {
    if (!v.query) continue;
    const schema = jsonSchema(v.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, s] of Object.entries(schema.properties ?? {})) {
      const required = variants.length === 1 && (schema.required ?? []).includes(name);
      params.set(name, { name, in: 'query', required, schema: s });
    }
  }
  return [...params.values()];
}

function content(schemas: Json[]): Json {
  return { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } };
}

function operation(call: CallDoc, ref: (s: z.ZodType, io: 'input' | 'output') => Json): Json {
  const { variants } = call;
  const describe = (v: Variant) => {
    const text = v.description ? `${v.summary} ${v.description}` : v.summary;
    return v.when ? `**${v.when}**: ${text}` : text;
  };
  const op: Json = {
    tags: [call.tag],
    operationId: `${call.method.toLowerCase()}${openApiPath(call.path).replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: variants.length === 1 ? variants[0]!.summary : variants.map((v) => v.when ?? 'default').join(' | '),
    description: [...variants.map(describe), `Access: ${call.access}${call.roles ? ` (roles: ${call.roles.join(', ')})` : ''}.`].join('\n\n'),
  };
  const pathParams = [...call.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const parameters = [...pathParams, ...queryParameters(variants)];
  if (parameters.length) op.parameters = parameters;

  const bodies = variants.filter((v) => v.body).map((v) => ref(v.body!, 'input'));
  if (variants.some((v) => v.multipart)) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
    };
  } else if (bodies.length) {
    op.requestBody = { required: true, content: content(bodies) };
  }

  const responses: Record<string, Json> = {};
  const json = variants.filter((v) => v.response).map((v) => ref(v.response!, 'output'));
  if (json.length) responses['200'] = { description: 'OK', content: content(json) };
  for (const v of variants) {
    if (v.answers === 'redirect') responses['302'] = { description: 'Redirect (Location).' };
    if (v.answers === 'html') responses['200'] = { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } };
    if (v.answers === 'jpeg') responses['200'] = { description: 'A JPEG.', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } };
    if (v.answers === 'photo') {
      const binary = { schema: { type: 'string', format: 'binary' } };
      responses['200'] = { description: 'A photo: JPEG, or WebP for a .webp name.', content: { 'image/jpeg': binary, 'image/webp': binary } };
    }
    if (v.answers === 'png') responses['200'] = { description: 'A PNG.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } };
    if (v.answers === 'web-manifest') responses['200'] = { description: 'A web app manifest.', content: { 'application/manifest+json': { schema: v.response ? ref(v.response, 'output') : {} } } };
    if (v.answers === 'svg') responses['200'] = { description: 'An SVG image.', content: { 'image/svg+xml': { schema: { type: 'string' } } } };
    if (v.answers === 'event-stream') responses['200'] = { description: 'text/event-stream of LiveEvent.', content: { 'text/event-stream': { schema: ref(C.LiveEventSchema, 'output') } } };
    if (v.answers === 'no-content') responses['204'] = { description: 'No content.' };
    if (v.answers === 'csv') responses['200'] = { description: 'A CSV file (attachment).', content: { 'text/csv': { schema: { type: 'string' } } } };
    if (v.answers === 'zip') responses['200'] = { description: 'A ZIP archive (attachment).', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } };
  }
  if (!Object.keys(responses).length) responses['200'] = { description: 'OK', content: { 'application/json': { schema: {} } } };
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } } };
  const codes = ['400'];
  if (call.access === 'member' || call.access === 'operator' || call.method !== 'GET' || variants.some((v) => v.access === 'member')) {
    codes.push('403');
  }
  if (call.access === 'development' || call.path.includes(':')) codes.push('404');
  if (variants.some((v) => v.multipart)) codes.push('413');
  if (call.rateLimited) codes.push('429');
  for (const code of codes) responses[code] = { description: ERRORS[code], ...error };
  op.responses = responses;
  if (call.access === 'member') op.security = [{ session: [] }];
  if (call.access === 'operator') op.security = [{ operator: [] }];
  return op;
}
