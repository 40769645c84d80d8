import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createHash, timingSafeEqual, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import type { Context } from 'hono';
import { StartupError } from './config.js';
import type { AppContext } from './context.js';
import { HttpError } from './http.js';
import { accederConCertificado, estadoInicial, type EstadoCertificados } from './auth/acceso-certificado.js';
import { CertificadoNoValido } from './auth/certificados.js';

/** The key pair and key @peculiar/x509 takes: the DOM's types (CryptoKeyPair, CryptoKey), which Node's webcrypto makes. */
type ParDeClaves = x509.X509CertificateCreateSelfSignedParams['keys'];
type Clave = ParDeClaves['privateKey'];

/**
 * The certificate sign-in listener: an HTTPS server (CERT_LOGIN_PORT, TLS_CERT_FILE/TLS_KEY_FILE)
 * that asks the browser for a client certificate (mutual TLS), validates it against the trust list
 * (server/auth/certificados.ts) and sends the browser back to the portal's /login with a one-time
 * code, which the portal exchanges for a session (POST /auth/certificate/session).
 * The TLS handshake accepts any certificate (rejectUnauthorized: false): the server validates it
 * itself, so a refused one gets a page with its Spanish reason instead of a broken connection.
 * Development generates a self-signed TLS pair and a test CA (with its CRL) and says so.
 */

