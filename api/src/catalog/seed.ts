import type { Db } from '../db';

interface DiscountSeed {
  code: string;
  percentage: number | null;
  extraCredits?: number;
  welcome?: boolean;
  welcomeDays?: number;
  network?: string;
  /** Days from now; negative: already expired; absent: never. */
  expiresInDays?: number;
}

/** Discount codes per template (GET /api/discountcode.php). */
export const DISCOUNT_SEEDS: Record<string, DiscountSeed[]> = {
  amora: [
    { code: 'WELCOME25', percentage: 25, welcome: true, welcomeDays: 7 },
    { code: 'SPRING20', percentage: 20, expiresInDays: 365 },
    { code: 'BONUS500', percentage: null, extraCredits: 500, expiresInDays: 365 },
    { code: 'PARTNER15', percentage: 15, network: 'affiliate' },
    { code: 'OLDNEWS10', percentage: 10, expiresInDays: -30 },
  ],
  velvet: [
    { code: 'VELVET20', percentage: 20, welcome: true, welcomeDays: 14 },
    { code: 'NIGHTS10', percentage: 10 },
  ],
};

/** Adds the discount codes of every seeded template that does not have them yet. Idempotent. */
export async function seedCatalog(db: Db): Promise<void> {
  for (const [template, codes] of Object.entries(DISCOUNT_SEEDS)) {
    for (const c of codes) {
      await db.query(
        `INSERT INTO discount_codes (site_id, code, percentage, welcome, welcome_days, network, extra_credits, expires_at)
         SELECT id, $2, $3, $4, $5, $6, $8,
                CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(days => $7::int) END
           FROM sites WHERE template_name = $1
         ON CONFLICT DO NOTHING`,
        [template, c.code, c.percentage, c.welcome ?? false, c.welcomeDays ?? null, c.network ?? null, c.expiresInDays ?? null, c.extraCredits ?? null],
      );
    }
  }
}
