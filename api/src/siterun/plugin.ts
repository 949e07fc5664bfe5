import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  isLocale,
  OPERATOR_AREAS,
  SiteRunAnswerRequestSchema,
  SiteRunAnswerResponseSchema,
  SiteRunConversationQuerySchema,
  SiteRunConversationSchema,
  SiteRunNoteRequestSchema,
  SiteRunNoteResponseSchema,
  SiteRunProfileInputSchema,
  SiteRunProfileResponseSchema,
  SiteRunProfilesResponseSchema,
  SiteRunProfileUpdateSchema,
  SiteRunProtectionRequestSchema,
  SiteRunProtectionStateSchema,
  SiteRunQueueResponseSchema,
  SiteRunReleaseRequestSchema,
  SiteRunReleaseResponseSchema,
  SiteRunSupportProtectionSchema,
  type Locale,
} from '@dating/shared';
import type { Db } from '../db';
import { findCity } from '../geocode';
import { HttpError } from '../http/errors';
import { createMember } from '../members/member';
import { storeMessage, membership } from '../messages/messages';
import { enqueueNewMember, enqueueTexts } from '../moderation/queue';
import { notifyMessage } from '../notifications/notifications';
import { publishEvents } from '../events/publish';
import { SITE_FORBIDDEN } from '../operator/access';
import { audit } from '../operator/audit';
import { blockedPairSql } from '../profiles/visibility';
import { asksIfReal, honestAnswer } from './texts';
import { loadSiteRunProfile, listSiteRunProfiles, siteRunOwner } from './queries';

/** How long an opened conversation stays the operator's alone (renewed each time it is opened). */
export const SITE_RUN_LOCK_MINUTES = 10;

const NO_SUCH_PROFILE = () => new HttpError(404, 'not_found', 'id: no such site-run profile', 'id');
const NO_SUCH_CONVERSATION = () => new HttpError(404, 'not_found', 'conversation: no conversation with a site-run profile', 'conversation');
const NO_SUCH_MEMBER = () => new HttpError(404, 'not_found', 'member: no such member', 'member');

/** A site-run profile the call may act on: run by the operator's current site; else 404 or 403. */
async function ownProfile(request: FastifyRequest, id: number) {
  const owner = await siteRunOwner(request.server.db, id);
  if (owner === null) throw NO_SUCH_PROFILE();
  if (owner !== request.operatorSite.id) throw SITE_FORBIDDEN();
}

interface ConversationSides {
  profileId: number;
  profileName: string;
  memberId: number;
  runBy: number;
}

/** The two sides of a conversation with a site-run profile of the operator's site; 404 / 403 otherwise. */
async function conversationSides(db: Db, request: FastifyRequest, conversation: number): Promise<ConversationSides> {
  const { rows } = await db.query<{ profile_id: number; profile_name: string; member_id: number; run_by: number }>(
    `SELECT p.id AS profile_id, p.name AS profile_name, mem.id AS member_id, coalesce(p.run_by_site_id, p.site_id) AS run_by
       FROM conversations c
       JOIN members p ON p.id IN (c.member_lo, c.member_hi) AND p.fictional AND p.status <> 'deleted'
       JOIN members mem ON mem.id IN (c.member_lo, c.member_hi) AND mem.id <> p.id AND NOT mem.fictional
      WHERE c.id = $1`,
    [conversation],
  );
  const row = rows[0];
  if (!row) throw NO_SUCH_CONVERSATION();
  if (row.run_by !== request.operatorSite.id) throw SITE_FORBIDDEN();
  return { profileId: row.profile_id, profileName: row.profile_name, memberId: row.member_id, runBy: row.run_by };
}

