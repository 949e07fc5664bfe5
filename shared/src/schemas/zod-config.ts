import { z } from 'zod';

// In the browser, zod parses without its compiled fast path: compiling uses `new Function`, which
// the site's Content-Security-Policy forbids (no 'unsafe-eval', scripts/serve/headers.mjs), and
// zod's probe for it is reported as a violation even though it is caught. The setting is global to
// every zod copy on the page. The API (Node) keeps the fast path.
if (typeof window !== 'undefined') z.config({ jitless: true });

export {};
