import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { CachedSession, Session } from '../session/session';
import type { Site } from '../site/site';

/** The member calls whose answers are kept: the polled ones (spec §9). */
export type MemberCall = 'user' | 'chats' | 'likes';

interface Answer {
  json: string;
  /** The UTC day it was made on: ages change at midnight. */
  day: number;
}

/** Members with answers or sessions kept: enough for every member polling at once on one process. */
const MAX_ENTRIES = 50_000;
/** Host names seen (unknown ones answer the default site). */
const MAX_HOSTS = 1_000;

const memberOfKey = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));
const utcDay = () => Math.floor(Date.now() / 86_400_000);

/** The type of a JSON answer sent as an already serialized string. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends an answer serialized by serializeAnswer as it is: Fastify does not serialize a string it is
 * given with a JSON type (the route's response schema still documents it and the test of the
 * OpenAPI document checks it). `return sendJson(reply, json)` from the handler: the reply is
 * returned (typed never, as the route's schema type cannot describe a serialized string).
 */
export function sendJson(reply: Pick<FastifyReply, 'type'>, json: string | Buffer): never {
  return (reply as FastifyReply).type(JSON_TYPE).send(json) as never;
}

/** What a route would send for `data`: checked and encoded with its response schema, then JSON. */
export function serializeAnswer(schema: z.ZodType, data: unknown): string {
  return JSON.stringify(z.encode(schema, data));
}

/**
 * The API's in-process caches of what polling asks again and again: the site of a host, the
 * session of a cookie, settings.php per site, user.php, chats.php and likes.php as serialized
 * JSON per site and member, and visitors' search.php per site and query, and what a search finds for everybody
 * (members' searches add their own part). Nothing here expires by time but sessions (at their end) and answers
 * (at UTC midnight): every change is announced by the database's triggers on the channel
 * 'cache_changes' (migrations/0070_cache_changes.sql), which every API process listens to, and
 * `apply` drops what it concerns. A value loaded while a change that concerns it arrived is not kept
 * (the generations below), so a load that read the old rows never outlives the change; changes of
 * other members (every message sent is some) do not stop a member's answer from being kept.
 */
export class ApiCache {
  /** Generations, counted up by the changes that concern them: everything (sites), sessions, public profiles … */
  private readonly gen = { all: 0, sessions: 0, public: 0, joined: 0 };
  /** … and each member's own (striped: members sharing a stripe only cost each other a kept value now and then). */
  private readonly memberGen = new Uint32Array(4096);
  private readonly sites = new LRUCache<string, Site>({ max: MAX_HOSTS });
  /** Answers made from one Site object: a changed site is a new object (the old one's answers go with it). */
  private siteAnswers = new WeakMap<Site, Map<string, Buffer>>();
  private readonly sessions = new LRUCache<string, CachedSession>({
    max: MAX_ENTRIES,
    dispose: (s, key, reason) => reason === 'evict' && this.forget(s.memberId, `x:${key}`),
  });
  /** user.php per `user:site:member`. */
  private readonly users = new LRUCache<string, Answer>({
    max: MAX_ENTRIES,
    dispose: (_a, key, reason) => reason === 'evict' && this.forget(memberOfKey(key), key),
  });
  /** chats.php and likes.php per `call:site:member`: they show other members' public profiles. */
  private readonly social = new LRUCache<string, Answer>({
    max: MAX_ENTRIES * 2,
    dispose: (_a, key, reason) => reason === 'evict' && this.forget(memberOfKey(key), key),
  });
  /** search.php for visitors per `site:query`: the same for every visitor (members' searches depend on them). */
  private readonly searches = new LRUCache<string, Answer>({ max: 2_000 });
  /** What a search finds for everybody, per `site:query` (src/search: members' answers are made from it). */
  private readonly sharedSearches = new LRUCache<string, { value: object; day: number }>({ max: 2_000 });
  /** … and those being loaded now. */
  private readonly sharedLoads = new Map<string, Promise<object>>();
  /** Search pages' profile rows per member id, as a visitor sees them (src/search: every search listing the member shares them). */
  private readonly profileRows = new LRUCache<number, { row: object; day: number }>({ max: MAX_ENTRIES });
  /** Members' own part of their searches per `search:site:member`. */
  private readonly searchViewers = new LRUCache<string, object>({
    max: MAX_ENTRIES,
    dispose: (_v, key, reason) => reason === 'evict' && this.forget(memberOfKey(key), key),
  });
  /** Keys of the answers and sessions of each member, to drop them together. */
  private readonly byMember = new Map<number, Set<string>>();
  private readonly syncs = new Map<string, () => void>();

