import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';

/**
 * RFC 3161 timestamp authority client: asks a TSA to vouch that a SHA-256 hash existed at its time.
 * The request is a DER TimeStampReq (v1, SHA-256 imprint, a random nonce, certReq true) POSTed as
 * application/timestamp-query; the answer's status must be granted (0) or grantedWithMods (1), and the
 * token's TSTInfo must carry the same imprint and nonce, else the answer is refused.
 */

const asn1 = forge.asn1;
const { Class, Type } = asn1;
export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';

export type TimestampToken = {
  /** The DER timeStampToken (CMS ContentInfo of SignedData) as the TSA sent it. */
  token: Buffer;
  genTime: Date;
  serial: string;
};

export type TsaAdapter = { timestamp(sha256: Buffer): Promise<TimestampToken> };

export class TsaError extends Error {
  override name = 'TsaError';
}

const bin = (bytes: Uint8Array) => Buffer.from(bytes).toString('binary');
const seq = (...items: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);

function imprint(sha256: Buffer) {
  return seq(
    seq(
      asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(SHA256_OID).getBytes()),
      asn1.create(Class.UNIVERSAL, Type.NULL, false, ''),
    ),
    asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bin(sha256)),
  );
}

/** The DER TimeStampReq for a SHA-256 hash and a nonce (big-endian positive integer bytes). */
export function buildTimeStampReq(sha256: Buffer, nonce: Buffer): Buffer {
  const req = seq(
    asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
    imprint(sha256),
    asn1.create(Class.UNIVERSAL, Type.INTEGER, false, bin(nonce)),
    asn1.create(Class.UNIVERSAL, Type.BOOLEAN, false, String.fromCharCode(0xff)),
  );
  return Buffer.from(asn1.toDer(req).getBytes(), 'binary');
}

/** A fresh nonce: 8 random bytes, first byte nonzero and below 0x80 (a minimal positive DER integer). */
export function newNonce(): Buffer {
  const nonce = randomBytes(8);
  nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x01;
  return nonce;
}

const children = (node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] =>
  node && Array.isArray(node.value) ? node.value : [];
const bytesOf = (node: forge.asn1.Asn1 | undefined): string => {
  if (!node) return '';
  // A BER constructed OCTET STRING is the concatenation of its parts.
  return typeof node.value === 'string' ? node.value : node.value.map((part) => bytesOf(part)).join('');
};
const isUniversal = (node: forge.asn1.Asn1 | undefined, type: forge.asn1.Type) =>
  node?.tagClass === Class.UNIVERSAL && node.type === type;

/**
 * The token's bytes exactly as the TSA sent them: the TSA's signature covers them, and a re-encoding (forge's
 * round trip is not guaranteed byte for byte) could break it.
 */
function exactToken(der: Buffer): Buffer {
  const parsed = asn1js.fromBER(der);
  const token = parsed.result instanceof asn1js.Sequence ? parsed.result.valueBlock.value[1] : undefined;
  if (parsed.offset === -1 || !token) throw new TsaError('TSA answer is not DER');
  return Buffer.from(token.valueBeforeDecodeView);
}

/** Parses a DER TimeStampResp and checks it answers this imprint and nonce; throws TsaError otherwise. */
export function parseTimeStampResp(der: Buffer, sha256: Buffer, nonce: Buffer): TimestampToken {
  let resp: forge.asn1.Asn1;
  try {
    resp = asn1.fromDer(der.toString('binary'));
  } catch {
    throw new TsaError('TSA answer is not DER');
  }
  const [statusInfo, tokenNode] = children(resp);
  const status = children(statusInfo)[0];
  if (!isUniversal(status, Type.INTEGER)) throw new TsaError('TSA answer has no status');
  const code = Buffer.from(bytesOf(status), 'binary').readUIntBE(0, Math.min(6, bytesOf(status).length || 1));
  if (code !== 0 && code !== 1) throw new TsaError(`TSA refused the request (status ${code})`);
  if (!tokenNode) throw new TsaError('TSA granted without a token');
  const [contentType, explicit] = children(tokenNode);
  if (asn1.derToOid(bytesOf(contentType)) !== SIGNED_DATA_OID) throw new TsaError('token is not a SignedData');
  const signedData = children(explicit)[0];
  const encap = children(signedData)[2];
  const [eContentType, eContentExplicit] = children(encap);
  if (asn1.derToOid(bytesOf(eContentType)) !== TST_INFO_OID) throw new TsaError('token does not hold a TSTInfo');
  let tst: forge.asn1.Asn1;
  try {
    tst = asn1.fromDer(bytesOf(children(eContentExplicit)[0]));
  } catch {
    throw new TsaError('TSTInfo is not DER');
  }
  const fields = children(tst);
  const [, , tstImprint, serial, genTimeNode, ...rest] = fields;
  const [algorithm, hashed] = children(tstImprint);
  if (asn1.derToOid(bytesOf(children(algorithm)[0])) !== SHA256_OID || bytesOf(hashed) !== bin(sha256))
    throw new TsaError('TSA token is for another hash');
  const tstNonce = rest.find((node) => isUniversal(node, Type.INTEGER));
  if (!tstNonce || bytesOf(tstNonce) !== bin(nonce)) throw new TsaError('TSA token nonce does not match');
  if (!isUniversal(genTimeNode, Type.GENERALIZEDTIME)) throw new TsaError('TSA token has no genTime');
  const genTime = asn1.generalizedTimeToDate(bytesOf(genTimeNode));
  if (Number.isNaN(genTime.getTime())) throw new TsaError('TSA token genTime is unreadable');
  return {
    token: exactToken(der),
    genTime,
    serial: Buffer.from(bytesOf(serial), 'binary').toString('hex'),
  };
}

/** The real client over HTTP(S); `timeoutMs` bounds the whole exchange. */
export function createTsaClient(options: { url: string; timeoutMs?: number }): TsaAdapter {
  return {
    async timestamp(sha256) {
      if (sha256.length !== 32) throw new TsaError('imprint must be a SHA-256 hash');
      const nonce = newNonce();
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply' },
          body: buildTimeStampReq(sha256, nonce),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (failure) {
        throw new TsaError(`TSA unreachable: ${failure instanceof Error ? failure.message : String(failure)}`);
      }
      if (!response.ok) throw new TsaError(`TSA answered HTTP ${response.status}`);
      return parseTimeStampResp(Buffer.from(await response.arrayBuffer()), sha256, nonce);
    },
  };
}
