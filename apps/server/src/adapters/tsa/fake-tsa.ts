import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import forge from 'node-forge';
import { makeTsaIdentity, signToken } from './fake-tsa-token.ts';

/**
 * A local TSA speaking RFC 3161 for tests: it parses the DER TimeStampReq and answers a DER TimeStampResp
 * whose token (a CMS SignedData over a TSTInfo, signed by the TSA's own self-signed certificate with the ESS
 * signing-certificate-v2 attribute, as `openssl ts -verify` asks) echoes the request's imprint and nonce,
 * unless told to lie (`tamper`) or to refuse (`status`).
 */
const asn1 = forge.asn1;
const { Class, Type } = asn1;
const seq = (...items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const int = (bytes: string) => asn1.create(Class.UNIVERSAL, Type.INTEGER, false, bytes);
const oid = (dotted: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(dotted).getBytes());

export type FakeTsaOptions = {
  status?: number;
  tamper?: 'imprint' | 'nonce';
  genTime?: Date;
};

export type FakeTsa = {
  url: string;
  /** The TSA's self-signed certificate (extended key usage timeStamping), for `openssl ts -verify -CAfile`. */
  certificatePem: string;
  requests: { contentType: string | undefined; version: number; hashOid: string; nonce: string; certReq: boolean }[];
  set(options: FakeTsaOptions): void;
  close(): Promise<void>;
};

function respond(res: ServerResponse, body: forge.asn1.Asn1) {
  res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' });
  res.end(Buffer.from(asn1.toDer(body).getBytes(), 'binary'));
}

function flip(bytes: string): string {
  return String.fromCharCode(bytes.charCodeAt(0) ^ 0x01) + bytes.slice(1);
}

export async function startFakeTsa(initial: FakeTsaOptions = {}): Promise<FakeTsa> {
  let options = initial;
  const requests: FakeTsa['requests'] = [];
  const identity = await makeTsaIdentity();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = asn1.fromDer(Buffer.concat(chunks).toString('binary'));
      const [version, imprint, ...rest] = parsed.value as forge.asn1.Asn1[];
      const [algorithm, hashed] = (imprint as forge.asn1.Asn1).value as forge.asn1.Asn1[];
      const hashOid = asn1.derToOid(((algorithm as forge.asn1.Asn1).value as forge.asn1.Asn1[])[0]!.value as string);
      const nonceNode = rest.find((node) => node.type === Type.INTEGER);
      const nonce = (nonceNode?.value as string | undefined) ?? '';
      const certReq = rest.some((node) => node.type === Type.BOOLEAN && node.value === '\xff');
      requests.push({
        contentType: req.headers['content-type'],
        version: asn1.derToInteger((version as forge.asn1.Asn1).value as string),
        hashOid,
        nonce: Buffer.from(nonce, 'binary').toString('hex'),
        certReq,
      });
      const status = options.status ?? 0;
      const statusInfo = seq(int(asn1.integerToDer(status).getBytes()));
      if (status > 1) {
        respond(res, seq(statusInfo));
        return;
      }
      const digest = hashed!.value as string;
      const tstInfo = seq(
        int(asn1.integerToDer(1).getBytes()),
        oid('1.2.3.4.1'),
        seq(
          seq(oid(hashOid), asn1.create(Class.UNIVERSAL, Type.NULL, false, '')),
          asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, options.tamper === 'imprint' ? flip(digest) : digest),
        ),
        int(asn1.integerToDer(requests.length).getBytes()),
        asn1.create(
          Class.UNIVERSAL,
          Type.GENERALIZEDTIME,
          false,
          asn1.dateToGeneralizedTime(options.genTime ?? new Date(Date.UTC(2026, 10, 23, 8, 0, 0))),
        ),
        int(options.tamper === 'nonce' ? flip(nonce) : nonce),
      );
      void signToken(Buffer.from(asn1.toDer(tstInfo).getBytes(), 'binary'), identity).then(
        (token) => respond(res, seq(statusInfo, asn1.fromDer(Buffer.from(token).toString('binary')))),
        (error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    requests,
    certificatePem: identity.certificatePem,
    set: (next) => {
      options = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
