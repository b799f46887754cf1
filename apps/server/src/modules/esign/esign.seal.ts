import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { P12Signer, PDF, type RevocationProvider } from '@libpdf/core';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TimestampToken, TsaAdapter } from '../../adapters/tsa/tsa.ts';
import { issueDemoCrl, issuedBy, makeDemoPki, type DemoPki } from './esign.pki.ts';

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

const demoCache = new Map<string, DemoPki>();

/** The demo CA's file beside the demo seal's PKCS#12. */
const caFileOf = (file: string) => file.replace(/\.p12$/, '') + '-ca.pem';

/**
 * The PKCS#12 and passphrase to seal with, and where revocation data for B-LT comes from (the demo CA's
 * CRL issued at `now`; production leaves it to @libpdf/core's provider, which asks the certificate's own CRL
 * and OCSP addresses). The demo PKI is made at first use and kept in its files (mode 600, never committed).
 */
export function loadSealCertificate(
  certificate: SealCertificate,
  now: Date,
): { p12: Buffer; passphrase: string; revocation?: RevocationProvider } {
  if (!('demo' in certificate))
    return { p12: Buffer.from(certificate.base64, 'base64'), passphrase: certificate.passphrase };
  let pki = demoCache.get(certificate.file);
  if (!pki) {
    const caFile = caFileOf(certificate.file);
    // A demo certificate from before the demo CA (self-signed) is replaced by one the CA issues.
    if (fs.existsSync(certificate.file) && fs.existsSync(caFile))
      pki = { p12: fs.readFileSync(certificate.file), caPem: fs.readFileSync(caFile, 'utf8') };
    else {
      pki = makeDemoPki('E-sign demo seal', DEMO_PASSPHRASE, now);
      fs.mkdirSync(path.dirname(certificate.file), { recursive: true });
      fs.writeFileSync(certificate.file, pki.p12, { mode: 0o600 });
      fs.writeFileSync(caFile, pki.caPem, { mode: 0o600 });
    }
    demoCache.set(certificate.file, pki);
  }
  const { caPem } = pki;
  return {
    p12: pki.p12,
    passphrase: DEMO_PASSPHRASE,
    revocation: {
      getCRL: async (cert: Uint8Array) =>
        issuedBy(cert, caPem) ? new Uint8Array(await issueDemoCrl(caPem, now)) : null,
    },
  };
}

const sealFingerprints = new Map<string, Promise<string>>();

/** SHA-256 of the seal certificate's DER: the public verify page tells this product's seals from others'. */
export function sealCertificateSha256(certificate: SealCertificate, now: Date): Promise<string> {
  const key = 'demo' in certificate ? certificate.file : certificate.base64;
  let fingerprint = sealFingerprints.get(key);
  if (!fingerprint) {
    const { p12, passphrase } = loadSealCertificate(certificate, now);
    fingerprint = P12Signer.create(p12, passphrase).then((signer) => sha256(signer.certificate));
    sealFingerprints.set(key, fingerprint);
  }
  return fingerprint;
}

export interface SealInput {
  p12: Buffer;
  passphrase: string;
  revocation?: RevocationProvider | undefined;
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
 * Seals a PDF as PAdES (ETSI.CAdES.detached, SHA-256) with @libpdf/core: B-B without a TSA; with one
 * **B-LTA**: the RFC 3161 token over the signature value in the CMS as the signature-time-stamp attribute
 * (1.2.840.113549.1.9.16.2.14, B-T), a DSS with the chain and CRLs or OCSP answers (B-LT), and a document
 * timestamp (/SubFilter /ETSI.RFC3161) over all of it with the DSS of its own chain (B-LTA). A TSA failure
 * throws (the caller decides what waits); `timestamp` is the token in the signature.
 */
export async function sealPades(
  pdf: Uint8Array,
  input: SealInput & { tsa?: TsaAdapter | undefined },
): Promise<{ pdf: Buffer; timestamp: TimestampToken | null; documentTimestamp: TimestampToken | null }> {
  const signer = await P12Signer.create(input.p12, input.passphrase);
  const doc = await PDF.load(pdf);
  const tokens: TimestampToken[] = [];
  const tsa = input.tsa;
  const authority = tsa && {
    async timestamp(digest: Uint8Array) {
      const token = await tsa.timestamp(Buffer.from(digest));
      tokens.push(token);
      return new Uint8Array(token.token);
    },
  };
  const signed = await doc.sign({
    signer,
    reason: input.reason,
    location: input.location,
    contactInfo: input.name,
    signingTime: input.at,
    subFilter: 'ETSI.CAdES.detached',
    ...(authority
      ? {
          level: 'B-LTA' as const,
          timestampAuthority: authority,
          ...(input.revocation ? { revocationProvider: input.revocation } : {}),
        }
      : { level: 'B-B' as const }),
  });
  return { pdf: Buffer.from(signed.bytes), timestamp: tokens[0] ?? null, documentTimestamp: tokens[1] ?? null };
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
