// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata polyfill
import 'reflect-metadata';
import fs from 'node:fs';
import { createHash, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { isValidNie, isValidNif } from '../../domain/identifiers.js';

// @peculiar/x509 takes the Web Crypto API under the DOM's name (Crypto); Node's is the same API
x509.cryptoProvider.set(webcrypto as unknown as ReturnType<typeof x509.cryptoProvider.get>);

/**
 * Qualified certificates (FNMT-RCM, DNIe): parsing and validation against the trust list.
 * The trust list is CERT_CA_FILE (PEM bundle of the accepted issuing CAs; CRLs may sit in the same
 * file as "X509 CRL" blocks) plus CERT_CRL_FILE (PEM or DER CRLs of those CAs). Both files are read
 * again when they change, so a job that refreshes the CRLs needs no restart.
 */

/** Every refusal starts so (the wording); the reason follows. */
export const PREFIJO_NO_VALIDO = 'El certificado no es válido: ';

export class CertificadoNoValido extends Error {
  constructor(readonly motivo: string) {
    super(PREFIJO_NO_VALIDO + motivo);
  }
}

/** The reasons, declared once: the routes, the listener's page and the tests use these texts. */
export const MOTIVOS = {
  ilegible: 'no se puede leer (se espera un certificado X.509 en PEM o en DER codificado en base64).',
  emisorDesconocido: 'no lo ha emitido una autoridad de certificación admitida por la notaría.',
  caducado: (hasta: Date) => `caducó el ${fecha(hasta)}.`,
  aunNoValido: (desde: Date) => `no es válido hasta el ${fecha(desde)}.`,
  usoDeClave: 'el uso de su clave no permite la autenticación ni la firma.',
  revocado: (el: Date) => `ha sido revocado (${fecha(el)}).`,
  sinCrl: 'no se puede comprobar si está revocado: no hay una lista de revocación (CRL) vigente de su emisor.',
  entidad:
    'es un certificado de representante de una entidad (persona jurídica). Use su certificado de persona física: el portal identifica a personas, y una representación se acredita aparte.',
  sinDocumento: 'no contiene un NIF o NIE de persona física en el número de serie del titular.',
  otroDocumento: 'su NIF/NIE no coincide con el documento de su cuenta.',
  sinListaDeConfianza: 'el acceso con certificado no está configurado en este servidor (CERT_CA_FILE).',
} as const;

const fecha = (d: Date) => d.toLocaleDateString('es-ES', { timeZone: 'Europe/Madrid' });

const OID = {
  serialNumber: '2.5.4.5',
  organizationIdentifier: '2.5.4.97',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
  commonName: '2.5.4.3',
  emailAddress: '1.2.840.113549.1.9.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  anyExtendedKeyUsage: '2.5.29.37.0',
} as const;

export interface ListaDeConfianza {
  cas: x509.X509Certificate[];
  crls: x509.X509Crl[];
}

export interface CertificadoValido {
  /** SHA-256 of the DER, hex: the certificate's identity in servicios.certificados. */
  huella: string;
  tipoDocumento: 'NIF' | 'NIE';
  numeroDocumento: string;
  email: string | null;
  nombre: string | null;
  sujeto: string;
  emisor: string;
  numeroSerie: string;
  validoHasta: Date;
}

/** PEM (one certificate) or base64 DER, as POST /auth/certificate and the proxy header carry it. */
export function leerCertificado(data: string | Uint8Array): x509.X509Certificate {
  try {
    if (typeof data !== 'string') return new x509.X509Certificate(new Uint8Array(data));
    const text = data.trim();
    if (text.includes('-----BEGIN')) return new x509.X509Certificate(x509.PemConverter.decodeFirst(text));
    const compact = text.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+=*$/.test(compact)) throw new Error('not base64');
    return new x509.X509Certificate(new Uint8Array(Buffer.from(compact, 'base64')));
  } catch {
    throw new CertificadoNoValido(MOTIVOS.ilegible);
  }
}

/** The certificates and CRLs of PEM text (any number of blocks) or of one DER CRL. */
function bloques(contenido: Buffer): { cas: x509.X509Certificate[]; crls: x509.X509Crl[] } {
  const text = contenido.toString('latin1');
  if (!text.includes('-----BEGIN')) return { cas: [], crls: contenido.length ? [new x509.X509Crl(new Uint8Array(contenido))] : [] };
  const cas: x509.X509Certificate[] = [];
  const crls: x509.X509Crl[] = [];
  for (const b of x509.PemConverter.decodeWithHeaders(text)) {
    if (b.type === 'CERTIFICATE') cas.push(new x509.X509Certificate(b.rawData));
    else if (b.type === 'X509 CRL' || b.type === 'CRL') crls.push(new x509.X509Crl(b.rawData));
  }
  return { cas, crls };
}

let cache: { clave: string; lista: ListaDeConfianza } | null = null;

/** The trust list of the configured files, read again when a file's size or time changes. */
export function listaDeConfianza(caFile: string | null, crlFile: string | null): ListaDeConfianza | null {
  if (!caFile) return null;
  const files = [caFile, crlFile].filter((f): f is string => !!f);
  const clave = files.map((f) => { const s = fs.statSync(f); return `${f}:${s.size}:${s.mtimeMs}`; }).join('|');
  if (cache?.clave === clave) return cache.lista;
  const lista: ListaDeConfianza = { cas: [], crls: [] };
  for (const f of files) {
    const { cas, crls } = bloques(fs.readFileSync(f));
    lista.cas.push(...cas);
    lista.crls.push(...crls);
  }
  cache = { clave, lista };
  return lista;
}

