// The WebP backfill: photos stored before WebP variants were made (`images.formats` without 'webp')
// get them from their stored JPEGs, through the image store (files or S3), a few at a time, in the
// background of every API process. Claimed like the mail outbox's rows (src/mail/sender.ts): FOR
// UPDATE SKIP LOCKED and a claim that lapses, so two processes never convert the same photo and a
// process that dies mid-way leaves its photos to the next round. docs/photos.md.
import { photoVariant } from '@dating/shared';
import type { Db } from '../db';
import { webpOfStoredJpeg } from './pipeline';
import type { ImageStore } from './store';
import { startLoop, type Loop } from '../jobs/loop';

/** Photos claimed per round: each takes about a second of one core (decode and encode two pictures). */
export const BACKFILL_BATCH = 5;
/** A claim not finished by then (the process died) is taken again. */
const CLAIM_SECONDS = 300;

export interface BackfillLog {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

export interface BackfillRound {
  /** Photos that got their WebP in this round. */
  converted: number;
  /** Photos that could not be converted (reported once, in `backfill_error`, never tried again). */
  skipped: { id: number; error: string }[];
}

const PENDING = `NOT ('webp' = ANY (formats)) AND backfill_failed_at IS NULL`;

/** How many photos still wait for their WebP, and how many could not be converted. */
export async function webpBackfillStatus(db: Db): Promise<{ pending: number; failed: number }> {
  const { rows } = await db.query<{ pending: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE backfill_failed_at IS NULL)::int AS pending,
            count(*) FILTER (WHERE backfill_failed_at IS NOT NULL)::int AS failed
       FROM images WHERE NOT ('webp' = ANY (formats))`,
  );
  return rows[0] ?? { pending: 0, failed: 0 };
}

interface Claimed {
  id: number;
  filename: string;
  thumb_filename: string;
}

/** One photo's two WebP files, written beside its JPEGs; the row lists the format once they are there. */
async function convert(db: Db, store: ImageStore, photo: Claimed): Promise<boolean> {
  const files = [
    { name: photo.filename, kind: 'large' as const },
    { name: photo.thumb_filename, kind: 'thumb' as const },
  ];
  const made: { name: string; webp: Buffer; width: number; height: number }[] = [];
  for (const f of files) {
    const jpeg = await store.get(f.name);
    if (!jpeg) throw new BackfillSkip(`${f.name} is not in the image store`);
    try {
      made.push({ name: photoVariant(f.name, 'webp'), ...(await webpOfStoredJpeg(jpeg, f.kind)) });
    } catch (err) {
      throw new BackfillSkip(`${f.name} cannot be decoded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  for (const m of made) await store.put(m.name, m.webp);
  const large = made[0]!;
  // The photo's names unchanged (not made premium-only meanwhile, which renames its files): the
  // format is listed, and the large version's size where it was not recorded (photos stored before).
  const { rows } = await db.query(
    `UPDATE images SET formats = array_append(formats, 'webp'), backfill_claimed_until = NULL,
            width = coalesce(width, $4), height = coalesce(height, $5)
      WHERE id = $1 AND filename = $2 AND thumb_filename = $3 AND NOT ('webp' = ANY (formats)) RETURNING id`,
    [photo.id, photo.filename, photo.thumb_filename, large.width, large.height],
  );
  if (!rows.length) {
    // Renamed or removed meanwhile: those files belong to nobody.
    await Promise.all(made.map((m) => store.delete(m.name)));
    return false;
  }
  return true;
}

class BackfillSkip extends Error {}

/**
 * One round: claims up to `limit` photos without WebP (oldest first) and makes their WebP. A photo
 * whose JPEG is missing from the store or does not decode is marked failed with the reason and
 * reported (not retried); any other error (the store or the database unreachable) leaves the claim
 * to lapse, so the photo is tried again later.
 */
export async function backfillWebp(db: Db, store: ImageStore, { limit = BACKFILL_BATCH, log }: { limit?: number; log?: BackfillLog } = {}): Promise<BackfillRound> {
  const { rows } = await db.query<Claimed>(
    `WITH due AS (
       SELECT id FROM images
        WHERE ${PENDING} AND (backfill_claimed_until IS NULL OR backfill_claimed_until < now())
        ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE images i SET backfill_claimed_until = now() + make_interval(secs => $2)
       FROM due WHERE i.id = due.id
     RETURNING i.id, i.filename, i.thumb_filename`,
    [limit, CLAIM_SECONDS],
  );
  const round: BackfillRound = { converted: 0, skipped: [] };
  for (const photo of rows.sort((a, b) => a.id - b.id)) {
    try {
      if (await convert(db, store, photo)) round.converted++;
    } catch (err) {
      if (!(err instanceof BackfillSkip)) throw err;
      await db.query(
        `UPDATE images SET backfill_failed_at = now(), backfill_error = $2, backfill_claimed_until = NULL WHERE id = $1`,
        [photo.id, err.message.slice(0, 500)],
      );
      round.skipped.push({ id: photo.id, error: err.message });
      log?.warn({ image: photo.id, err: err.message }, 'webp backfill: photo skipped (stays JPEG only)');
    }
  }
  return round;
}

export type WebpBackfill = Loop;

/**
 * The backfill loop of an API process (main.ts starts it): rounds one after another while photos
 * are waiting, then a look every `idleMs`. Logs how many photos wait when it starts, its progress
 * every `reportEvery` photos, and when none is left.
 */
export function startWebpBackfill(db: Db, store: ImageStore, log: BackfillLog, { idleMs = 10 * 60_000, reportEvery = 200 } = {}): WebpBackfill {
  let done = 0;
  let reported = 0;
  let announced = false;
  return startLoop(
    async (stopped) => {
      const status = await webpBackfillStatus(db);
      if (status.pending && !announced) log.info(status, 'webp backfill: photos without WebP');
      announced = status.pending > 0;
      for (;;) {
        const r = await backfillWebp(db, store, { log });
        done += r.converted;
        if (done - reported >= reportEvery) {
          reported = done;
          log.info({ converted: done, ...(await webpBackfillStatus(db)) }, 'webp backfill: progress');
        }
        if (stopped() || r.converted + r.skipped.length === 0) break;
      }
      if (announced) {
        const after = await webpBackfillStatus(db);
        if (!after.pending) {
          log.info({ converted: done, ...after }, 'webp backfill: every photo has its WebP');
          announced = false;
        }
      }
    },
    idleMs,
    (err) => log.error({ err }, 'webp backfill round failed'),
  );
}
