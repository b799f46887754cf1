import { createHash, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { P12Signer, PDF } from '@libpdf/core';
import { extractSignature } from '@signpdf/utils';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampToken, TsaAdapter } from '../../adapters/tsa/tsa.ts';

/*
 * The PKCS#7 seal of e-sign (decision 054): the final PDF is signed over the whole file (adbe.pkcs7.detached,
 * SHA-256) with the company's certificate, so any later change is visible in any PDF reader and to
 * `verifySeal`. Production brings the company's PKCS#12 (ESIGN_P12_BASE64); elsewhere a self-signed demo
 * certificate is made once and kept under DATA_DIR (never committed).
 */

export type SealCertificate = { base64: string; passphrase: string } | { demo: true; file: string };

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const DEMO_PASSPHRASE = 'esign-demo';
/** id-aa-signatureTimeStampToken (RFC 3161 appendix A): the token over the signature value, unsigned. */
export const SIGNATURE_TIME_STAMP_OID = '1.2.840.113549.1.9.16.2.14';

/** Makes the self-signed demo certificate (RSA 2048, ten years) as a PKCS#12 protected by `passphrase`. */
export function makeDemoP12(commonName: string, passphrase: string, now: Date): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${createHash('sha256').update(now.toISOString()).digest('hex').slice(0, 14)}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Loan CRM demo (self-signed, not for production)' },
    { name: 'countryName', value: 'CN' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(forgeKey, [cert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

const demoCache = new Map<string, Buffer>();

/** The PKCS#12 and passphrase to seal with; the demo one is made at first use and kept in its file. */
export function loadSealCertificate(certificate: SealCertificate, now: Date): { p12: Buffer; passphrase: string } {
  if (!('demo' in certificate))
    return { p12: Buffer.from(certificate.base64, 'base64'), passphrase: certificate.passphrase };
  let p12 = demoCache.get(certificate.file);
  if (!p12) {
    if (fs.existsSync(certificate.file)) p12 = fs.readFileSync(certificate.file);
    else {
      p12 = makeDemoP12('E-sign demo seal', DEMO_PASSPHRASE, now);
      fs.mkdirSync(path.dirname(certificate.file), { recursive: true });
      fs.writeFileSync(certificate.file, p12, { mode: 0o600 });
    }
    demoCache.set(certificate.file, p12);
  }
  return { p12, passphrase: DEMO_PASSPHRASE };
}

export interface SealInput {
  p12: Buffer;
  passphrase: string;
  at: Date;
  reason: string;
  name: string;
  location: string;
}

/** Seals a PDF: a signature field over the whole file, signed with the certificate at `at` (PAdES B-B). */
export async function sealPdf(pdf: Uint8Array, input: SealInput): Promise<Buffer> {
  return (await sealPades(pdf, input)).pdf;
}

/**
 * Seals a PDF as PAdES (ETSI.CAdES.detached, SHA-256) with @libpdf/core: B-B, or with a TSA B-T, the RFC 3161
 * token over the signature value travelling in the CMS as the signature-time-stamp attribute
 * (1.2.840.113549.1.9.16.2.14). A TSA failure throws (the caller decides what waits); `timestamp` is the
 * token the signature carries.
 */
export async function sealPades(
  pdf: Uint8Array,
  input: SealInput & { tsa?: TsaAdapter | undefined },
): Promise<{ pdf: Buffer; timestamp: TimestampToken | null }> {
  const signer = await P12Signer.create(input.p12, input.passphrase);
  const doc = await PDF.load(pdf);
  let timestamp: TimestampToken | null = null;
  const tsa = input.tsa;
  const authority = tsa && {
    async timestamp(digest: Uint8Array) {
      timestamp = await tsa.timestamp(Buffer.from(digest));
      return new Uint8Array(timestamp.token);
    },
  };
  const signed = await doc.sign({
    signer,
    reason: input.reason,
    location: input.location,
    contactInfo: input.name,
    signingTime: input.at,
    subFilter: 'ETSI.CAdES.detached',
    level: authority ? 'B-T' : 'B-B',
    ...(authority ? { timestampAuthority: authority } : {}),
  });
  return { pdf: Buffer.from(signed.bytes), timestamp };
}

export interface SealCheck {
  /** The file carries a PKCS#7 seal. */
  sealed: boolean;
  /** The seal covers the whole file (nothing appended after it) and its digest matches the bytes. */
  intact: boolean;
  /** The sealing certificate's common name. */
  signer: string | null;
  /**
   * The genTime of the RFC 3161 token the signature carries (signature-time-stamp attribute, PAdES B-T) when
   * its imprint is the SHA-256 of the signature value; null without one.
   */
  timestamp: string | null;
}

/** The signature-time-stamp token of a CMS signature (DER), if it carries one, and the genTime it vouches for. */
export function signatureTimestamp(
  cmsDer: Uint8Array,
): { token: Buffer; genTime: Date; coversSignature: boolean } | null {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cmsDer).content });
  const signerInfo = signedData.signerInfos[0];
  const attribute = signerInfo?.unsignedAttrs?.attributes.find((a) => a.type === SIGNATURE_TIME_STAMP_OID);
  const value = attribute?.values[0] as asn1js.BaseBlock | undefined;
  if (!signerInfo || !value) return null;
  const token = Buffer.from(value.toBER(false));
  const tokenData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(token).content });
  const eContent = tokenData.encapContentInfo.eContent;
  if (!eContent) return null;
  const tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
  const imprint = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  const signatureValue = signerInfo.signature.valueBlock.valueHexView;
  return {
    token,
    genTime: tstInfo.genTime,
    coversSignature: imprint.equals(createHash('sha256').update(signatureValue).digest()),
  };
}

