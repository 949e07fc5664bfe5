import type { Config } from '../config';
import type { Db } from '../db';
import { hashPassword } from '../auth/password';
import { createMember } from '../members/member';
import { DEMO_MEMBER, DEMO_PASSWORD, PAID_MEMBER, PROFILES } from './members';
import { SITE_SEEDS } from './sites';
import { seedCatalog } from '../catalog/seed';
import { seedDemoPartners } from '../partners/demo';
import { seedCampaigns } from '../content/campaigns';
import { seedOperators } from '../operator/seed';
import { seedModerationReasons } from '../moderation/reasons';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seed data, idempotent: sites only into an empty sites table; demo members (only when
 * `config.demo`) only into an empty members table. Every start also gives each site's registry an entry for any remote it does not list yet
 * (REMOTE_URLS); entries already there, including ones an operator changed, are kept.
 */
export async function seed(db: Db, config: Pick<Config, 'remoteUrls' | 'demo' | 'production'>): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows: sites } = await tx.query('SELECT 1 FROM sites LIMIT 1');
    if (!sites.length) {
      const ids = new Map<string, number>();
      for (const s of SITE_SEEDS) {
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO sites (template_name, is_default, name, domain_language, languages, signups,
                              flags, theme, company, settings, remotes, shares_members_with)
           VALUES ($1, $2, $3, $4, $5::text[], $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, '{}'::jsonb, $11)
           RETURNING id`,
          [
            s.templateName,
            s.isDefault,
            s.name,
            s.domainLanguage,
            s.languages,
            s.signups,
            JSON.stringify(s.flags),
            JSON.stringify(s.theme),
            JSON.stringify(s.company),
            JSON.stringify(s.settings),
            s.sharesMembersWith ? ids.get(s.sharesMembersWith) : null,
          ],
        );
        ids.set(s.templateName, rows[0]!.id);
        for (const host of s.hosts) {
          await tx.query('INSERT INTO site_hosts (host, site_id) VALUES ($1, $2)', [host, rows[0]!.id]);
        }
      }
    }

    // What the seeded templates sell (src/seed/commerce.ts), for sites that have nothing configured yet.
    for (const s of SITE_SEEDS) {
      await tx.query(`UPDATE sites SET commerce = $2::jsonb WHERE template_name = $1 AND commerce = '{}'::jsonb`, [
        s.templateName,
        JSON.stringify(s.commerce),
      ]);
    }

    // Discount codes of the seeded templates (src/catalog/seed.ts), for sites that lack them.
    await seedCatalog(tx);
    // Demo webcam and resell partner catalogue (src/partners/demo.ts), into empty partner tables.
    await seedDemoPartners(tx);
    // Lander campaigns of the seeded templates (src/content/campaigns.ts), for sites that lack them.
    await seedCampaigns(tx);

    // Fill in remotes the registry does not have yet: `defaults || remotes` keeps existing URLs.
    await tx.query(`UPDATE sites SET remotes = $1::jsonb || remotes WHERE NOT (remotes ?& $2::text[])`, [
      JSON.stringify(config.remoteUrls),
      Object.keys(config.remoteUrls),
    ]);

    // Demo members only when asked for (Config.demo: development, or DEMO=on).
    const { rows: members } = config.demo ? await tx.query('SELECT 1 FROM members LIMIT 1') : { rows: [1] };
    if (!members.length) {
      const { rows } = await tx.query<{ id: number }>('SELECT id FROM sites WHERE is_default');
      const siteId = rows[0]!.id;
      const now = Date.now();
      // The two logins of the README, both with the demo password — never in production, where
      // anybody could read that password in the README: there they have none (password reset only).
      const passwordHash = config.production ? null : await hashPassword(DEMO_PASSWORD);
      for (const { signupDaysAgo, ...login } of [DEMO_MEMBER, PAID_MEMBER]) {
        await createMember(tx, {
          ...login,
          siteId,
          passwordHash,
          signupDate: new Date(now - signupDaysAgo * DAY_MS),
        });
      }
      for (const { signupDaysAgo: days, ...p } of PROFILES) {
        await createMember(tx, { ...p, siteId, passwordHash: null, signupDate: new Date(now - days * DAY_MS) });
      }
    }
  });
  // The development operator (operator@example.com), never in production (src/operator/seed.ts).
  await seedOperators(db, config.production);
  // Every site starts with the default rejection reasons (src/moderation/reasons.ts).
  await seedModerationReasons(db);
}
