import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isLocale,
  MemberModerationResponseSchema,
  ModerationDecisionResponseSchema,
  ModerationDecisionSchema,
  ModerationQueueQuerySchema,
  ModerationQueueResponseSchema,
  ModerationReasonCreateSchema,
  ModerationReasonResponseSchema,
  ModerationReasonsResponseSchema,
  ModerationReasonUpdateSchema,
  ModerationSettingsSchema,
  ModerationSettingsUpdateSchema,
  ModerationUndoResponseSchema,
  OPERATOR_AREAS,
  type ModerationItem,
  type ModerationReason,
  type PhotoFormat,
} from '@dating/shared';
import { siteOrigin } from '../account/origin';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { requireSite } from '../operator/access';
import { audit } from '../operator/audit';
import { moderationSettings, MODERATED_TEXTS } from './queue';
import { toImage } from '../members/member';

type PhotoRow = { id: number; filename: string; thumb_filename: string; width: number | null; height: number | null; formats: PhotoFormat[] | null };

/** A photo as moderation shows it: both names, and the large version's size and other formats where stored. */
function moderationPhoto(p: PhotoRow): NonNullable<ModerationItem['photo']> {
  const { large, formats } = toImage({ ...p, is_main: false });
  return { id: p.id, filename: p.filename, thumb_filename: p.thumb_filename, ...(large ? { large } : {}), ...(formats ? { formats } : {}) };
}

/** An operator may take back their last decision this long after it. */
export const UNDO_WINDOW_MINUTES = 10;

interface ItemRow {
  id: number;
  site_id: number;
  member_id: number;
  kind: 'photo' | 'text';
  field: string;
  status: ModerationItem['status'] | 'superseded';
  held: boolean;
  image_id: number | null;
  filename: string | null;
  thumb_filename: string | null;
  width: number | null;
  height: number | null;
  formats: PhotoFormat[] | null;
  text_before: string | null;
  text_after: string | null;
  created_at: Date;
  decided_at: Date | null;
  reason_id: number | null;
  reason_texts: Record<string, string> | null;
  name: string;
  age: number | null;
  city: string | null;
  country: string | null;
  language: string | null;
  signup_date: Date;
  waiting_seconds: number;
  other_photos: PhotoRow[];
}

const ITEM_SELECT = `
  SELECT it.id, it.site_id, it.member_id, it.kind, it.field, it.status, it.held, it.image_id, i.filename, i.thumb_filename, i.width, i.height, i.formats,
         it.text_before, it.text_after, it.created_at, it.decided_at, it.reason_id, r.texts AS reason_texts,
         m.name, extract(year FROM age(current_date, m.date_of_birth))::int AS age, m.city, m.country, m.language, m.signup_date,
         greatest(0, extract(epoch FROM (coalesce(it.decided_at, now()) - it.created_at)))::int AS waiting_seconds,
         coalesce((SELECT json_agg(json_build_object('id', o.id, 'filename', o.filename, 'thumb_filename', o.thumb_filename,
                                             'width', o.width, 'height', o.height, 'formats', o.formats) ORDER BY o.is_main DESC, o.id)
                     FROM images o WHERE o.member_id = it.member_id AND o.visibility = 'visible' AND o.id IS DISTINCT FROM it.image_id), '[]'::json) AS other_photos
    FROM moderation_items it
    JOIN members m ON m.id = it.member_id
    LEFT JOIN images i ON i.id = it.image_id
    LEFT JOIN moderation_reasons r ON r.id = it.reason_id`;

const reasonLabel = (texts: Record<string, string>, language: string | null | undefined) =>
  (isLocale(language) ? texts[language] : undefined) ?? texts.en ?? Object.values(texts)[0] ?? '';

function toItem(r: ItemRow, targetMinutes: number, operatorLanguage = 'en'): ModerationItem {
  return {
    id: r.id,
    kind: r.kind,
    field: r.field,
    status: r.status === 'superseded' ? 'rejected' : r.status,
    member: {
      id: r.member_id,
      name: r.name,
      age: r.age,
      city: r.city,
      country: r.country,
      language: r.language,
      signup_date: new Date(r.signup_date).toISOString(),
    },
    photo: r.image_id !== null && r.filename ? moderationPhoto({ id: r.image_id, filename: r.filename, thumb_filename: r.thumb_filename!, width: r.width, height: r.height, formats: r.formats }) : null,
    other_photos: r.other_photos.map(moderationPhoto),
    text_before: r.text_before,
    text: r.text_after,
    created_at: new Date(r.created_at).toISOString(),
    waiting_seconds: r.waiting_seconds,
    overdue: r.status === 'pending' && r.waiting_seconds > targetMinutes * 60,
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    reason: r.reason_id !== null && r.reason_texts ? { id: r.reason_id, label: reasonLabel(r.reason_texts, operatorLanguage) } : null,
  };
}

