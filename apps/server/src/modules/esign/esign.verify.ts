import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PDF, PdfRef, PdfStream, type PdfObject } from '@libpdf/core';
import { SIGNATURE_TIME_STAMP_OID } from './esign.seal.ts';

/*
 * The seal read from the file alone (decision 054, issue 48): every signature of the PDF (the seal and any
 * document timestamp), the seal's RFC 3161 token, and its certificate judged at the token's time from the
 * validation data the document carries (its DSS: the chain and the CA's CRL), so a seal whose certificate has
 * expired since still verifies. Nothing here asks the network or the database.
 */

/**
 * Node's WebCrypto, passed to every check: @libpdf/core installs its own engine as pkijs' global one while it
 * signs, and verifying through that one fails on some algorithm identifiers.
 */
const engine = new pkijs.CryptoEngine({
  name: 'node',
  crypto: webcrypto,
});
const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();
// A copy: a Buffer's own .buffer may be the whole shared pool.
const toArrayBuffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;

export interface CertificateCheck {
  subject: string | null;
  issuer: string | null;
  not_after: string;
  /** SHA-256 of the certificate's DER: whose seal it is, compared with the product's own. */
  sha256: string;
  /** Past its notAfter at the time of the check. */
  expired_now: boolean;
  /** Within its validity at the seal's trusted time (the TSA's); null without a trusted time. */
  valid_at_timestamp: boolean | null;
  /** Its issuer's certificate is in the document and its signature on the certificate verifies. */
  chain_complete: boolean;
  /** From a CRL the document carries, signed by the issuer: revoked at the trusted time or not, else unknown. */
  revocation: 'not_revoked' | 'revoked' | 'unknown';
}

export interface SealCheck {
  /** The file carries a seal (a CMS signature that is not a timestamp). */
  sealed: boolean;
  /**
   * Every signature verifies over its byte ranges, and whatever the last one does not cover is validation
   * data only (a DSS update), not a page, an annotation or a form.
   */
  intact: boolean;
  /** The sealing certificate's common name. */
  signer: string | null;
  /** The timestamp authority that signed the seal's token (its certificate's common name). */
  tsa: string | null;
  /** The genTime of the seal's signature-time-stamp (PAdES B-T), when its imprint is the signature value's. */
  timestamp: string | null;
  /** The genTime of the last document timestamp (/ETSI.RFC3161, PAdES B-LTA), when it verifies. */
  document_timestamp: string | null;
  level: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA' | null;
  certificate: CertificateCheck | null;
}

interface Signature {
  range: [number, number, number, number];
  cms: Uint8Array;
}

/** The signatures of a PDF: each /ByteRange and the DER in the /Contents gap it leaves. */
function signaturesOf(pdf: Buffer): Signature[] {
  const text = pdf.toString('latin1');
  const found: Signature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const range = match.slice(1, 5).map(Number) as Signature['range'];
    const [, length, second] = range;
    const gap = text.slice(range[0] + length, second).trim();
    if (!gap.startsWith('<') || !gap.endsWith('>')) continue;
    const bytes = Buffer.from(gap.slice(1, -1), 'hex');
    const parsed = asn1js.fromBER(bytes);
    if (parsed.offset === -1) continue;
    found.push({ range, cms: new Uint8Array(parsed.result.valueBeforeDecodeView) });
  }
  return found;
}

const covered = (pdf: Buffer, [a, b, c, d]: Signature['range']) =>
  Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);

const signedDataOf = (der: Uint8Array) => new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(der).content });

function tstInfoOf(signedData: pkijs.SignedData) {
  const content = signedData.encapContentInfo.eContent;
  return content ? pkijs.TSTInfo.fromBER(content.getValue()) : null;
}

/** A timestamp token: its TSTInfo if the TSA's signature over it verifies and it vouches for `data`. */
async function checkToken(token: Uint8Array, data: Uint8Array) {
  try {
    const signedData = signedDataOf(token);
    const info = tstInfoOf(signedData);
    if (!info || !Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(sha256(data)))
      return null;
    // asn1js reads an OCTET STRING holding DER as nested content; pkijs' TSTInfo check reads its raw bytes.
    const content = signedData.encapContentInfo.eContent;
    if (content) signedData.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content.getValue() });
    const ok = await signedData.verify({ signer: 0, data: toArrayBuffer(data), checkChain: false }, engine);
    const authority = signerCertificate(signedData);
    return ok ? Object.assign(info, { authority: authority ? commonName(authority.subject) : null }) : null;
  } catch {
    return null;
  }
}

const commonName = (name: pkijs.RelativeDistinguishedNames) => {
  const cn = name.typesAndValues.find((tv) => tv.type === '2.5.4.3');
  return cn ? String(cn.value.valueBlock.value) : null;
};

function signerCertificate(signedData: pkijs.SignedData): pkijs.Certificate | undefined {
  // pkijs types a signer's id as `any`: an IssuerAndSerialNumber or a key identifier.
  const sid: unknown = signedData.signerInfos[0]?.sid;
  const certs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber));
  return certs[0];
}

