import { lazyView } from '@dating/shared/ui';
import type { LegalPage as Page, LegalTexts } from '../legal/types';

// The legal texts load with the legal pages only, never with a lander, and each page with its own
// texts only (seven languages of one page, not of all seven pages). The chunk names let the build
// list them for their routes (`view-page-` for every page-* view, `view-page-terms` for page-terms),
// so the front server preloads them with the route (rspack.base.js ExposeSharedPlugin).
const LegalPageModule = () => import(/* webpackChunkName: "view-page-" */ './LegalPage');
const TEXTS: Record<Page, () => Promise<LegalTexts>> = {
  terms: () => import(/* webpackChunkName: "view-page-terms" */ '../legal/terms').then((m) => m.TERMS),
  privacy: () => import(/* webpackChunkName: "view-page-privacy" */ '../legal/privacy').then((m) => m.PRIVACY),
  cookies: () => import(/* webpackChunkName: "view-page-cookies" */ '../legal/cookies').then((m) => m.COOKIES),
  faq: () => import(/* webpackChunkName: "view-page-faq" */ '../legal/faq').then((m) => m.FAQ),
  'return-policy': () => import(/* webpackChunkName: "view-page-return-policy" */ '../legal/returnPolicy').then((m) => m.RETURN_POLICY),
  service: () => import(/* webpackChunkName: "view-page-service" */ '../legal/help').then((m) => m.SERVICE),
  ban: () => import(/* webpackChunkName: "view-page-ban" */ '../legal/help').then((m) => m.BAN),
  'site-run': () => import(/* webpackChunkName: "view-page-site-run" */ '../legal/siteRun').then((m) => m.SITE_RUN),
};

/** A legal page's view: its code and its texts load when it is first shown (the kit's lazyView). */
export function legalPageView(page: Page) {
  const View = lazyView(() =>
    Promise.all([LegalPageModule(), TEXTS[page]()]).then(([{ LegalPage: Component }, texts]) => {
      function LoadedLegalPage() {
        return <Component page={page} texts={texts} />;
      }
      return LoadedLegalPage;
    }),
  );
  View.displayName = `LegalPageView(${page})`;
  return View;
}
