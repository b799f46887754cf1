import { createHash, generateKeyPairSync, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import * as pkijs from 'pkijs';

/*
 * The fake TSA's signing (tests only): a self-signed RSA certificate for time stamping and the CMS SignedData
 * of a TSTInfo, with the attributes RFC 3161 and RFC 5816 ask of a token (content type TSTInfo, message digest,
 * ESS signing-certificate-v2), so real verifiers (openssl ts, PDF readers, our own) accept it.
 */

const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4';

export interface TsaIdentity {
  certificatePem: string;
  certificateDer: Buffer;
  key: webcrypto.CryptoKey;
}

export async function makeTsaIdentity(): Promise<TsaIdentity> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forgeKey = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '0a1b2c3d';
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2040, 0, 1));
  const subject = [
    { name: 'commonName', value: 'Fake TSA (tests)' },
    { name: 'countryName', value: 'CN' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'extKeyUsage', timeStamping: true, critical: true },
  ]);
  cert.sign(forgeKey, forge.md.sha256.create());
  const certificateDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    privateKey.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return { certificatePem: forge.pki.certificateToPem(cert), certificateDer, key };
}

/** The DER ContentInfo (SignedData) of a TSTInfo, signed by the identity. */
export async function signToken(tstInfoDer: Buffer, identity: TsaIdentity): Promise<Uint8Array> {
  const certificate = pkijs.Certificate.fromBER(identity.certificateDer);
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.OctetString({
                valueHex: createHash('sha256').update(identity.certificateDer).digest(),
              }),
            ],
          }),
        ],
      }),
    ],
  });
  const signedData = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: TST_INFO_OID,
      eContent: new asn1js.OctetString({ valueHex: tstInfoDer }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.3',
              values: [new asn1js.ObjectIdentifier({ value: TST_INFO_OID })],
            }),
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.4',
              values: [new asn1js.OctetString({ valueHex: createHash('sha256').update(tstInfoDer).digest() })],
            }),
            // id-aa-signingCertificateV2, SHA-256 being its default hash (RFC 5035)
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.16.2.47', values: [essCertIdV2] }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  await signedData.sign(identity.key, 0, 'SHA-256');
  const contentInfo = new pkijs.ContentInfo({
    contentType: pkijs.id_ContentType_SignedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
