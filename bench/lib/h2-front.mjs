// A TLS + HTTP/2 front for a product the bench started, as the load balancer of docs/deploy.md is in production:
// phones reach the app over https through it (HTTP/2 to the browser), and it talks HTTP/1.1 with keep-alive to the
// node processes. Lighthouse's network simulation follows the protocol it sees: over HTTP/1.1 a page's files queue
// on six connections; over HTTP/2 they share one. The certificate is a throwaway self-signed one (openssl), so the
// browser that uses this front must be started with --ignore-certificate-errors.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';

/** Connection-specific headers: HTTP/2 forbids them, and a proxy does not pass them on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);

function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-h2-front-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  // prettier-ignore
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-days', '1',
    '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' });
  const pair = { key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/** Starts the front for `targetUrl` (http://127.0.0.1:port); resolves to its https URL and a close(). */
export async function startH2Front(targetUrl) {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const server = http2.createSecureServer(selfSignedCertificate());
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    const forwarded = { host: target.host };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) forwarded[name] = value;
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
        agent,
      },
      (response) => {
        const answer = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (stream.destroyed) return;
      if (!stream.headersSent) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