  /** Hits and misses since start (the benchmark prints them). */
  readonly stats = { hits: 0, misses: 0, changes: 0 };

  async site(host: string, load: () => Promise<Site>): Promise<Site> {
    const hit = this.sites.get(host);
    if (hit) return hit;
    return this.keep(load, () => this.gen.all, (site) => this.sites.set(host, site));
  }

  /**
   * settings.php and the like: one answer per site and call, kept as the bytes sent (a 10 kB string
   * would be encoded again on every send).
   */
  siteAnswer(site: Site, call: string, load: () => string): Buffer {
    let answers = this.siteAnswers.get(site);
    if (!answers) this.siteAnswers.set(site, (answers = new Map()));
    let json = answers.get(call);
    if (json === undefined) answers.set(call, (json = Buffer.from(load())));
    return json;
  }

  /** The live session of a token hash on a site; null when it ended, expired or is another site's. */
  async session(tokenHash: string, siteId: number, load: () => Promise<CachedSession | null>): Promise<Session | null> {
    let s = this.sessions.get(tokenHash);
    if (!s) {
      const loaded = await this.keep(
        load,
        () => this.gen.all + this.gen.sessions + this.gen.public,
        (v) => v && this.remember(v.memberId, `x:${tokenHash}`, () => this.sessions.set(tokenHash, v)),
      );
      if (!loaded) return null;
      s = loaded;
    }
    if (s.siteId !== siteId || s.expiresAt <= Date.now()) return null;
    return { tokenHash: s.tokenHash, memberId: s.memberId, csrf: s.csrf };
  }

  /** A member's answer to a polled call on a site, as JSON. */
  async memberAnswer(call: MemberCall, siteId: number, memberId: number, load: () => Promise<string>): Promise<string> {
    const store = call === 'user' ? this.users : this.social;
    const key = `${call}:${siteId}:${memberId}`;
    const day = utcDay();
    const hit = store.get(key);
    if (hit && hit.day === day) {
      this.stats.hits++;
      return hit.json;
    }
    this.stats.misses++;
    const generation = () => this.gen.all + (call === 'user' ? 0 : this.gen.public) + this.memberGen[memberId & 4095]!;
    return this.keep(load, generation, (json) => this.remember(memberId, key, () => store.set(key, { json, day })));
  }

  /** A visitor's search answer on a site, as JSON; `query` is the parsed query (defaults applied). */
  async visitorSearch(siteId: number, query: object, load: () => Promise<string>): Promise<string> {
    const key = `${siteId}:${JSON.stringify(query)}`;
    const day = utcDay();
    const hit = this.searches.get(key);
    if (hit && hit.day === day) {
      this.stats.hits++;
      return hit.json;
    }
    this.stats.misses++;
    return this.keep(load, () => this.gen.all + this.gen.public + this.gen.joined, (json) => this.searches.set(key, { json, day }));
  }

  /**
   * The shared part of a search on a site (src/search/search.ts sharedSearch), kept like visitors'
   * answers: until a public profile changes or members join, or the day ends.
   */
  async sharedSearch<T extends object>(siteId: number, key: string, load: () => Promise<T>): Promise<T> {
    const cacheKey = `${siteId}:${key}`;
    const day = utcDay();
    const hit = this.sharedSearches.get(cacheKey);
    if (hit && hit.day === day) {
      this.stats.hits++;
      return hit.value as T;
    }
    this.stats.misses++;
    // Searches asked again while one is loading wait for it (members and visitors asking alike at
    // once would each run the same statements).
    const loading = this.sharedLoads.get(cacheKey);
    if (loading) return loading as Promise<T>;
    const generation = () => this.gen.all + this.gen.public + this.gen.joined;
    const before = generation();
    const promise = this.keep(load, generation, (value) => this.sharedSearches.set(cacheKey, { value, day })).finally(() => {
      if (this.sharedLoads.get(cacheKey) === promise) this.sharedLoads.delete(cacheKey);
    });
    // A load begun before a change is not shared with searches asked after it.
    if (generation() === before) this.sharedLoads.set(cacheKey, promise);
    return promise;
  }

