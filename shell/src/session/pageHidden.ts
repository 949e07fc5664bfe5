export const PAGE_HIDDEN_URL = '/api/page-hidden.php';

/**
 * Spec §7: a beacon to page-hidden.php whenever the page becomes hidden (tab switched, app sent to
 * the background, page closed); the API notes when the member was last seen. Returns stop.
 */
export function installPageHiddenBeacon(
  doc: Document = document,
  nav: Pick<Navigator, 'sendBeacon'> | undefined = typeof navigator !== 'undefined' ? navigator : undefined,
): () => void {
  const onChange = () => {
    if (doc.visibilityState !== 'hidden' || !nav?.sendBeacon) return;
    try {
      nav.sendBeacon(PAGE_HIDDEN_URL, new URLSearchParams({ path: location.pathname }));
    } catch (error) {
      console.error('page-hidden beacon failed', error);
    }
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