/**
 * Checks a PDF's last seal as a reader would: the signed byte ranges cover the whole file, the digest
 * signed equals the SHA-256 of those bytes, and the RSA signature over the signed attributes verifies
 * against the embedded certificate. Any changed byte fails one of the three.
 */
export function verifySeal(pdf: Buffer): SealCheck {
  // @signpdf/utils declares `any`: this is what its extractSignature returns.
  let extracted: { ByteRange: number[]; signature: string; signedData: Buffer };
  try {
    extracted = extractSignature(pdf) as typeof extracted;
  } catch {
    return { sealed: false, intact: false, signer: null, timestamp: null };
  }
  try {
    const { ByteRange, signature, signedData } = extracted;
    const [start, , secondStart, secondLength] = ByteRange;
    const coversAll = start === 0 && secondStart !== undefined && secondStart + (secondLength ?? 0) === pdf.length;
    // The placeholder is padded with zero bytes after the DER.
    let end = signature.length;
    while (end > 0 && signature.charCodeAt(end - 1) === 0) end -= 1;
    const der = signature.slice(0, end);
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData & {
      // node-forge types leave out what it parses of the signer info (checked field by field below).
      rawCapture: { authenticatedAttributes?: forge.asn1.Asn1[]; signature?: string };
    };
    const cert = p7.certificates[0];
    // node-forge types a certificate field as `any`; the CN is a string.
    const cn = (cert?.subject.getField('CN') as { value?: unknown } | null | undefined)?.value;
    const signer = typeof cn === 'string' ? cn : null;
    const attributes = p7.rawCapture.authenticatedAttributes ?? [];
    const digestAttribute = attributes.find((attribute) => {
      const oid = (attribute.value as forge.asn1.Asn1[])[0]?.value;
      return typeof oid === 'string' && forge.asn1.derToOid(oid) === forge.pki.oids.messageDigest;
    });
    const digestSet = (digestAttribute?.value as forge.asn1.Asn1[] | undefined)?.[1];
    const digest = (digestSet?.value as forge.asn1.Asn1[] | undefined)?.[0]?.value as string | undefined;
    const digestMatches =
      digest !== undefined &&
      Buffer.from(digest, 'binary').toString('hex') === createHash('sha256').update(signedData).digest('hex');
    // The signature is over the DER of the attributes as a SET (tag 0x31), not the [0] IMPLICIT they travel in.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const md = forge.md.sha256.create();
    md.update(forge.asn1.toDer(set).getBytes());
    const rsaOk =
      cert !== undefined &&
      p7.rawCapture.signature !== undefined &&
      (cert.publicKey as forge.pki.rsa.PublicKey).verify(md.digest().getBytes(), p7.rawCapture.signature) === true;
    const stamp = signatureTimestamp(Buffer.from(der, 'binary'));
    const timestamp = stamp?.coversSignature ? stamp.genTime.toISOString() : null;
    return { sealed: true, intact: coversAll && digestMatches && rsaOk, signer, timestamp };
  } catch {
    return { sealed: true, intact: false, signer: null, timestamp: null };
  }
}