  /**
   * A member's own part of their searches on a site (src/search/search.ts loadSearchViewer: likes,
   * blocks, Premium, and the profiles of those they do not find): kept until their own answers change
   * or any public profile does.
   */
  async searchViewer<T extends object>(siteId: number, memberId: number, load: () => Promise<T>): Promise<T> {
    const key = `search:${siteId}:${memberId}`;
    const hit = this.searchViewers.get(key);
    if (hit) {
      this.stats.hits++;
      return hit as T;
    }
    this.stats.misses++;
    const generation = () => this.gen.all + this.gen.public + this.memberGen[memberId & 4095]!;
    return this.keep(load, generation, (value) => this.remember(memberId, key, () => this.searchViewers.set(key, value)));
  }

  /**
   * Profile rows of members by id (src/search/search.ts sharedSearch), the missing ones loaded: kept
   * until the member's public profile changes (their `p:` announcement) or the day ends (ages).
   */
  async profileRowsOf<T extends object>(ids: number[], load: (ids: number[]) => Promise<Map<number, T>>): Promise<Map<number, T>> {
    const day = utcDay();
    const rows = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.profileRows.get(id);
      if (hit && hit.day === day) rows.set(id, hit.row as T);
      else missing.push(id);
    }
    if (!missing.length) {
      this.stats.hits++;
      return rows;
    }
    this.stats.misses++;
    const generation = () => this.gen.all + this.gen.public;
    const loaded = await this.keep(() => load(missing), generation, (found) => {
      for (const [id, row] of found) this.profileRows.set(id, { row, day });
    });
    for (const [id, row] of loaded) rows.set(id, row);
    return rows;
  }

  /** One announced change (see the migration for the payloads). */
  apply(payload: string): void {
    this.stats.changes++;
    const [kind, arg] = [payload.slice(0, 1), payload.slice(2)];
    switch (kind) {
      case 'm':
        return this.dropMember(Number(arg));
      case 'p':
        // Another member's public profile is in chats and likes answers: those all go.
        this.gen.public++;
        this.profileRows.delete(Number(arg));
        this.dropMember(Number(arg));
        this.social.clear();
        this.searchViewers.clear();
        this.searches.clear();
        this.sharedSearches.clear();
        this.sharedLoads.clear();
        return;
      case 'n':
        // New members: visitors' searches may find them.
        this.gen.joined++;
        this.searches.clear();
        this.sharedSearches.clear();
        this.sharedLoads.clear();
        return;
      case 'x':
        this.gen.sessions++;
        this.sessions.delete(arg);
        return;
      case 'y':
        this.syncs.get(arg)?.();
        return;
      default:
        // 's' (sites) and anything unknown: everything.
        this.clear();
    }
  }

  /** Drops what this process keeps of a member (their own change, seen here before its announcement). */
  dropMember(memberId: number): void {
    this.memberGen[memberId & 4095] += 1;
    const keys = this.byMember.get(memberId);
    if (!keys) return;
    this.byMember.delete(memberId);
    for (const key of keys) {
      if (key.startsWith('x:')) this.sessions.delete(key.slice(2));
      else if (key.startsWith('user:')) this.users.delete(key);
      else if (key.startsWith('search:')) this.searchViewers.delete(key);
      else this.social.delete(key);
    }
  }

  clear(): void {
    this.gen.all++;
    this.sites.clear();
    this.siteAnswers = new WeakMap();
    this.sessions.clear();
    this.users.clear();
    this.social.clear();
    this.searches.clear();
    this.sharedSearches.clear();
    this.sharedLoads.clear();
    this.searchViewers.clear();
    this.profileRows.clear();
    this.byMember.clear();
  }

  /** Resolves once `announce(id)` has come back through the channel: every change before it has been applied. */
  waitFor(id: string, announce: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.syncs.set(id, () => {
        this.syncs.delete(id);
        resolve();
      });
      announce().catch((err: unknown) => {
        this.syncs.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  /** Loads, and keeps the value only when no change that concerns it (its generation) arrived meanwhile. */
  private async keep<T>(load: () => Promise<T>, generation: () => number, store: (value: T) => void): Promise<T> {
    const before = generation();
    const value = await load();
    if (generation() === before) store(value);
    return value;
  }

  private forget(memberId: number, key: string): void {
    const keys = this.byMember.get(memberId);
    if (keys?.delete(key) && !keys.size) this.byMember.delete(memberId);
  }

  private remember(memberId: number, key: string, store: () => void): void {
    let keys = this.byMember.get(memberId);
    if (!keys) this.byMember.set(memberId, (keys = new Set()));
    keys.add(key);
    store();
  }
}