/** The CA of the list that issued the certificate (same name, and its key verifies the signature). */
async function emisorDe(cert: x509.X509Certificate, lista: ListaDeConfianza, ahora: Date): Promise<x509.X509Certificate | null> {
  for (const ca of lista.cas) {
    if (ca.subject !== cert.issuer) continue;
    const basic = ca.getExtension(x509.BasicConstraintsExtension);
    if (!basic?.ca || ca.notBefore > ahora || ca.notAfter < ahora) continue;
    if (await cert.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false)) return ca;
  }
  return null;
}

/** Key usage for signing in: digital signature or non-repudiation; an EKU, if any, for client auth, e-mail or any. */
function usoAdmitido(cert: x509.X509Certificate): boolean {
  const ku = cert.getExtension(x509.KeyUsagesExtension);
  if (ku && !(ku.usages & (x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation))) return false;
  const eku = cert.getExtension(x509.ExtendedKeyUsageExtension);
  if (eku && !eku.usages.some((u) => [OID.clientAuth, OID.emailProtection, OID.anyExtendedKeyUsage].includes(String(u) as never))) return false;
  return true;
}

/** The current CRLs of the issuing CA (signed by it, nextUpdate not passed); a revocation in any of them counts. */
async function crlsVigentes(ca: x509.X509Certificate, lista: ListaDeConfianza, ahora: Date): Promise<x509.X509Crl[]> {
  const vigentes: x509.X509Crl[] = [];
  for (const crl of lista.crls) {
    if (crl.issuer !== ca.subject) continue;
    if (crl.nextUpdate && crl.nextUpdate < ahora) continue;
    if (await crl.verify({ publicKey: ca.publicKey }).catch(() => false)) vigentes.push(crl);
  }
  return vigentes;
}

/** The NIF or NIE of the subject's serialNumber: ETSI EN 319 412-1 'IDCES-12345678Z' or the bare number. */
export function documentoDe(cert: x509.X509Certificate): { tipo: 'NIF' | 'NIE'; numero: string } | null {
  for (const valor of cert.subjectName.getField(OID.serialNumber)) {
    const numero = valor.trim().toUpperCase().replace(/^IDCES-/, '').replace(/[\s-]/g, '');
    if (isValidNif(numero)) return { tipo: 'NIF', numero };
    if (isValidNie(numero)) return { tipo: 'NIE', numero };
  }
  return null;
}

function emailDe(cert: x509.X509Certificate): string | null {
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const enSan = san?.names.items.find((n) => n.type === 'email')?.value;
  return (enSan ?? cert.subjectName.getField(OID.emailAddress)[0] ?? null)?.trim().toLowerCase() || null;
}

function nombreDe(cert: x509.X509Certificate): string | null {
  const partes = [...cert.subjectName.getField(OID.givenName), ...cert.subjectName.getField(OID.surname)];
  return (partes.length ? partes.join(' ') : cert.subjectName.getField(OID.commonName)[0]) ?? null;
}

/**
 * Validates a certificate for linking or signing in; throws CertificadoNoValido with the first
 * reason found. Legal-entity certificates (organizationIdentifier, 2.5.4.97: the "representante de
 * persona jurídica" certificates) are refused: they prove that someone acts for a company, and an
 * account of this portal is one natural person, whose representations are recorded separately.
 */
export async function validarCertificado(
  data: string | Uint8Array,
  lista: ListaDeConfianza | null,
  ahora: Date = new Date(),
): Promise<CertificadoValido> {
  if (!lista?.cas.length) throw new CertificadoNoValido(MOTIVOS.sinListaDeConfianza);
  const cert = leerCertificado(data);
  const ca = await emisorDe(cert, lista, ahora);
  if (!ca) throw new CertificadoNoValido(MOTIVOS.emisorDesconocido);
  if (cert.notAfter < ahora) throw new CertificadoNoValido(MOTIVOS.caducado(cert.notAfter));
  if (cert.notBefore > ahora) throw new CertificadoNoValido(MOTIVOS.aunNoValido(cert.notBefore));
  if (!usoAdmitido(cert)) throw new CertificadoNoValido(MOTIVOS.usoDeClave);
  const crls = await crlsVigentes(ca, lista, ahora);
  if (!crls.length) throw new CertificadoNoValido(MOTIVOS.sinCrl);
  const revocado = crls.map((crl) => crl.findRevoked(cert)).find(Boolean);
  if (revocado) throw new CertificadoNoValido(MOTIVOS.revocado(revocado.revocationDate));
  if (cert.subjectName.getField(OID.organizationIdentifier).length) throw new CertificadoNoValido(MOTIVOS.entidad);
  const doc = documentoDe(cert);
  if (!doc) throw new CertificadoNoValido(MOTIVOS.sinDocumento);
  return {
    huella: createHash('sha256').update(new Uint8Array(cert.rawData)).digest('hex'),
    tipoDocumento: doc.tipo,
    numeroDocumento: doc.numero,
    email: emailDe(cert),
    nombre: nombreDe(cert),
    sujeto: cert.subject,
    emisor: cert.issuer,
    numeroSerie: cert.serialNumber,
    validoHasta: cert.notAfter,
  };
}
