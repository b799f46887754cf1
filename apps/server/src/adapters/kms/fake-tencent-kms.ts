// Test helper: a local stand-in for kms.tencentcloudapi.com's Encrypt and Decrypt. It checks the TC3 signature
// on its own (no code shared with tc3-sign.ts) and keeps its customer master keys to itself, as KMS does.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from '../local-server.ts';

export interface FakeTencentKms {
  readonly endpoint: string;
  /** Actions the fake answered, in order, with the error code it gave (null: success). */
  readonly calls: readonly { action: string; error: string | null }[];
  /** Disables a master key, as a KMS console user might; Decrypt then refuses. */
  disable(keyId: string): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
};

function signatureError(req: IncomingMessage, body: string, secretId: string, secretKey: string): string | null {
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/kms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header(req, 'authorization'),
    );
  if (!m) return 'AuthFailure.InvalidAuthorization';
  const [, id = '', date = '', signed = '', signature = ''] = m;
  if (id !== secretId) return 'AuthFailure.SecretIdNotFound';
  const ts = header(req, 'x-tc-timestamp');
  const canonical = [
    req.method,
    req.url?.split('?')[0] ?? '/',
    '',
    ...signed.split(';').map((name) => `${name}:${header(req, name).trim().toLowerCase()}`),
    '',
    signed,
    createHash('sha256').update(body).digest('hex'),
  ].join('\n');
  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/kms/tc3_request\n${createHash('sha256').update(canonical).digest('hex')}`;
  let key = Buffer.from(`TC3${secretKey}`);
  for (const part of [date, 'kms', 'tc3_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'AuthFailure.SignatureFailure';
}

export async function startFakeTencentKms(opts: {
  secretId: string;
  secretKey: string;
  /** The master keys the fake holds, by id. */
  keyIds: string[];
}): Promise<FakeTencentKms> {
  const keys = new Map(opts.keyIds.map((id) => [id, { secret: randomBytes(32), enabled: true }]));
  const calls: { action: string; error: string | null }[] = [];

  const answer = (res: ServerResponse, action: string, response: Record<string, unknown>) => {
    const error = (response.Error as { Code?: string } | undefined)?.Code ?? null;
    calls.push({ action, error });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
  };

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const action = header(req, 'x-tc-action');
      const fail = (code: string) => answer(res, action, { Error: { Code: code, Message: code } });
      const authError = signatureError(req, raw, opts.secretId, opts.secretKey);
      if (authError) return fail(authError);
      if (header(req, 'x-tc-version') !== '2019-01-18') return fail('NoSuchVersion');
      const body = JSON.parse(raw) as Record<string, string | undefined>;
      const context = Buffer.from(body.EncryptionContext ?? '');
      if (action === 'Encrypt') {
        const key = keys.get(body.KeyId ?? '');
        if (!key) return fail('ResourceUnavailable.CmkNotFound');
        if (!key.enabled) return fail('ResourceUnavailable.CmkDisabled');
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', key.secret, iv).setAAD(context);
        const body2 = Buffer.concat([cipher.update(Buffer.from(body.Plaintext ?? '', 'base64')), cipher.final()]);
        const blob = Buffer.concat([iv, cipher.getAuthTag(), body2]).toString('base64');
        // Real blobs are opaque and name their key inside; the fake prefixes it.
        return answer(res, action, { CiphertextBlob: `${body.KeyId}.${blob}`, KeyId: body.KeyId });
      }
      if (action === 'Decrypt') {
        const [keyId = '', blob = ''] = (body.CiphertextBlob ?? '').split('.');
        const key = keys.get(keyId);
        if (!key) return fail('InvalidParameterValue.InvalidCiphertext');
        if (!key.enabled) return fail('ResourceUnavailable.CmkDisabled');
        const rawBlob = Buffer.from(blob, 'base64');
        try {
          const decipher = createDecipheriv('aes-256-gcm', key.secret, rawBlob.subarray(0, 12)).setAAD(context);
          decipher.setAuthTag(rawBlob.subarray(12, 28));
          const plain = Buffer.concat([decipher.update(rawBlob.subarray(28)), decipher.final()]);
          return answer(res, action, { Plaintext: plain.toString('base64'), KeyId: keyId });
        } catch {
          return fail('InvalidParameterValue.InvalidCiphertext');
        }
      }
      return fail('InvalidAction');
    });
  });
  const endpoint = await listenLocally(server);
  return {
    endpoint,
    calls,
    disable: (keyId) => {
      const key = keys.get(keyId);
      if (key) key.enabled = false;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
