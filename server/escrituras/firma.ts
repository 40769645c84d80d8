import fs from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { StartupError } from '../config.js';

/**
 * The notaría's signing certificate, a PKCS#12 (NOTARIA_P12_FILE, NOTARIA_P12_PASSWORD; one for
 * every notaría). Opened at start: one that cannot be opened stops the start with one line. Without
 * one, development and tests sign with a self-signed test certificate made at start, and every copy
 * says 'PRUEBA — sin validez'; production issues no copies (answered 503).
 */
export interface Firma {
  p12: Buffer;
  password: string;
  /** A test certificate: copies carry 'PRUEBA — sin validez'. */
  prueba: boolean;
  /** The signer's name as the certificate says (CN). */
  firmante: string;
}

export function cargarFirma(settings: { p12File: string | null; p12Password: string; production: boolean }): Firma | null {
  if (settings.p12File) {
    let p12: Buffer;
    try {
      p12 = fs.readFileSync(settings.p12File);
    } catch (e) {
      throw new StartupError(`NOTARIA_P12_FILE=${settings.p12File} no se puede leer (${(e as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
    const firmante = abrir(p12, settings.p12Password);
    if (!firmante) throw new StartupError(`NOTARIA_P12_FILE=${settings.p12File} no es un PKCS#12 que se pueda abrir con NOTARIA_P12_PASSWORD (contraseña incorrecta o archivo dañado).`);
    return { p12, password: settings.p12Password, prueba: false, firmante };
  }
  if (settings.production) return null;
  return certificadoDePrueba();
}

/** The certificate's CN, or null when the file does not open with this password or holds no key and certificate. */
function abrir(p12: Buffer, password: string): string | null {
  try {
    const archivo = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), password);
    const certs = archivo.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    const claves = archivo.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
    const cert = certs[0]?.cert;
    if (!cert || !claves[0]?.key) return null;
    const cn = String(cert.subject.getField('CN')?.value ?? 'Notaría');
    try {
      return forge.util.decodeUtf8(cn);
    } catch {
      return cn;
    }
  } catch {
    return null;
  }
}

/** A self-signed certificate for development (Node makes the RSA key; forge writes the PKCS#12). */
export function certificadoDePrueba(nombre = 'Notaria de pruebas (PRUEBA, sin validez)'): Firma {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 5 * 365 * 24 * 3600 * 1000);
  // ASCII names: forge writes them as PrintableString, which every verifier reads alike
  const attrs = [{ name: 'commonName', value: nombre }, { name: 'countryName', value: 'ES' }, { name: 'organizationName', value: 'Portal de la Notaria' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const password = randomBytes(16).toString('hex');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password, prueba: true, firmante: nombre };
}
