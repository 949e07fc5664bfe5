// A mail server for the e2e journeys: the API's real SMTP transport (SMTP_URL) delivers here, and
// journeys read what arrived over HTTP. The API runs as in production (NODE_ENV=production, so its
// development mailbox answers 404); this stands where a real SMTP server would, outside the product.
//
//   SMTP  127.0.0.1:${SMTP_SINK_PORT:-8025}   plain SMTP, no auth, no TLS (loopback only)
//   HTTP  127.0.0.1:${SMTP_SINK_HTTP_PORT:-8026}
//         GET /health             200 "ok"
//         GET /messages?to=ADDR   JSON [{ to, from, subject, text, html, receivedAt }], newest first
import http from 'node:http';
import net from 'node:net';

const SMTP_PORT = Number(process.env.SMTP_SINK_PORT || 8025);
const HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT || 8026);
const HOST = '127.0.0.1';
/** @type {{to: string[], from: string, subject: string, text: string, html: string, receivedAt: string}[]} */
const messages = [];

// ---- MIME, just enough for what nodemailer sends (multipart/alternative, QP or base64) ----------

function splitHeaders(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text) {
  const bytes = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers, body) {
  const encoding = (headers['content-transfer-encoding'] || '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in headers such as Subject. */
function decodeWords(value) {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset, kind, data) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function parts(headers, body) {
  const type = headers['content-type'] || 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ type: type.split(';')[0].trim().toLowerCase(), content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const inner = splitHeaders(chunk.replace(/^\r?\n/, ''));
      return parts(inner.headers, inner.body);
    });
}

function store(envelope, data) {
  const { headers, body } = splitHeaders(data);
  const all = parts(headers, body);
  messages.unshift({
    to: envelope.to,
    from: envelope.from,
    subject: decodeWords(headers.subject || ''),
    text: all.find((p) => p.type === 'text/plain')?.content ?? '',
    html: all.find((p) => p.type === 'text/html')?.content ?? '',
    receivedAt: new Date().toISOString(),
  });
  if (messages.length > 500) messages.length = 500;
}

// ---- SMTP -----------------------------------------------------------------------------------

const smtp = net.createServer((socket) => {
  socket.setEncoding('utf8');
  let buffer = '';
  let inData = false;
  let envelope = { from: '', to: [] };
  const reply = (line) => socket.write(`${line}\r\n`);
  reply('220 e2e-smtp-sink ready');
  socket.on('data', (chunk) => {
    buffer += chunk;
    for (;;) {
      if (inData) {
        // The terminator is CRLF "." CRLF; the CRLF that ended the DATA line counts as its first half.
        const scan = `\r\n${buffer}`;
        const end = scan.indexOf('\r\n.\r\n');
        if (end < 0) return;
        const data = scan.slice(2, Math.max(2, end)).replace(/\r\n\.\./g, '\r\n.').replace(/^\.\./, '.');
        buffer = scan.slice(end + 5);
        inData = false;
        store(envelope, data);
        envelope = { from: '', to: [] };
        reply('250 OK: queued');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-e2e-smtp-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
      else if (verb === 'HELO') reply('250 e2e-smtp-sink');
      else if (verb === 'MAIL') {
        envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
        reply('250 OK');
      } else if (verb === 'RCPT') {
        envelope.to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
        reply('250 OK');
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        envelope = { from: '', to: [] };
        reply('250 OK');
      } else if (verb === 'NOOP') reply('250 OK');
      else if (verb === 'QUIT') {
        reply('221 Bye');
        socket.end();
        return;
      } else reply('502 Command not implemented');
    }
  });
  socket.on('error', () => {});
});

// ---- HTTP -----------------------------------------------------------------------------------

const web = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}`);
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});

smtp.listen(SMTP_PORT, HOST, () => {
  web.listen(HTTP_PORT, HOST, () => console.log(`[smtp-sink] SMTP ${HOST}:${SMTP_PORT}, messages http://${HOST}:${HTTP_PORT}/messages`));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    smtp.close();
    web.close();
    process.exit(0);
  });
}
