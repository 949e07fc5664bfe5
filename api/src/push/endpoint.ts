import net from 'node:net';

/**
 * The push services browsers subscribe with (Chrome/Edge on FCM, Firefox on Mozilla's autopush,
 * Edge/Windows on WNS, Safari on Apple's). `*.` entries match every subdomain.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/**
 * PUSH_HOSTS: a comma-separated list replacing the defaults; `default` stands for them. Entries are
 * host names (https on port 443 only), `*.domain`, or an exact origin such as `http://127.0.0.1:9999`
 * (a local push service for development and tests; never needed in production).
 */
export function parsePushHosts(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_PUSH_HOSTS];
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .flatMap((s) => (s === 'default' ? DEFAULT_PUSH_HOSTS : [s]));
}

/** Loopback, private, link-local, CGNAT, multicast, unspecified … : addresses a push service never has. */
function isPrivateAddress(ip: string): boolean {
  const blocked = new net.BlockList();
  for (const [net4, bits] of [
    ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
    ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3],
  ] as const) blocked.addSubnet(net4, bits, 'ipv4');
  for (const [net6, bits] of [['::', 127], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96], ['64:ff9b::', 96]] as const) {
    blocked.addSubnet(net6, bits, 'ipv6');
  }
  return blocked.check(ip, net.isIPv6(ip) ? 'ipv6' : 'ipv4');
}

/**
 * Why a push endpoint must not be stored or posted to, or null when it may: only https URLs on
 * a known push service's host (`hosts`, see parsePushHosts), never an IP address — so the API never
 * posts to itself, the database, the cloud metadata service or anything else inside the network.
 */
export function pushEndpointProblem(endpoint: string, hosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (hosts.includes(url.origin.toLowerCase())) return null; // an origin listed exactly (a local test service)
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isPrivateAddress(host) ? 'must not be a private or loopback address' : 'must be a push service host name, not an address';
  if (url.port !== '') return 'must use the standard https port';
  const known = hosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : !entry.includes('://') && host === entry,
  );
  return known ? null : 'must be on a known push service';
}