export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function paginaHtml(portal: string, motivo: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Acceso con certificado digital</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>No se pudo acceder con su certificado</h1><p role="alert">${escape(motivo)}</p>
<p><a href="${escape(portal)}/login">Volver al acceso</a></p></body></html>`;
}

export const paginaDeError = (c: Context, portal: string, motivo: string, status: 400 | 409 | 503) =>
  c.html(paginaHtml(portal, motivo), status, { 'Cache-Control': 'no-store' });

/**
 * The 'estado' the portal's page made up before leaving (kept in its sessionStorage) travels to the
 * listener and back beside the code: the page exchanges only a code that comes back with its own
 * estado, so a link carrying someone else's code cannot sign a visitor in as that someone.
 */
export const estadoValido = (v: string | null | undefined): string | null => (v && /^[A-Za-z0-9_-]{16,100}$/.test(v) ? v : null);

export const destinoEnElPortal = (portal: string, codigo: string, estado: string | null) =>
  `${portal}/login?certificado=${encodeURIComponent(codigo)}${estado ? `&estado=${estado}` : ''}`;

export const redirigirAlPortal = (c: Context, portal: string, codigo: string, estado: string | null) => {
  c.header('Cache-Control', 'no-store');
  return c.redirect(destinoEnElPortal(portal, codigo, estado), 303);
};

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'Referrer-Policy': 'no-referrer',
};

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const pemKey = async (key: Clave) =>
  x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key as webcrypto.CryptoKey), 'PRIVATE KEY');

/** The development files: a test CA (kept, so certificates issued from it keep working), its CRL and a TLS pair. */
export interface PruebasDesarrollo {
  dir: string;
  caFile: string;
  caKeyFile: string;
  crlFile: string;
  tlsCertFile: string;
  tlsKeyFile: string;
}

export async function generarPruebas(dir: string): Promise<PruebasDesarrollo> {
  fs.mkdirSync(dir, { recursive: true });
  const f = {
    dir,
    caFile: path.join(dir, 'ac-pruebas.pem'),
    caKeyFile: path.join(dir, 'ac-pruebas-clave.pem'),
    crlFile: path.join(dir, 'ac-pruebas-crl.pem'),
    tlsCertFile: path.join(dir, 'servidor.pem'),
    tlsKeyFile: path.join(dir, 'servidor-clave.pem'),
  };
  const now = Date.now();
  const year = 365 * 86_400_000;
  if (!fs.existsSync(f.caFile) || !fs.existsSync(f.caKeyFile)) {
    const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
    const ca = await x509.X509CertificateGenerator.createSelfSigned({
      name: 'CN=AC de PRUEBAS del portal notarial (solo desarrollo), O=Portal notarial, C=ES',
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 5 * year),
      keys: keys as ParDeClaves,
      signingAlgorithm: ALG,
      extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true)],
    });
    fs.writeFileSync(f.caKeyFile, await pemKey(keys.privateKey as Clave), { mode: 0o600 });
    fs.writeFileSync(f.caFile, ca.toString('pem'));
  }
  if (!fs.existsSync(f.crlFile)) {
    // an empty CRL: the trust list must hold a current one for each CA (certificados.ts)
    const ca = new x509.X509Certificate(fs.readFileSync(f.caFile, 'utf8'));
    const key = await importarClave(fs.readFileSync(f.caKeyFile, 'utf8'));
    const crl = await x509.X509CrlGenerator.create({ issuer: ca.subject, thisUpdate: new Date(now - 60_000), nextUpdate: new Date(now + 5 * year), signingKey: key, signingAlgorithm: ALG, entries: [] });
    fs.writeFileSync(f.crlFile, crl.toString('pem'));
  }
  if (!fs.existsSync(f.tlsCertFile) || !fs.existsSync(f.tlsKeyFile)) {
    const keys = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      name: 'CN=localhost',
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + year),
      keys: keys as ParDeClaves,
      signingAlgorithm: ALG,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }, { type: 'ip', value: '127.0.0.1' }]), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth])],
    });
    fs.writeFileSync(f.tlsKeyFile, await pemKey(keys.privateKey as Clave), { mode: 0o600 });
    fs.writeFileSync(f.tlsCertFile, cert.toString('pem'));
  }
  return f;
}

export const importarClave = (pem: string) =>
  webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(pem), ALG, true, ['sign']) as Promise<Clave>;

export interface CertLogin {
  estado: EstadoCertificados;
  /** Development's generated files, when any (said in the start log). */
  pruebas: PruebasDesarrollo | null;
  close(): Promise<void>;
}

/**
 * Starts the listener when CERT_LOGIN_PORT (or development's default) says so. Production needs
 * TLS_CERT_FILE/TLS_KEY_FILE, CERT_CA_FILE and PUBLIC_URL; development generates what is missing
 * into DATA_DIR/certificados-pruebas (a temporary folder for an in-memory database).
 */
export async function startCertLogin(ctx: AppContext, portal: string, log: (m: string) => void): Promise<CertLogin> {
  const { config } = ctx;
  // the object the routes already hold (boot.ts sets it before the app is made)
  const estado: EstadoCertificados = ctx.certificados ?? (ctx.certificados = estadoInicial(ctx));
  estado.portal = portal;
  const apagado: CertLogin = { estado, pruebas: null, close: async () => undefined };
  const puerto = config.certLoginPort;
  if (puerto === null) return apagado;
  if (config.production) {
    const falta = [
      !config.tlsCertFile || !config.tlsKeyFile ? 'TLS_CERT_FILE y TLS_KEY_FILE' : null,
      !config.certCaFile ? 'CERT_CA_FILE' : null,
      !config.publicUrl ? 'PUBLIC_URL' : null,
    ].filter(Boolean);
    if (falta.length) throw new StartupError(`CERT_LOGIN_PORT necesita en producción ${falta.join(', ')} (vea "Acceso con certificado digital" en el README).`);
  }
  const needsPruebas = !config.certCaFile || !config.tlsCertFile || !config.tlsKeyFile;
  const pruebas = needsPruebas
    ? await generarPruebas(path.join(config.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'notaria-cert-')), 'certificados-pruebas'))
    : null;
  if (!config.certCaFile && pruebas) {
    estado.caFile = pruebas.caFile;
    estado.crlFile = config.certCrlFile ?? pruebas.crlFile;
  }
  const tlsCert = config.tlsCertFile && config.tlsKeyFile ? config.tlsCertFile : pruebas!.tlsCertFile;
  const tlsKey = config.tlsCertFile && config.tlsKeyFile ? config.tlsKeyFile : pruebas!.tlsKeyFile;
  const server = https.createServer(
    {
      cert: fs.readFileSync(tlsCert),
      key: fs.readFileSync(tlsKey),
      requestCert: true,
      rejectUnauthorized: false,
      // named in the TLS request, so the browser offers only certificates of these CAs
      ca: fs.readFileSync(estado.caFile!),
    },
    (req, res) => {
      const responder = (status: number, headers: Record<string, string>, body = '') => {
        res.writeHead(status, { ...SECURITY_HEADERS, ...headers });
        res.end(body);
      };
      const pagina = (motivo: string, status: number) => responder(status, { 'Content-Type': 'text/html; charset=utf-8' }, paginaHtml(portal, motivo));
      // GET only: a HEAD would sign in (and register) without anyone following the redirect
      if (req.method !== 'GET') return pagina('Método no permitido.', 405);
      const url = new URL(req.url ?? '/', 'https://localhost');
      if (url.pathname === '/favicon.ico') return responder(404, {});
      const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
      if (!peer?.raw) return pagina('Su navegador no ha presentado ningún certificado. Instale su certificado digital (o inserte su DNIe) y vuelva a intentarlo.', 400);
      accederConCertificado(ctx, new Uint8Array(peer.raw))
        .then((codigo) => responder(303, { Location: destinoEnElPortal(portal, codigo, estadoValido(url.searchParams.get('estado'))) }))
        .catch((e: unknown) => {
          if (e instanceof CertificadoNoValido || e instanceof HttpError) return pagina(e.message, e instanceof HttpError ? e.status : 400);
          log(`[certificado] ${(e as Error).stack ?? (e as Error).message}`);
          pagina('Error interno del servidor.', 500);
        });
    },
  );
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(puerto, config.host, resolve));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // development's default port may be taken: the portal starts without it
    if (!config.production && code === 'EADDRINUSE') {
      log(`  Acceso con certificado desactivado: el puerto ${config.certLoginPort} está en uso (elija otro con CERT_LOGIN_PORT).`);
      return { ...apagado, pruebas };
    }
    if (code === 'EADDRINUSE') throw new StartupError(`El puerto ${config.certLoginPort} (CERT_LOGIN_PORT) ya está en uso.`);
    throw e;
  }
  estado.puerto = (server.address() as AddressInfo).port;
  return {
    estado,
    pruebas,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
