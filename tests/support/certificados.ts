import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/**
 * Test certificates made with @peculiar/x509, as FNMT-RCM and the DNIe shape them: the NIF/NIE
 * in the subject's serialNumber ('IDCES-12345678Z'), key usage for signature, EKU client auth.
 */
x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

export interface Ca {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}

export interface UserCert {
  cert: x509.X509Certificate;
  /** PEM of the certificate and of its PKCS#8 key (for a TLS client: Node's https, Playwright's clientCertificates). */
  certPem: string;
  keyPem: string;
}

const newKeys = () => webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
let serial = 0x1000;
const nextSerial = () => (serial++).toString(16).padStart(4, '0');

export async function crearCa(nombre: string): Promise<Ca> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: nextSerial(),
    name: `CN=${nombre}, O=Pruebas, C=ES`,
    notBefore: new Date(Date.now() - 30 * DAY),
    notAfter: new Date(Date.now() + 3650 * DAY),
    keys,
    signingAlgorithm: ALG,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
  });
  return { cert, keys };
}

export interface Titular {
  /** The subject's serialNumber as the certificate carries it, e.g. 'IDCES-12345678Z'. */
  serialNumber: string;
  nombre?: string;
  email?: string;
  /** A legal entity's representative certificate carries the company's organizationIdentifier. */
  organizationIdentifier?: string;
  notBefore?: Date;
  notAfter?: Date;
  keyUsage?: number;
}

export async function emitir(ca: Ca, t: Titular): Promise<UserCert> {
  const keys = await newKeys();
  const nombre = t.nombre ?? 'TITULAR DE PRUEBA';
  const subject = [
    `CN=${nombre} - ${t.serialNumber.replace(/^IDCES-/, '')}`,
    `2.5.4.5=${t.serialNumber}`,
    ...(t.organizationIdentifier ? [`2.5.4.97=${t.organizationIdentifier}`, 'O=EMPRESA DE PRUEBA SL'] : []),
    'C=ES',
  ].join(', ');
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: nextSerial(),
    subject,
    issuer: ca.cert.subject,
    notBefore: t.notBefore ?? new Date(Date.now() - DAY),
    notAfter: t.notAfter ?? new Date(Date.now() + 365 * DAY),
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.KeyUsagesExtension(t.keyUsage ?? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth, x509.ExtendedKeyUsage.emailProtection]),
      ...(t.email ? [new x509.SubjectAlternativeNameExtension([{ type: 'email', value: t.email }])] : []),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey as webcrypto.CryptoKey);
  return { cert, certPem: cert.toString('pem'), keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}

export async function crl(ca: Ca, revocados: x509.X509Certificate[], nextUpdate = new Date(Date.now() + 7 * DAY)): Promise<string> {
  const list = await x509.X509CrlGenerator.create({
    issuer: ca.cert.subject,
    thisUpdate: new Date(Date.now() - 60_000),
    nextUpdate,
    entries: revocados.map((c) => ({ serialNumber: c.serialNumber, revocationDate: new Date(Date.now() - 3_600_000), reason: x509.X509CrlReason.keyCompromise })),
    signingKey: ca.keys.privateKey,
    signingAlgorithm: ALG,
  });
  return list.toString('pem');
}

/** Writes the trust list files (CERT_CA_FILE, CERT_CRL_FILE) into a temporary folder. */
export function escribirListaDeConfianza(caPem: string, crlPem: string): { dir: string; caFile: string; crlFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  const crlFile = path.join(dir, 'crl.pem');
  fs.writeFileSync(caFile, caPem);
  fs.writeFileSync(crlFile, crlPem);
  return { dir, caFile, crlFile };
}

/** The letter of a NIF's number. */
export const nif = (n: number) => `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

/** Issues a certificate with the CA files the development server wrote (DATA_DIR/certificados-pruebas). */
export async function emitirConCaDeArchivos(caFile: string, caKeyFile: string, t: Titular): Promise<UserCert> {
  const cert = new x509.X509Certificate(fs.readFileSync(caFile, 'utf8'));
  const privateKey = (await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(fs.readFileSync(caKeyFile, 'utf8')), ALG, true, ['sign'])) as CryptoKey;
  return emitir({ cert, keys: { privateKey, publicKey: undefined as never } }, t);
}
