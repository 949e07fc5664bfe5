/**
 * Crawlers and link previewers by user agent (spec §2: bots never see the error page's members
 * grid or signup form). Headless browsers are not bots by themselves.
 */
const BOT_PATTERN = new RegExp(
  [
    'bot\\b', 'bot/', 'crawler', 'spider', 'crawling', 'slurp', 'mediapartners', 'bingpreview',
    'facebookexternalhit', 'facebookcatalog', 'embedly', 'quora link preview', 'outbrain', 'pinterest',
    'vkshare', 'w3c_validator', 'whatsapp', 'telegram', 'skypeuripreview', 'prerender', 'ia_archiver',
    'semrush', 'ahrefs', 'mj12', 'yandex', 'baidu', 'duckduckgo', 'applebot', 'petalbot', 'bytespider',
    'gptbot', 'claudebot', 'ccbot', 'lighthouse',
  ].join('|'),
  'i',
);

export function isBot(userAgent: string | undefined): boolean {
  return Boolean(userAgent && BOT_PATTERN.test(userAgent));
}
