// Who a request to the front server comes from, as the front server tells the API.
//
// The API believes the x-forwarded-* headers of the front server only (its TRUST_PROXY, loopback by
// default). The front server in turn believes them only from the proxies that FRONT_TRUST_PROXY
// names (a TLS-terminating load balancer): addresses, CIDR ranges or 'loopback', 'linklocal',
// 'uniquelocal', with the same rules as the API's (Fastify's trustProxy, @fastify/proxy-addr).
// From any other peer a client's own X-Forwarded-* is ignored: the socket's address and protocol
// are the client's. Without it, behind a load balancer every client had the balancer's address (one
// rate-limit bucket for all) and `http` (no Secure cookie, http:// links in mails and payments).
import proxyAddr from '@fastify/proxy-addr';

/**
 * FRONT_TRUST_PROXY as a list, or false (unset, empty or 'false': trust nobody). 'true' is refused:
 * it would believe any client's X-Forwarded-For, so that rate limits could be reset at will.
 * @param {string | undefined} raw
 * @returns {false | string[]}
 */
export function parseFrontTrustProxy(raw) {
  if (raw === undefined || raw.trim() === '' || raw === 'false') return false;
  if (raw === 'true') {
    throw new Error("FRONT_TRUST_PROXY=true would believe any client's X-Forwarded-For: list your proxies' addresses (e.g. 10.0.0.0/8)");
  }
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * @param {false | string[]} trust  the upstream proxies whose X-Forwarded-For and -Proto are believed
 * @returns {(req: import('node:http').IncomingMessage) => { 'x-forwarded-host': string, 'x-forwarded-for': string, 'x-forwarded-proto': string }}
 *   the headers the front server sends to the API for a request
 */
export function createForwarding(trust) {
  const trusted = trust ? proxyAddr.compile(trust) : () => false;
  return (req) => {
    const own = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
    // The protocol the nearest trusted proxy saw (the last value it appended or set).
    const told = trusted(req.socket.remoteAddress ?? '', 0)
      ? String(req.headers['x-forwarded-proto'] ?? '').split(',').pop()?.trim().toLowerCase()
      : undefined;
    return {
      'x-forwarded-host': req.headers.host ?? '',
      // The first address, from the right, that is not a trusted proxy: the client's.
      'x-forwarded-for': proxyAddr(req, trusted),
      'x-forwarded-proto': told === 'https' || told === 'http' ? told : own,
    };
  };
}

/** Nobody trusted: the socket's own address and protocol (the default of every server here). */
export const directForwarding = createForwarding(false);