const toReason = (r: { id: number; texts: Record<string, string>; active: boolean }): ModerationReason => ({
  id: r.id,
  texts: r.texts,
  active: r.active,
});

const NO_ITEM = () => new HttpError(404, 'not_found', 'item: there is no such item in the queue', 'item');

/**
 * Where the member's own site is, for the link in the mail: the request's origin when the request
 * is on that site (`here`, computed before the transaction), else the site's first host name.
 */
async function memberSiteOrigin(db: Db, request: FastifyRequest, here: string, siteId: number): Promise<string> {
  if (request.site.id === siteId) return here;
  const { rows } = await db.query<{ host: string }>(
    `SELECT host FROM site_hosts WHERE site_id = $1 ORDER BY (host ~ '^[0-9.:]+$'), length(host), host LIMIT 1`,
    [siteId],
  );
  return `${request.server.config.production ? 'https' : 'http'}://${rows[0]?.host ?? 'localhost'}`;
}

/** Tells the member that a photo or text was rejected, and why, in their language: a notice and a mail. */
async function tellMember(db: Db, request: FastifyRequest, here: string, item: ItemRow, reasonTexts: Record<string, string>): Promise<void> {
  const { rows } = await db.query<{ email: string; name: string; language: string | null; site_id: number; brand: string }>(
    `SELECT m.email, m.name, m.language, m.site_id, s.theme ->> 'brandName' AS brand FROM members m JOIN sites s ON s.id = m.site_id
      WHERE m.id = $1 AND m.status <> 'deleted'`,
    [item.member_id],
  );
  const member = rows[0];
  if (!member) return;
  const reason = reasonLabel(reasonTexts, member.language);
  const notice = item.kind === 'photo' ? 'moderation-rejected-photo' : `moderation-rejected-${item.field}`;
  await db.query(`INSERT INTO notifications (member_id, type, notice, detail) VALUES ($1, 'account', $2, $3)`, [item.member_id, notice, reason]);
  await queueMail(db, {
    siteId: member.site_id,
    memberId: item.member_id,
    kind: 'moderation_rejected',
    to: member.email,
    language: member.language,
    vars: {
      brand: member.brand,
      name: member.name,
      link: `${await memberSiteOrigin(db, request, here, member.site_id)}/profile`,
      what: item.kind === 'photo' ? 'photo' : item.field,
      reason,
    },
  });
}

/**
 * The moderation queue of the operator's current site: every new photo and changed profile text
 * (src/moderation/queue.ts), oldest first, with the waiting time against the site's target; the
 * decisions (approve, reject with a reason of the site's list, undo the last), each audited; the
 * list of reasons; the site's mode. And the member's own view: what of theirs is in review or was
 * rejected, and why.
 */
