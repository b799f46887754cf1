import { createHash, createHmac } from 'node:crypto';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';

export interface Tc3SignInput {
  secretId: string;
  secretKey: string;
  /** Product name in the credential scope, e.g. 'sms'; Tencent takes it from the endpoint's first label. */
  service: string;
  /** Unix seconds; also decides the UTC date in the credential scope. */
  timestamp: number;
  method?: string;
  path?: string;
  query?: string;
  /** Exactly the headers to sign, as sent on the wire (names in any case). */
  signedHeaders: Readonly<Record<string, string>>;
  payload: string;
}

const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

function utcDate(timestamp: number): string {
  const d = new Date(timestamp * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Builds the Authorization header value of Tencent Cloud API v3 (TC3-HMAC-SHA256). */
export function tc3Authorization(input: Tc3SignInput): string {
  const { secretId, secretKey, service, timestamp, method = 'POST', path = '/', query = '', payload } = input;
  // Tencent canonicalises both names and values to lower case, sorted by name.
  const headers = Object.entries(input.signedHeaders)
    .map(([name, value]) => [name.toLowerCase(), value.trim().toLowerCase()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join('');
  const signedHeaderNames = headers.map(([name]) => name).join(';');
  const canonicalRequest = [method, path, query, canonicalHeaders, signedHeaderNames, sha256Hex(payload)].join('\n');

  const date = utcDate(timestamp);
  const credentialScope = `${date}/${service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(timestamp), credentialScope, sha256Hex(canonicalRequest)].join('\n');

  const secretDate = hmac(`TC3${secretKey}`, date);
  const secretService = hmac(secretDate, service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');

  return `${TC3_ALGORITHM} Credential=${secretId}/${credentialScope}, SignedHeaders=${signedHeaderNames}, Signature=${signature}`;
}