/** The member's protection from site-run profiles. */
async function protectionOf(db: Db, memberId: number) {
  const { rows } = await db.query<{ by_member: boolean; by_support: boolean }>(
    'SELECT site_run_blocked_self AS by_member, site_run_blocked_support AS by_support FROM members WHERE id = $1',
    [memberId],
  );
  return rows[0] ?? { by_member: false, by_support: false };
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Site-run profiles (docs/site-run-profiles.md): operators create and edit them, answer their
 * conversations from a console (one operator per conversation at a time, every answer audited,
 * never an automatic one), keep notes about members, and protect vulnerable members; members
 * protect themselves with GET/PUT /api/site_run_protection.php.
 */
export const siteRunPlugin: FastifyPluginAsyncZod = async (app) => {
  const profiles = { access: 'operator', roles: OPERATOR_AREAS.site_run_profiles } as const;
  const consoleAccess = { access: 'operator', roles: OPERATOR_AREAS.site_run_console } as const;

  // ─── The profiles ─────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/site_run_profiles.php',
    {
      config: profiles,
      schema: {
        tags: ['operator'],
        summary: "The site-run profiles of the operator's site, with their conversations and those waiting for an answer.",
        response: { 200: SiteRunProfilesResponseSchema },
      },
    },
    async (request) => ({
      profiles: await listSiteRunProfiles(app.db, request.operatorSite.id),
      fictional_icon: request.operatorSite.settings.fictional_icon,
    }),
  );

  app.post(
    '/api/operator/site_run_profiles.php',
    {
      config: profiles,
      schema: {
        tags: ['operator'],
        summary: "A new site-run profile of the operator's site (in its member pool; marked everywhere members see it; its name enters moderation).",
        body: SiteRunProfileInputSchema,
        response: { 200: SiteRunProfileResponseSchema },
      },
    },
    async (request) => {
      const site = request.operatorSite;
      const p = request.body;
      const at = p.city ? findCity(p.country, p.city) : null;
      const id = await app.db.transaction(async (tx) => {
        const id = await createMember(tx, {
          siteId: site.memberPoolId,
          email: `site-run-${randomUUID()}@site-run.invalid`,
          passwordHash: null,
          name: p.name,
          gender: p.gender,
          dateOfBirth: p.date_of_birth,
          city: p.city || null,
          country: p.country,
          latitude: at?.lat ?? null,
          longitude: at?.lon ?? null,
          language: p.language,
          personal: '',
          fictional: true,
        });
        await tx.query('UPDATE members SET run_by_site_id = $2 WHERE id = $1', [id, site.id]);
        await enqueueNewMember(tx, id);
        // The text enters the queue like a member's first text (held under pre-moderation).
        if (p.personal && !(await enqueueTexts(tx, id, { personal: p.personal })).has('personal')) {
          await tx.query('UPDATE members SET personal = $2 WHERE id = $1', [id, p.personal]);
        }
        await audit(tx, request, { action: 'site_run.profile_create', targetType: 'member', targetId: id, after: { ...p } });
        return id;
      });
      return { profile: (await loadSiteRunProfile(app.db, id))! };
    },
  );

  app.put(
    '/api/operator/site_run_profiles.php',
    {
      config: profiles,
      schema: {
        tags: ['operator'],
        summary: 'Change a site-run profile; a changed name or text passes moderation like a member\'s.',
        body: SiteRunProfileUpdateSchema,
        response: { 200: SiteRunProfileResponseSchema },
      },
    },
    async (request) => {
      const { id, ...change } = request.body;
      await ownProfile(request, id);
      const before = (await loadSiteRunProfile(app.db, id))!;
      await app.db.transaction(async (tx) => {
        const columns = new Map<string, { value: unknown; cast: string }>();
        if (change.name !== undefined) columns.set('name', { value: change.name, cast: '' });
        if (change.personal !== undefined) columns.set('personal', { value: change.personal, cast: '' });
        if (change.gender !== undefined) columns.set('gender', { value: change.gender, cast: '' });
        if (change.date_of_birth !== undefined) columns.set('date_of_birth', { value: change.date_of_birth, cast: '::date' });
        if (change.language !== undefined) columns.set('language', { value: change.language, cast: '' });
        if (change.country !== undefined || change.city !== undefined) {
          const country = change.country ?? before.country ?? 'NL';
          const city = change.city !== undefined ? change.city || null : before.city;
          const at = city ? findCity(country, city) : null;
          columns.set('country', { value: country, cast: '' });
          columns.set('city', { value: city, cast: '' });
          columns.set('latitude', { value: at?.lat ?? null, cast: '::float8' });
          columns.set('longitude', { value: at?.lon ?? null, cast: '::float8' });
        }
        // Changed texts enter the moderation queue; under pre-moderation they wait there, unapplied.
        const held = await enqueueTexts(tx, id, {
          name: change.name !== undefined && change.name !== before.name ? change.name : undefined,
          personal: change.personal !== undefined && change.personal !== before.personal ? change.personal : undefined,
        });
        for (const field of held) columns.delete(field);
        if (columns.size) {
          const params: unknown[] = [id];
          const sets = [...columns].map(([column, { value, cast }]) => {
            params.push(value);
            return `${column} = $${params.length}${cast}`;
          });
          await tx.query(`UPDATE members SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
        }
        await audit(tx, request, { action: 'site_run.profile_update', targetType: 'member', targetId: id, before, after: change });
      });
      return { profile: (await loadSiteRunProfile(app.db, id))! };
    },
  );

  // ─── The console ──────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/site_run_queue.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: "Conversations with the site's site-run profiles waiting for an answer, oldest first (never those of a protected member).",
        response: { 200: SiteRunQueueResponseSchema },
      },
    },
    async (request) => {
      const operatorId = request.operator!.id;
      const { rows } = await app.db.query<{
        conversation: number;
        profile_id: number;
        profile_name: string;
        profile_thumb: string | null;
        member_id: number;
        member_name: string;
        member_age: number | null;
        member_city: string | null;
        member_country: string | null;
        member_language: string | null;
        protected: boolean;
        waiting_since: Date;
        last_message: string;
        locked_by: string | null;
      }>(
        `WITH srp AS (SELECT id FROM members WHERE fictional AND coalesce(run_by_site_id, site_id) = $1 AND status <> 'deleted')
         SELECT c.id AS conversation, p.id AS profile_id, p.name AS profile_name,
                (SELECT i.thumb_filename FROM images i WHERE i.member_id = p.id AND i.is_main AND i.visibility <> 'rejected') AS profile_thumb,
                mem.id AS member_id, mem.name AS member_name, extract(year FROM age(current_date, mem.date_of_birth))::int AS member_age,
                mem.city AS member_city, mem.country AS member_country, mem.language AS member_language,
                (mem.site_run_blocked_self OR mem.site_run_blocked_support) AS protected,
                (SELECT min(x.created_at) FROM messages x
                  WHERE x.conversation_id = c.id
                    AND x.id > coalesce((SELECT max(y.id) FROM messages y WHERE y.conversation_id = c.id AND y.sender_id = p.id), 0)) AS waiting_since,
                lm.body AS last_message,
                CASE WHEN l.operator_id <> $2 THEN o.name END AS locked_by
           FROM (SELECT c.id, c.last_message_id, c.member_lo AS profile_id, c.member_hi AS member_id
                   FROM srp JOIN conversations c ON c.member_lo = srp.id
                 UNION ALL
                 SELECT c.id, c.last_message_id, c.member_hi, c.member_lo
                   FROM srp JOIN conversations c ON c.member_hi = srp.id) c
           JOIN messages lm ON lm.id = c.last_message_id
           JOIN members p ON p.id = c.profile_id
           JOIN members mem ON mem.id = c.member_id AND NOT mem.fictional AND mem.status <> 'deleted'
           LEFT JOIN site_run_locks l ON l.conversation_id = c.id AND l.locked_until > now()
           LEFT JOIN operators o ON o.id = l.operator_id
          WHERE lm.sender_id = mem.id AND NOT ${blockedPairSql('p.id', 'mem.id')}
          ORDER BY waiting_since, c.id
          LIMIT 200`,
        [request.operatorSite.id, operatorId],
      );
      const now = Date.now();
      const open = rows.filter((r) => !r.protected);
      return {
        items: open.map((r) => ({
          conversation: r.conversation,
          profile: { id: r.profile_id, name: r.profile_name, main_image: r.profile_thumb ? { thumb_filename: r.profile_thumb } : null },
          member: {
            id: r.member_id,
            name: r.member_name,
            age: r.member_age,
            city: r.member_city,
            country: r.member_country,
            language: (isLocale(r.member_language) ? r.member_language : request.operatorSite.domainLanguage) as Locale,
          },
          waiting_since: iso(r.waiting_since),
          waiting_seconds: Math.max(0, Math.floor((now - new Date(r.waiting_since).getTime()) / 1000)),
          last_message: r.last_message,
          locked_by: r.locked_by,
        })),
        protected_left_out: rows.length - open.length,
      };
    },
  );

  app.get(
    '/api/operator/site_run_conversation.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: 'Open a conversation with a site-run profile to answer it: locks it to the caller (409 `locked` while another operator holds it); its last 50 messages, notes about the member, the honest answer in their language.',
        querystring: SiteRunConversationQuerySchema,
        response: { 200: SiteRunConversationSchema },
      },
    },
    async (request) => {
      const conversation = request.query.conversation;
      const sides = await conversationSides(app.db, request, conversation);
      const operator = request.operator!;
      const { rows: lock } = await app.db.query<{ locked_until: Date }>(
        `INSERT INTO site_run_locks (conversation_id, operator_id, locked_until) VALUES ($1, $2, now() + make_interval(mins => $3))
         ON CONFLICT (conversation_id) DO UPDATE SET operator_id = EXCLUDED.operator_id, locked_until = EXCLUDED.locked_until
          WHERE site_run_locks.operator_id = EXCLUDED.operator_id OR site_run_locks.locked_until <= now()
         RETURNING locked_until`,
        [conversation, operator.id, SITE_RUN_LOCK_MINUTES],
      );
      if (!lock[0]) {
        const { rows } = await app.db.query<{ name: string }>(
          'SELECT o.name FROM site_run_locks l JOIN operators o ON o.id = l.operator_id WHERE l.conversation_id = $1',
          [conversation],
        );
        throw new HttpError(409, 'locked', `conversation: ${rows[0]?.name ?? 'another operator'} is answering it`, 'conversation');
      }
      const [{ rows: members }, { rows: messages }, { rows: notes }, { rows: profile }] = await Promise.all([
        app.db.query<{ id: number; name: string; age: number | null; city: string | null; country: string | null; language: string | null; by_member: boolean; by_support: boolean }>(
          `SELECT id, name, extract(year FROM age(current_date, date_of_birth))::int AS age, city, country, language,
                  site_run_blocked_self AS by_member, site_run_blocked_support AS by_support
             FROM members WHERE id = $1`,
          [sides.memberId],
        ),
        app.db.query<{ id: number; sender_id: number; body: string; created_at: Date; operator: string | null }>(
          `SELECT * FROM (
             SELECT msg.id, msg.sender_id, msg.body, msg.created_at, o.name AS operator
               FROM messages msg LEFT JOIN site_run_answers a ON a.message_id = msg.id LEFT JOIN operators o ON o.id = a.operator_id
              WHERE msg.conversation_id = $1 ORDER BY msg.id DESC LIMIT 50) t ORDER BY id`,
          [conversation],
        ),
        app.db.query<{ id: number; body: string; operator: string | null; created_at: Date }>(
          `SELECT n.id, n.body, o.name AS operator, n.created_at FROM site_run_notes n LEFT JOIN operators o ON o.id = n.operator_id
            WHERE n.site_id = $1 AND n.member_id = $2 ORDER BY n.created_at DESC, n.id DESC LIMIT 50`,
          [request.operatorSite.id, sides.memberId],
        ),
        app.db.query<{ thumb: string | null }>(
          `SELECT (SELECT i.thumb_filename FROM images i WHERE i.member_id = $1 AND i.is_main AND i.visibility <> 'rejected') AS thumb`,
          [sides.profileId],
        ),
      ]);
      const m = members[0]!;
      const language = (isLocale(m.language) ? m.language : request.operatorSite.domainLanguage) as Locale;
      const lastFromMember = [...messages].reverse().find((x) => x.sender_id === sides.memberId);
      return {
        conversation,
        profile: { id: sides.profileId, name: sides.profileName, main_image: profile[0]?.thumb ? { thumb_filename: profile[0].thumb } : null },
        member: {
          id: m.id,
          name: m.name,
          age: m.age,
          city: m.city,
          country: m.country,
          language,
          protected: m.by_member || m.by_support,
          protected_by: m.by_support ? ('support' as const) : m.by_member ? ('member' as const) : null,
        },
        messages: messages.map((x) => ({
          id: x.id,
          from: x.sender_id === sides.profileId ? ('profile' as const) : ('member' as const),
          msg: x.body,
          created_at: iso(x.created_at),
          operator: x.sender_id === sides.profileId ? x.operator : null,
        })),
        notes: notes.map((n) => ({ id: n.id, body: n.body, operator: n.operator, created_at: iso(n.created_at) })),
        honest_answer: honestAnswer(language, request.operatorSite.theme.brandName),
        asks_if_real: lastFromMember ? asksIfReal(lastFromMember.body) : false,
        locked_until: iso(lock[0].locked_until),
      };
    },
  );

  app.post(
    '/api/operator/site_run_answer.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: 'Send the site-run profile\'s answer (only the operator holding the conversation; 409 `lock_lost` otherwise, 409 `member_protected` for a protected member). Audited with the operator; the member sees the profile, never the operator.',
        body: SiteRunAnswerRequestSchema,
        response: { 200: SiteRunAnswerResponseSchema },
      },
    },
    async (request) => {
      const { conversation, msg } = request.body;
      const operator = request.operator!;
      const sides = await conversationSides(app.db, request, conversation);
      const message = await app.db.transaction(async (tx) => {
        const { rows: lock } = await tx.query<{ mine: boolean }>(
          `SELECT operator_id = $2 AND locked_until > now() AS mine FROM site_run_locks WHERE conversation_id = $1 FOR UPDATE`,
          [conversation, operator.id],
        );
        if (!lock[0]?.mine) throw new HttpError(409, 'lock_lost', 'conversation: open it again before answering (another operator may have it)', 'conversation');
        const { rows: state } = await tx.query<{ protected: boolean; blocked: boolean; status: string }>(
          `SELECT (site_run_blocked_self OR site_run_blocked_support) AS protected, status,
                  ${blockedPairSql('$1::int', '$2::int')} AS blocked
             FROM members WHERE id = $1 FOR UPDATE`,
          [sides.memberId, sides.profileId],
        );
        const member = state[0]!;
        if (member.status === 'deleted') throw new HttpError(410, 'recipient_gone', 'This member has left; the message was not sent');
        if (member.protected) throw new HttpError(409, 'member_protected', 'conversation: this member receives no messages from site-run profiles', 'conversation');
        if (member.blocked) throw new HttpError(403, 'blocked', 'The member blocked this profile');
        const m = await membership(tx, conversation, sides.profileId, true);
        // The profile pays nothing: site-run profiles hold no credits.
        const sent = (await storeMessage(tx, m, msg, 0))!;
        await tx.query('INSERT INTO site_run_answers (message_id, operator_id, site_id) VALUES ($1, $2, $3)', [sent.message.id, operator.id, request.operatorSite.id]);
        await tx.query('DELETE FROM site_run_locks WHERE conversation_id = $1', [conversation]);
        await notifyMessage(tx, sides.memberId, sides.profileId, conversation);
        const payload = Buffer.byteLength(JSON.stringify(sent.message)) < 7000 ? sent.message : undefined;
        await publishEvents(tx, [
          { type: 'message', member: sides.memberId, message: sent.message.id, payload },
          { type: 'message', member: sides.profileId, message: sent.message.id, payload },
        ]);
        await audit(tx, request, {
          action: 'site_run.answer',
          targetType: 'conversation',
          targetId: conversation,
          after: { message: sent.message.id, profile: sides.profileId, member: sides.memberId },
        });
        return sent.message;
      });
      void app.pushInBackground(sides.memberId, {
        type: 'message',
        sender: { id: sides.profileId, name: sides.profileName },
        conversation,
        siteRun: true,
      });
      return { message: { id: message.id, from: 'profile' as const, msg: message.msg, created_at: message.created_at, operator: operator.name } };
    },
  );

  app.post(
    '/api/operator/site_run_release.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: 'Leave a conversation without answering: the caller\'s lock goes, another operator may take it.',
        body: SiteRunReleaseRequestSchema,
        response: { 200: SiteRunReleaseResponseSchema },
      },
    },
    async (request) => {
      await conversationSides(app.db, request, request.body.conversation);
      const { rows } = await app.db.query('DELETE FROM site_run_locks WHERE conversation_id = $1 AND operator_id = $2 RETURNING 1', [
        request.body.conversation,
        request.operator!.id,
      ]);
      return { released: rows.length > 0 };
    },
  );

  app.post(
    '/api/operator/site_run_notes.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: "A note about a member of the operator's site, for whoever answers them next.",
        body: SiteRunNoteRequestSchema,
        response: { 200: SiteRunNoteResponseSchema },
      },
    },
    async (request) => {
      const { member, body } = request.body;
      await memberOfPool(app.db, request, member);
      const note = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; created_at: Date }>(
          'INSERT INTO site_run_notes (site_id, member_id, operator_id, body) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
          [request.operatorSite.id, member, request.operator!.id, body],
        );
        await audit(tx, request, { action: 'site_run.note', targetType: 'member', targetId: member, after: { note: rows[0]!.id } });
        return rows[0]!;
      });
      return { note: { id: note.id, body, operator: request.operator!.name, created_at: iso(note.created_at) } };
    },
  );

  app.put(
    '/api/operator/site_run_protection.php',
    {
      config: consoleAccess,
      schema: {
        tags: ['operator'],
        summary: 'Support protects a vulnerable member from site-run profiles (or lifts its own protection); the member\'s own choice stays as it is. Audited with the reason.',
        body: SiteRunSupportProtectionSchema,
        response: { 200: SiteRunProtectionStateSchema },
      },
    },
    async (request) => {
      const { member, reason } = request.body;
      await memberOfPool(app.db, request, member);
      return app.db.transaction(async (tx) => {
        const before = await protectionOf(tx, member);
        await tx.query('UPDATE members SET site_run_blocked_support = $2 WHERE id = $1', [member, request.body.protected]);
        const after = await protectionOf(tx, member);
        await audit(tx, request, { action: request.body.protected ? 'site_run.protect' : 'site_run.unprotect', targetType: 'member', targetId: member, before, after, reason });
        return after;
      });
    },
  );

  // ─── The member's own choice ──────────────────────────────────────────────────────────────

  app.get(
    '/api/site_run_protection.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: 'Whether the member receives messages from profiles the site runs (their own choice, and whether support protects them).',
        response: { 200: SiteRunProtectionStateSchema },
      },
    },
    async (request) => protectionOf(app.db, request.memberId),
  );

  app.put(
    '/api/site_run_protection.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary: "The member's own choice: no messages from profiles the site runs (support's protection stays whatever this says).",
        body: SiteRunProtectionRequestSchema,
        response: { 200: SiteRunProtectionStateSchema },
      },
    },
    async (request) => {
      await app.db.query('UPDATE members SET site_run_blocked_self = $2 WHERE id = $1', [request.memberId, request.body.by_member]);
      return protectionOf(app.db, request.memberId);
    },
  );
};

/** A real member of the operator's site's pool; 404 / 403 otherwise. */
async function memberOfPool(db: Db, request: FastifyRequest, memberId: number): Promise<void> {
  const { rows } = await db.query<{ site_id: number }>(`SELECT site_id FROM members WHERE id = $1 AND status <> 'deleted' AND NOT fictional`, [memberId]);
  if (!rows[0]) throw NO_SUCH_MEMBER();
  if (rows[0].site_id !== request.operatorSite.memberPoolId) throw SITE_FORBIDDEN();
}
