import { createHash, generateKeyPairSync, webcrypto } from 'node:crypto';
import forge from 'node-forge';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * The demo seal's small PKI (decision 054, issue 48): a demo root CA that issues the seal's certificate and
 * signs a CRL for it, so a demo seal carries a whole chain and revocation data (PAdES B-LT) as a production
 * one does with its CA's. Production brings its own PKCS#12 and its CA's CRL or OCSP answers come over the
 * network; nothing here runs there.
 */

export interface DemoPki {
  /** The seal's key, its certificate and the CA's certificate. */
  p12: Buffer;
  /** The CA's certificate and key (PEM), which sign the CRL. */
  caPem: string;
}

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    publicKey: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
  };
};
const serial = (seed: string) => `01${createHash('sha256').update(seed).digest('hex').slice(0, 14)}`;
const YEAR_MS = 365 * 86_400_000;

/** A demo root CA (twenty years) and the seal's certificate it issues (`years`), as a PKCS#12 plus the CA. */
export function makeDemoPki(commonName: string, passphrase: string, now: Date, years = 10): DemoPki {
  const ca = keyPair();
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = serial(`ca ${now.toISOString()} ${Math.random()}`);
  caCert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  caCert.validity.notAfter = new Date(now.getTime() + 20 * YEAR_MS);
  const caSubject = [
    { name: 'commonName', value: 'Loan CRM demo CA' },
    { name: 'organizationName', value: 'Loan CRM demo (not for production)' },
    { name: 'countryName', value: 'CN' },
  ];
  caCert.setSubject(caSubject);
  caCert.setIssuer(caSubject);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const seal = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = seal.publicKey;
  cert.serialNumber = serial(`seal ${now.toISOString()} ${Math.random()}`);
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + years * YEAR_MS);
  cert.setSubject([
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Loan CRM demo (not for production)' },
    { name: 'countryName', value: 'CN' },
  ]);
  cert.setIssuer(caSubject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(seal.privateKey, [cert, caCert], passphrase, { algorithm: '3des' });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    caPem: forge.pki.certificateToPem(caCert) + forge.pki.privateKeyToPem(ca.privateKey),
  };
}

/** One block of a PEM bundle, by its type (the CA file holds the certificate and the key). */
function pemBlock(pem: string, type: 'CERTIFICATE' | 'RSA PRIVATE KEY'): string {
  const block = forge.pem.decode(pem).find((message) => message.type === type);
  if (!block) throw new Error(`demo CA file has no ${type}`);
  return forge.pem.encode(block);
}

/** The CA's CRL at `at` (next update a week later), revoking `revoked` serials (hex). */
export async function issueDemoCrl(caPem: string, at: Date, revoked: string[] = []): Promise<Buffer> {
  const caCert = pkijs.Certificate.fromBER(
    Buffer.from(
      forge.asn1
        .toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(pemBlock(caPem, 'CERTIFICATE'))))
        .getBytes(),
      'binary',
    ),
  );
  const keyDer = forge.asn1.toDer(
    forge.pki.wrapRsaPrivateKey(
      forge.pki.privateKeyToAsn1(forge.pki.privateKeyFromPem(pemBlock(caPem, 'RSA PRIVATE KEY'))),
    ),
  );
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    Buffer.from(keyDer.getBytes(), 'binary'),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: caCert.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: at }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(at.getTime() + 7 * 86_400_000) }),
    ...(revoked.length > 0
      ? {
          revokedCertificates: revoked.map(
            (hex) =>
              new pkijs.RevokedCertificate({
                userCertificate: new asn1js.Integer({ valueHex: Buffer.from(hex, 'hex') }),
                revocationDate: new pkijs.Time({ type: 0, value: at }),
              }),
          ),
        }
      : {}),
  });
  await crl.sign(key, 'SHA-256');
  // pkijs types toSchema() as `any`; a CRL's is its SEQUENCE.
  return Buffer.from((crl.toSchema() as asn1js.Sequence).toBER(false));
}

/** Whether a DER certificate was issued by the CA of `caPem` (same issuer name). */
export function issuedBy(certDer: Uint8Array, caPem: string): boolean {
  const cert = pkijs.Certificate.fromBER(certDer);
  const ca = forge.pki.certificateFromPem(pemBlock(caPem, 'CERTIFICATE'));
  const caDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(ca)).getBytes(), 'binary');
  const caCert = pkijs.Certificate.fromBER(caDer);
  return cert.issuer.isEqual(caCert.subject) && !cert.subject.isEqual(caCert.subject);
}
