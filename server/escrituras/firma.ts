import fs from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { StartupError } from '../config.js';
import { FirmantePades } from './firma-pades.js';

/**
 * The notarías' signing certificates, PKCS#12 files: one for every notaría (NOTARIA_P12_FILE,
 * NOTARIA_P12_PASSWORD) and a notaría's own by its sign-in id (NOTARIA_P12_FILE_NOT001,
 * NOTARIA_P12_PASSWORD_NOT001), which wins. All are opened at start: one that cannot be opened stops
 * the start with one line. Without the one for every notaría, development and tests sign with a
 * self-signed test certificate made at start, and its copies say 'PRUEBA — sin validez'; production
 * issues no copies for a notaría without a certificate (answered 503).
 */
export interface Firma {
  /** Signs a copy's CMS: the PKCS#12 opened once, at start. */
  firmante: FirmantePades;
  /** A test certificate: copies carry 'PRUEBA — sin validez'. */
  prueba: boolean;
}

export interface Firmas {
  /** The certificate that signs the copies of the notaría with this sign-in id, or null: none. */
  de(externalIdNotaria: string): Firma | null;
}

export interface AjustesFirma {
  p12File: string | null;
  p12Password: string;
  porNotaria: Record<string, { file: string; password: string }>;
  production: boolean;
}

export function cargarFirmas(settings: AjustesFirma): Firmas {
  const comun = settings.p12File
    ? abrirArchivo(settings.p12File, settings.p12Password, 'NOTARIA_P12_FILE', 'NOTARIA_P12_PASSWORD')
    : settings.production
      ? null
      : certificadoDePrueba();
  const propias = new Map(
    Object.entries(settings.porNotaria).map(([notaria, { file, password }]) => [
      notaria,
      abrirArchivo(file, password, `NOTARIA_P12_FILE_${notaria}`, `NOTARIA_P12_PASSWORD_${notaria}`),
    ]),
  );
  return { de: (externalIdNotaria) => propias.get(externalIdNotaria) ?? comun };
}

function abrirArchivo(file: string, password: string, variable: string, variableClave: string): Firma {
  let p12: Buffer;
  try {
    p12 = fs.readFileSync(file);
  } catch (e) {
    throw new StartupError(`${variable}=${file} no se puede leer (${(e as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  try {
    return { firmante: new FirmantePades(p12, password), prueba: false };
  } catch {
    throw new StartupError(`${variable}=${file} no es un PKCS#12 que se pueda abrir con ${variableClave} (contraseña incorrecta o archivo dañado).`);
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
  return { firmante: new FirmantePades(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password), prueba: true };
}
