// A TCP load balancer for several API processes on one machine (npm run start:cluster): each
// client connection goes to the next process in turn; a process that refuses the connection (it
// stopped or crashed) is skipped, so clients reconnect to the others — an event stream through
// EventSource's own retry. Byte for byte: the front server's X-Forwarded-* headers reach the API
// unchanged, and the API trusts this hop as it trusts the front server (loopback, TRUST_PROXY).
import net from 'node:net';

/**
 * @param {{ port: number, host?: string, targets: { host: string, port: number }[] }} o
 * @returns {Promise<net.Server>}
 */
export function balance({ port, host = '127.0.0.1', targets }) {
  let next = 0;
  const server = net.createServer((client) => {
    client.pause();
    const tryTarget = (left) => {
      if (!left) return client.destroy();
      const target = targets[next++ % targets.length];
      const upstream = net.connect(target);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        // Not connected: the next process. Connected: the client's connection ends with it.
        if (!connected) tryTarget(left - 1);
      });
    };
    tryTarget(targets.length);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
