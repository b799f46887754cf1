// Test helper: a small S3-compatible server on 127.0.0.1 for PutObject, GetObject, HeadObject and
// DeleteObject, path-style. It re-derives the SigV4 signature itself (nothing shared with the SDK), and
// refuses a wrong key, a bad signature or a body that does not match its signed hash, as S3 does.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from '../local-server.ts';

export interface FakeS3Options {
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}

export interface FakeS3 {
  readonly endpoint: string;
  readonly objects: Map<string, { body: Buffer; contentType: string }>;
  /** Each request's method, key and whether its signature checked out. */
  readonly requests: { method: string; key: string; signed: boolean }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function verify(req: IncomingMessage, body: Buffer, opts: FakeS3Options): string | null {
  const auth = String(req.headers.authorization ?? '');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AccessDenied';
  const [accessKey, day, region, signedHeaders, signature] = m.slice(1) as [string, string, string, string, string];
  if (accessKey !== opts.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';

  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) return 'AccessDenied';
  const headers = names.map((name) => {
    const raw = req.headers[name];
    const value = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
    return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonical = [req.method, url.pathname, query, headers.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign, 'utf8').digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'SignatureDoesNotMatch';
}

function xmlError(res: ServerResponse, status: number, code: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

export async function startFakeS3(opts: FakeS3Options): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: FakeS3['requests'] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      const error = verify(req, body, opts);
      requests.push({ method: req.method ?? '', key, signed: error === null });
      if (error) return xmlError(res, 403, error);
      if (bucket !== opts.bucket) return xmlError(res, 404, 'NoSuchBucket');
      const found = objects.get(key);
      switch (req.method) {
        case 'PUT':
          objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
          res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
          return res.end();
        case 'GET':
          if (!found) return xmlError(res, 404, 'NoSuchKey');
          res.writeHead(200, { 'content-type': found.contentType, 'content-length': found.body.length });
          return res.end(found.body);
        case 'HEAD':
          res.writeHead(found ? 200 : 404, found ? { 'content-length': found.body.length } : {});
          return res.end();
        case 'DELETE':
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        default:
          return xmlError(res, 405, 'MethodNotAllowed');
      }
    })().catch(() => xmlError(res, 500, 'InternalError'));
  });
  const endpoint = await listenLocally(server);
  return {
    endpoint,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