export const moderationPlugin: FastifyPluginAsyncZod = async (app) => {
  const moderators = { access: 'operator', roles: OPERATOR_AREAS.moderation } as const;

  async function loadItem(db: Db, id: number, lock = false): Promise<ItemRow | undefined> {
    const { rows } = await db.query<ItemRow>(`${ITEM_SELECT} WHERE it.id = $1${lock ? ' FOR UPDATE OF it' : ''}`, [id]);
    return rows[0];
  }

  app.get(
    '/api/operator/moderation.php',
    {
      config: moderators,
      schema: {
        tags: ['operator'],
        summary:
          "The current site's moderation queue, oldest first (`status` pending by default; `after` skips to items after an id): each item with the member, their other photos, the text before and after, waiting time and whether it is over the site's target.",
        querystring: ModerationQueueQuerySchema,
        response: { 200: ModerationQueueResponseSchema },
      },
    },
    async (request) => {
      const site = request.operatorSite;
      const q = request.query;
      const settings = await moderationSettings(app.db, site.id);
      const params: unknown[] = [site.id, q.status, q.limit];
      let where = `it.site_id = $1 AND it.status = $2 AND (it.kind = 'text' OR it.image_id IS NOT NULL)`;
      if (q.kind) {
        params.push(q.kind);
        where += ` AND it.kind = $${params.length}`;
      }
      if (q.after !== undefined) {
        params.push(q.after);
        where += ` AND (it.created_at, it.id) > (SELECT created_at, id FROM moderation_items WHERE id = $${params.length})`;
      }
      const order = q.status === 'pending' ? 'it.created_at, it.id' : 'it.decided_at DESC, it.id DESC';
      const [{ rows }, { rows: stats }] = await Promise.all([
        app.db.query<ItemRow>(`${ITEM_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $3`, params),
        app.db.query<{ pending: number; oldest: number }>(
          `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::int AS oldest
             FROM moderation_items WHERE site_id = $1 AND status = 'pending' AND (kind = 'text' OR image_id IS NOT NULL)`,
          [site.id],
        ),
      ]);
      return {
        items: rows.map((r) => toItem(r, settings.target_minutes)),
        pending: stats[0]?.pending ?? 0,
        oldest_waiting_seconds: Math.max(0, stats[0]?.oldest ?? 0),
        settings,
      };
    },
  );

  app.post(
    '/api/operator/moderation.php',
    {
      config: moderators,
      schema: {
        tags: ['operator'],
        summary:
          'Decide an item: approve (a held photo or text goes live), or reject with a reason of the site\'s list (the photo is hidden, a live text goes back to what it was; the member is told the reason in their language by notice and mail). 409 when already decided; 403 for another site\'s item.',
        body: ModerationDecisionSchema,
        response: { 200: ModerationDecisionResponseSchema },
      },
    },
    async (request) => {
      const decision = request.body;
      const site = request.operatorSite;
      const op = request.operator!;
      const settings = await moderationSettings(app.db, site.id);
      // Before the transaction: PGlite has one connection, so nothing may query outside it meanwhile.
      const here = await siteOrigin(request);
      const item = await app.db.transaction(async (tx) => {
        const it = await loadItem(tx, decision.item, true);
        if (!it) throw NO_ITEM();
        requireSite(request, it.site_id);
        if (it.status !== 'pending') throw new HttpError(409, 'already_decided', 'item: this item was decided already (or replaced by a newer change)', 'item');
        if (decision.decision === 'approve') {
          await tx.query(`UPDATE moderation_items SET status = 'approved', decided_at = now(), decided_by = $2 WHERE id = $1`, [it.id, op.id]);
          if (it.kind === 'photo' && it.image_id !== null) await tx.query(`UPDATE images SET visibility = 'visible' WHERE id = $1`, [it.image_id]);
          if (it.kind === 'text' && it.held) await applyText(tx, it.member_id, it.field, it.text_after ?? '');
        } else {
          const { rows: reasons } = await tx.query<{ texts: Record<string, string> }>(
            'SELECT texts FROM moderation_reasons WHERE id = $1 AND site_id = $2 AND active',
            [decision.reason, site.id],
          );
          if (!reasons[0]) throw new HttpError(400, 'invalid_input', 'reason: not an active reason of this site', 'reason');
          await tx.query(`UPDATE moderation_items SET status = 'rejected', decided_at = now(), decided_by = $2, reason_id = $3 WHERE id = $1`, [
            it.id,
            op.id,
            decision.reason,
          ]);
          if (it.kind === 'photo' && it.image_id !== null) await hidePhoto(tx, it.member_id, it.image_id);
          // A live text (post-moderation) goes back to what it was, unless the member changed it since.
          if (it.kind === 'text' && !it.held) await applyText(tx, it.member_id, it.field, it.text_before ?? '', it.text_after ?? '');
          await tellMember(tx, request, here, it, reasons[0].texts);
        }
        const after = (await loadItem(tx, it.id))!;
        await audit(tx, request, {
          action: `moderation.${decision.decision}`,
          targetType: it.kind === 'photo' ? 'photo' : 'profile_text',
          targetId: it.kind === 'photo' ? (it.image_id ?? it.id) : `${it.member_id}:${it.field}`,
          before: { item: it.id, member: it.member_id, status: it.status, ...(it.kind === 'text' ? { text: it.text_before } : {}) },
          after: { item: it.id, member: it.member_id, status: after.status, ...(it.kind === 'text' ? { text: it.text_after } : {}) },
          reason: decision.decision === 'reject' ? reasonLabel(after.reason_texts ?? {}, 'en') : null,
        });
        return after;
      });
      return { item: toItem(item, settings.target_minutes) };
    },
  );

  app.post(
    '/api/operator/moderation_undo.php',
    {
      config: moderators,
      schema: {
        tags: ['operator'],
        summary: `Take back this operator's last decision on the current site (within ${UNDO_WINDOW_MINUTES} minutes): the item is pending again, a hidden photo or restored text as before the decision. 404 when there is none.`,
        response: { 200: ModerationUndoResponseSchema },
      },
    },
    async (request) => {
      const site = request.operatorSite;
      const op = request.operator!;
      const settings = await moderationSettings(app.db, site.id);
      const item = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          `SELECT id FROM moderation_items
            WHERE decided_by = $1 AND site_id = $2 AND status IN ('approved', 'rejected') AND decided_at > now() - make_interval(mins => $3)
            ORDER BY decided_at DESC, id DESC LIMIT 1 FOR UPDATE`,
          [op.id, site.id, UNDO_WINDOW_MINUTES],
        );
        if (!rows[0]) throw new HttpError(404, 'not_found', `Nothing to undo: you decided nothing here in the last ${UNDO_WINDOW_MINUTES} minutes`);
        const it = (await loadItem(tx, rows[0].id))!;
        if (it.kind === 'photo' && it.image_id !== null) {
          await tx.query('UPDATE images SET visibility = $2 WHERE id = $1', [it.image_id, it.held ? 'held' : 'visible']);
        }
        if (it.kind === 'text') {
          // Approved and held: back to the old text; rejected and live: the member's text again.
          if (it.status === 'approved' && it.held) await applyText(tx, it.member_id, it.field, it.text_before ?? '', it.text_after ?? '');
          if (it.status === 'rejected' && !it.held) await applyText(tx, it.member_id, it.field, it.text_after ?? '', it.text_before ?? '');
        }
        await tx.query(`UPDATE moderation_items SET status = 'pending', decided_at = NULL, decided_by = NULL, reason_id = NULL WHERE id = $1`, [it.id]);
        await audit(tx, request, {
          action: 'moderation.undo',
          targetType: it.kind === 'photo' ? 'photo' : 'profile_text',
          targetId: it.kind === 'photo' ? (it.image_id ?? it.id) : `${it.member_id}:${it.field}`,
          before: { item: it.id, status: it.status },
          after: { item: it.id, status: 'pending' },
        });
        return (await loadItem(tx, it.id))!;
      });
      return { item: toItem(item, settings.target_minutes) };
    },
  );

  // ─── Reasons ──────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/moderation_reasons.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.moderation_reasons },
      schema: { tags: ['operator'], summary: "The current site's rejection reasons (each in the languages given), active first.", response: { 200: ModerationReasonsResponseSchema } },
    },
    async (request) => {
      const { rows } = await app.db.query<{ id: number; texts: Record<string, string>; active: boolean }>(
        'SELECT id, texts, active FROM moderation_reasons WHERE site_id = $1 ORDER BY active DESC, id',
        [request.operatorSite.id],
      );
      return { reasons: rows.map(toReason) };
    },
  );

  app.post(
    '/api/operator/moderation_reasons.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.moderation_reasons },
      schema: {
        tags: ['operator'],
        summary: 'Add a rejection reason to the current site: its text per language (English required; a member whose language is missing reads English).',
        body: ModerationReasonCreateSchema,
        response: { 200: ModerationReasonResponseSchema },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<{ id: number; texts: Record<string, string>; active: boolean }>(
        'INSERT INTO moderation_reasons (site_id, texts) VALUES ($1, $2::jsonb) RETURNING id, texts, active',
        [request.operatorSite.id, JSON.stringify(request.body.texts)],
      );
      await audit(app.db, request, { action: 'moderation_reason.create', targetType: 'moderation_reason', targetId: rows[0]!.id, after: rows[0] });
      return { reason: toReason(rows[0]!) };
    },
  );

  app.put(
    '/api/operator/moderation_reasons.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.moderation_reasons },
      schema: {
        tags: ['operator'],
        summary: "Change a reason's texts, or retire it (`active: false`: no longer offered; past decisions keep it) or bring it back.",
        body: ModerationReasonUpdateSchema,
        response: { 200: ModerationReasonResponseSchema },
      },
    },
    async (request) => {
      const { id, texts, active } = request.body;
      const site = request.operatorSite;
      return app.db.transaction(async (tx) => {
        const { rows: before } = await tx.query<{ id: number; site_id: number; texts: Record<string, string>; active: boolean }>(
          'SELECT id, site_id, texts, active FROM moderation_reasons WHERE id = $1 FOR UPDATE',
          [id],
        );
        if (!before[0]) throw new HttpError(404, 'not_found', 'id: there is no such reason', 'id');
        requireSite(request, before[0].site_id);
        const { rows } = await tx.query<{ id: number; texts: Record<string, string>; active: boolean }>(
          'UPDATE moderation_reasons SET texts = coalesce($2::jsonb, texts), active = coalesce($3, active) WHERE id = $1 RETURNING id, texts, active',
          [id, texts === undefined ? null : JSON.stringify(texts), active ?? null],
        );
        await audit(tx, request, { action: 'moderation_reason.update', targetType: 'moderation_reason', targetId: id, before: toReason(before[0]), after: rows[0], siteId: site.id });
        return { reason: toReason(rows[0]!) };
      });
    },
  );

  // ─── Settings ─────────────────────────────────────────────────────────────────────────────────

  app.get(
    '/api/operator/moderation_settings.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.moderation },
      schema: { tags: ['operator'], summary: "The current site's moderation mode (pre or post) and target time.", response: { 200: ModerationSettingsSchema } },
    },
    async (request) => moderationSettings(app.db, request.operatorSite.id),
  );

  app.put(
    '/api/operator/moderation_settings.php',
    {
      config: { access: 'operator', roles: OPERATOR_AREAS.moderation_settings },
      schema: {
        tags: ['operator'],
        summary: "Set the current site's moderation mode and target time (admins). Applies to changes from now on.",
        body: ModerationSettingsUpdateSchema,
        response: { 200: ModerationSettingsSchema },
      },
    },
    async (request) => {
      const site = request.operatorSite;
      const before = await moderationSettings(app.db, site.id);
      const next = { ...before, ...Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)) };
      await app.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO moderation_settings (site_id, mode, target_minutes) VALUES ($1, $2, $3)
           ON CONFLICT (site_id) DO UPDATE SET mode = excluded.mode, target_minutes = excluded.target_minutes`,
          [site.id, next.mode, next.target_minutes],
        );
        await audit(tx, request, { action: 'moderation.settings', targetType: 'site', targetId: site.id, before, after: next });
      });
      return next;
    },
  );

  // ─── The member's own view ────────────────────────────────────────────────────────────────────

  app.get(
    '/api/moderation.php',
    {
      config: { access: 'member' },
      schema: {
        tags: ['account'],
        summary:
          "The member's photos and texts in review (pre-moderation: others do not see them yet) and those rejected in the last 30 days, with the reason in the member's language.",
        response: { 200: MemberModerationResponseSchema },
      },
    },
    async (request) => {
      const { rows } = await app.db.query<ItemRow>(
        `${ITEM_SELECT} WHERE it.member_id = $1
            AND ((it.status = 'pending' AND it.held) OR (it.status = 'rejected' AND it.decided_at > now() - interval '30 days'))
            AND (it.kind = 'text' OR it.image_id IS NOT NULL)
          ORDER BY it.id DESC LIMIT 50`,
        [request.memberId],
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          field: r.field,
          status: r.status === 'pending' ? ('in_review' as const) : ('rejected' as const),
          thumb_filename: r.kind === 'photo' ? r.thumb_filename : null,
          text: r.kind === 'text' ? r.text_after : null,
          reason: r.reason_texts ? reasonLabel(r.reason_texts, r.language) : null,
          created_at: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );
};

/** Sets a moderated text column; with `onlyIf`, only while the column still holds that text. */
async function applyText(db: Db, memberId: number, field: string, value: string, onlyIf?: string): Promise<void> {
  if (!(MODERATED_TEXTS as readonly string[]).includes(field)) throw new Error(`not a moderated text: ${field}`);
  if (field === 'name' && value === '') return; // a name is never empty
  await db.query(
    `UPDATE members SET ${field} = $2, updated_at = now() WHERE id = $1${onlyIf === undefined ? '' : ` AND ${field} = $3`}`,
    onlyIf === undefined ? [memberId, value] : [memberId, value, onlyIf],
  );
}

/** Hides a rejected photo from everybody; when it was the main photo, the next visible one becomes main. */
async function hidePhoto(db: Db, memberId: number, imageId: number): Promise<void> {
  const { rows } = await db.query<{ is_main: boolean }>('SELECT is_main FROM images WHERE id = $1', [imageId]);
  await db.query(`UPDATE images SET visibility = 'rejected', is_main = false WHERE id = $1`, [imageId]);
  if (rows[0]?.is_main) {
    await db.query(
      `UPDATE images SET is_main = true WHERE id = (SELECT id FROM images WHERE member_id = $1 AND visibility = 'visible' ORDER BY position, id LIMIT 1)`,
      [memberId],
    );
  }
}
