import { createHash, createSign } from 'node:crypto';
import forge from 'node-forge';
import * as asn1js from 'asn1js';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';
import {
  Attribute, CertificateChoices, CertificateSet, ContentInfo, DigestAlgorithmIdentifiers, EncapsulatedContentInfo,
  IssuerAndSerialNumber, SignedData, SignerIdentifier, SignerInfo, SignerInfos, id_data, id_signedData,
} from '@peculiar/asn1-cms';
import { Signer } from '@signpdf/utils';

/**
 * The CMS of a PAdES baseline B-B signature (ETSI EN 319 142-1), which @signpdf's P12Signer does not
 * write: its signed attributes are exactly content-type (id-data), message-digest and ESS
 * signing-certificate-v2 (RFC 5035: the SHA-256 of the signer's certificate with its issuer and
 * serial), and no signing-time: the claimed time is the signature dictionary's /M. The structures
 * are @peculiar/asn1-cms's; the key and certificates come from the PKCS#12 through node-forge,
 * and Node's crypto signs (RSA PKCS#1 v1.5, SHA-256).
 */
const OID = {
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
};

const der = (node: asn1js.BaseBlock) => node.toBER(false);
const sha256 = (bytes: ArrayBuffer | Buffer) => createHash('sha256').update(Buffer.from(bytes as ArrayBuffer)).digest();
const arrayBuffer = (b: Buffer): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The PKCS#12's private key (PEM), its certificates, the signer's first (DER), and the signer's CN. */
function abrirP12(p12: Buffer, password: string): { clave: string; certificados: Buffer[]; nombre: string } {
  const archivo = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), password);
  const bolsas = archivo.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const clave = archivo.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!clave) throw new Error('El PKCS#12 no contiene una clave privada');
  const certs = bolsas.map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  const esDelFirmante = (c: forge.pki.Certificate) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(clave.n) === 0 && pub.e?.compareTo(clave.e) === 0;
  };
  const firmante = certs.find(esDelFirmante);
  if (!firmante) throw new Error('Ningún certificado del PKCS#12 corresponde a su clave privada');
  const aDer = (c: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary');
  const cn = String(firmante.subject.getField('CN')?.value ?? 'Notaría');
  let nombre = cn;
  try {
    nombre = forge.util.decodeUtf8(cn);
  } catch {
    /* not UTF-8: as written */
  }
  return { clave: forge.pki.privateKeyToPem(clave), certificados: [firmante, ...certs.filter((c) => c !== firmante)].map(aDer), nombre };
}

/** ESS signing-certificate-v2 (RFC 5035) of `cert`: one ESSCertIDv2, SHA-256 (the default, left out) and IssuerSerial. */
function signingCertificateV2(certDer: Buffer, cert: Certificate): ArrayBuffer {
  const issuer = asn1js.fromBER(AsnConvert.serialize(cert.tbsCertificate.issuer)).result;
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames: one directoryName, [4] EXPLICIT Name
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [issuer] })] }),
      new asn1js.Integer({ valueHex: cert.tbsCertificate.serialNumber }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: arrayBuffer(sha256(certDer)) }), issuerSerial] });
  return der(new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] }));
}

export class FirmantePades extends Signer {
  private readonly clave: string;
  private readonly certificados: Buffer[];
  /** The signer's name as its certificate says (CN), for the signature dictionary's /Name. */
  readonly nombre: string;

  /** Throws when the PKCS#12 does not open or holds no key with its certificate. */
  constructor(p12: Buffer, password: string) {
    super();
    ({ clave: this.clave, certificados: this.certificados, nombre: this.nombre } = abrirP12(p12, password));
  }

  /** The detached CMS SignedData (DER) over `pdf`, the bytes of the PDF's signed ranges. */
  override async sign(pdf: Buffer): Promise<Buffer> {
    const certs = this.certificados.map((c) => AsnConvert.parse(c, Certificate));
    const firmante = certs[0];
    const atributo = (attrType: string, valor: ArrayBuffer) => new Attribute({ attrType, attrValues: [valor] });
    // a DER SET OF is sorted by each element's encoding; the same order is written in the SignerInfo
    const atributos = [
      atributo(OID.contentType, der(new asn1js.ObjectIdentifier({ value: id_data }))),
      atributo(OID.messageDigest, der(new asn1js.OctetString({ valueHex: arrayBuffer(sha256(pdf)) }))),
      atributo(OID.signingCertificateV2, signingCertificateV2(this.certificados[0], firmante)),
    ]
      .map((a) => ({ a, bytes: Buffer.from(AsnConvert.serialize(a)) }))
      .sort((x, y) => Buffer.compare(x.bytes, y.bytes));
    // the signature is over the attributes' DER as a SET (tag 0x31), not the [0] IMPLICIT of the SignerInfo
    const set = new asn1js.Set({ value: atributos.map(({ bytes }) => asn1js.fromBER(arrayBuffer(bytes)).result) });
    const firma = createSign('sha256').update(Buffer.from(der(set))).sign(this.clave);

    const signerInfo = new SignerInfo({
      version: 1,
      sid: new SignerIdentifier({
        issuerAndSerialNumber: new IssuerAndSerialNumber({ issuer: firmante.tbsCertificate.issuer, serialNumber: firmante.tbsCertificate.serialNumber }),
      }),
      digestAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256 }),
      signedAttrs: atributos.map(({ a }) => a),
      signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256WithRSA, parameters: null }),
      signature: new OctetString(arrayBuffer(firma)),
    });
    const signedData = new SignedData({
      version: 1,
      digestAlgorithms: new DigestAlgorithmIdentifiers([new AlgorithmIdentifier({ algorithm: OID.sha256 })]),
      encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
      certificates: new CertificateSet(certs.map((certificate) => new CertificateChoices({ certificate }))),
      signerInfos: new SignerInfos([signerInfo]),
    });
    const contentInfo = new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) });
    return Buffer.from(AsnConvert.serialize(contentInfo));
  }
}
