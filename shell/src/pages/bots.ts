/**
 * Crawlers and link previewers by user agent (spec §2: bots never see the error page's members
 * grid or signup form), with the `isbot` library's list. Headless browsers are not bots by
 * themselves (monitoring, the site's own journeys): its `headless` pattern is left out.
 *
 * The one rule for both sides: the front server decides with it when it renders the error page
 * (the shell's server build exports it, scripts/serve/render.mjs), the browser when it renders the
 * page itself (a lazy chunk, off the start-up path: pages/useBot.ts).
 */
import { createIsbotFromList, list } from 'isbot';

export const isBot: (userAgent: string | undefined | null) => boolean = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));
