// npm run certificado:prueba -- NIF [email]: issues a personal certificate from development's test
// CA (DATA_DIR/certificados-pruebas, written by the server's first start) to sign in by certificate
// in a browser: PEM certificate and key, and a PKCS#12 file (password 'prueba') when openssl is here.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { emitirConCaDeArchivos } from '../tests/support/certificados.ts';

const [numero, email] = process.argv.slice(2);
if (!numero) {
  console.error('Uso: npm run certificado:prueba -- 12345678Z [correo@ejemplo.es]');
  process.exit(1);
}
const dir = path.resolve(process.env.DATA_DIR || '.data', 'certificados-pruebas');
const caFile = path.join(dir, 'ac-pruebas.pem');
if (!fs.existsSync(caFile)) {
  console.error(`No hay AC de pruebas en ${dir}: arranque antes el portal en desarrollo (npm start).`);
  process.exit(1);
}
const doc = numero.toUpperCase();
const cert = await emitirConCaDeArchivos(caFile, path.join(dir, 'ac-pruebas-clave.pem'), { serialNumber: `IDCES-${doc}`, nombre: 'PERSONA DE PRUEBA', email });
const base = path.join(dir, `usuario-${doc}`);
fs.writeFileSync(`${base}.pem`, cert.certPem);
fs.writeFileSync(`${base}-clave.pem`, cert.keyPem, { mode: 0o600 });
let p12 = '';
try {
  execFileSync('openssl', ['pkcs12', '-export', '-in', `${base}.pem`, '-inkey', `${base}-clave.pem`, '-out', `${base}.p12`, '-passout', 'pass:prueba', '-name', `Prueba ${doc}`]);
  p12 = `\n  ${base}.p12 (contraseña: prueba): impórtelo en el navegador (Configuración › Privacidad y seguridad › Certificados).`;
} catch {
  p12 = '\n  (sin openssl no se genera el .p12: conviértalo con openssl pkcs12 -export)';
}
console.log(`Certificado de pruebas de ${doc}:\n  ${base}.pem\n  ${base}-clave.pem${p12}`);
