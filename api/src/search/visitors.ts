import { visitorMaySearch } from '@dating/shared';
import type { Site } from '../site/site';

/**
 * Whether a visitor may search and read profiles (spec §6, the contract's visitorMaySearch): where
 * the site opens search to visitors of a traffic source, the `trafficsource` must be one the site
 * knows (Site.trafficSources, 0090_traffic_sources.sql), not any word in the URL.
 */
export function visitorMay(site: Site, trafficSource: string | undefined): boolean {
  const source = trafficSource?.trim().toLowerCase();
  const known = source && site.trafficSources.includes(source) ? source : null;
  return visitorMaySearch(site.settings, known);
}