/** The certificates and CRLs of the document's DSS (the validation data PAdES B-LT adds). */
async function validationData(
  pdf: Buffer,
): Promise<{ certs: pkijs.Certificate[]; crls: pkijs.CertificateRevocationList[] }> {
  const empty = { certs: [], crls: [] };
  try {
    const doc = await PDF.load(pdf);
    const resolve = (object: PdfObject | undefined) => (object instanceof PdfRef ? doc.getObject(object) : object);
    const dss = resolve(doc.getCatalog().get('DSS'));
    if (!dss || !('getArray' in dss)) return empty;
    const streams = (key: string) =>
      (dss.getArray(key)?.toArray() ?? [])
        .map((item) => resolve(item))
        .filter((item): item is PdfStream => item instanceof PdfStream)
        .map((stream) => stream.getDecodedData());
    return {
      certs: streams('Certs').map((der) => pkijs.Certificate.fromBER(der)),
      crls: streams('CRLs').map((der) => pkijs.CertificateRevocationList.fromBER(der)),
    };
  } catch {
    return empty;
  }
}

async function checkCertificate(
  cert: pkijs.Certificate,
  embedded: pkijs.Certificate[],
  dss: Awaited<ReturnType<typeof validationData>>,
  trustedTime: Date | null,
  now: Date,
): Promise<CertificateCheck> {
  const notAfter = cert.notAfter.value;
  const issuer = [...embedded, ...dss.certs].find((c) => c.subject.isEqual(cert.issuer) && c !== cert);
  let chainComplete = false;
  if (issuer) chainComplete = await cert.verify(issuer, engine).catch(() => false);
  let revocation: CertificateCheck['revocation'] = 'unknown';
  const at = trustedTime ?? now;
  for (const crl of dss.crls) {
    if (!issuer || !crl.issuer.isEqual(cert.issuer)) continue;
    if (!(await crl.verify({ issuerCertificate: issuer }, engine).catch(() => false))) continue;
    const entry = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(cert.serialNumber));
    revocation = entry && entry.revocationDate.value <= at ? 'revoked' : 'not_revoked';
    break;
  }
  return {
    subject: commonName(cert.subject),
    issuer: commonName(cert.issuer),
    not_after: notAfter.toISOString(),
    sha256: sha256(new Uint8Array(cert.toSchema().toBER(false))).toString('hex'),
    expired_now: now > notAfter,
    valid_at_timestamp: trustedTime ? cert.notBefore.value <= trustedTime && trustedTime <= notAfter : null,
    chain_complete: chainComplete,
    revocation,
  };
}

/** What is appended after the last signature may only add validation data: no page, annotation or form. */
const onlyValidationData = (tail: Buffer) =>
  !/\/Type\s*\/(Page|Pages|Annot|XObject|Font|AcroForm)\b|\/Kids\b/.test(tail.toString('latin1'));

export async function verifyPdf(pdf: Buffer, now: Date): Promise<SealCheck> {
  const none: SealCheck = {
    sealed: false,
    intact: false,
    signer: null,
    tsa: null,
    timestamp: null,
    document_timestamp: null,
    level: null,
    certificate: null,
  };
  const signatures = signaturesOf(pdf);
  if (signatures.length === 0) return none;
  let allVerify = true;
  let seal: { signedData: pkijs.SignedData; cert: pkijs.Certificate | undefined } | null = null;
  let documentTimestamp: Date | null = null;
  for (const signature of signatures) {
    const bytes = covered(pdf, signature.range);
    try {
      const signedData = signedDataOf(signature.cms);
      if (signedData.encapContentInfo.eContentType === TST_INFO_OID) {
        const info = await checkToken(signature.cms, bytes);
        if (info) documentTimestamp = info.genTime;
        else allVerify = false;
      } else {
        seal ??= { signedData, cert: signerCertificate(signedData) };
        const ok = await signedData.verify({ signer: 0, data: toArrayBuffer(bytes), checkChain: false }, engine);
        if (!ok) allVerify = false;
      }
    } catch {
      allVerify = false;
    }
  }
  if (!seal) return { ...none, intact: false };
  const last = signatures.reduce((a, b) => (a.range[2] + a.range[3] >= b.range[2] + b.range[3] ? a : b));
  const end = last.range[2] + last.range[3];
  const intact = allVerify && last.range[0] === 0 && (end === pdf.length || onlyValidationData(pdf.subarray(end)));

  const signerInfo = seal.signedData.signerInfos[0];
  const tokenValue = signerInfo?.unsignedAttrs?.attributes.find((a) => a.type === SIGNATURE_TIME_STAMP_OID)
    ?.values[0] as asn1js.BaseBlock | undefined;
  const signatureValue = signerInfo ? signerInfo.signature.valueBlock.valueHexView : new Uint8Array();
  const token = tokenValue ? await checkToken(new Uint8Array(tokenValue.toBER(false)), signatureValue) : null;
  const trustedTime = token?.genTime ?? documentTimestamp;
  const dss = await validationData(pdf);
  const embedded = (seal.signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const hasValidationData = dss.certs.length > 0 || dss.crls.length > 0;
  return {
    sealed: true,
    intact,
    signer: seal.cert ? commonName(seal.cert.subject) : null,
    tsa: token?.authority ?? null,
    timestamp: token?.genTime.toISOString() ?? null,
    document_timestamp: documentTimestamp?.toISOString() ?? null,
    level:
      token === null && documentTimestamp === null
        ? 'B-B'
        : !hasValidationData
          ? 'B-T'
          : documentTimestamp
            ? 'B-LTA'
            : 'B-LT',
    certificate: seal.cert ? await checkCertificate(seal.cert, embedded, dss, trustedTime, now) : null,
  };
}
