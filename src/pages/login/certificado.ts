import { useEffect, useRef, useState } from 'react';
import { endpointUrl } from '../../../providers/config';
import { routes } from '../../../api/routes';
import { parseLoginResponse } from '../../../domain/login-response';
import { forgetSession } from '../../../providers/auth-provider';
import { session } from '../../../providers/session';

/**
 * Certificate sign-in from /login: the link goes to the server, which sends the browser to its
 * HTTPS listener (it asks for the client certificate) and that back here with ?certificado=CODE,
 * exchanged once for a session. The chosen notaría and the ?to= target wait in sessionStorage.
 */
export const ACCESO_CERTIFICADO_URL = endpointUrl(routes.certificados.signIn);
const PENDIENTE_KEY = 'acceso_certificado';

/**
 * Before leaving: a random 'estado' (it comes back beside the code; a code that comes back with
 * another one, e.g. in a link someone sent, is not exchanged), the notaría and the ?to= target.
 * Answers the address to go to.
 */
export function salirAlCertificado(notaria: string | undefined, to: string | null): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const estado = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  try {
    sessionStorage.setItem(PENDIENTE_KEY, JSON.stringify({ estado, notaria: notaria ?? null, to }));
  } catch {
    /* storage unavailable: the exchange will be refused and say why */
  }
  return `${ACCESO_CERTIFICADO_URL}?estado=${estado}`;
}

function pendiente(): { estado: string | null; notaria: string | null; to: string | null } {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  try {
    const raw = sessionStorage.getItem(PENDIENTE_KEY);
    sessionStorage.removeItem(PENDIENTE_KEY);
    const v = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return { estado: text(v.estado), notaria: text(v.notaria), to: text(v.to) };
  } catch {
    return { estado: null, notaria: null, to: null };
  }
}

export const NO_INICIADO_AQUI =
  'Este acceso con certificado no se inició en esta pestaña del navegador. Pulse «Acceder con certificado digital» para acceder con su certificado.';

export type Canje = { estado: 'ninguno' } | { estado: 'canjeando' } | { estado: 'hecho'; to: string | null } | { estado: 'error'; mensaje: string };

/** Exchanges the code of the URL (once, even when React runs the effect twice). */
export function useCanjeCertificado(codigo: string | null, estadoDevuelto: string | null): Canje {
  const [canje, setCanje] = useState<Canje>(codigo ? { estado: 'canjeando' } : { estado: 'ninguno' });
  const hecho = useRef<string | null>(null);
  useEffect(() => {
    if (!codigo || hecho.current === codigo) return;
    hecho.current = codigo;
    const { estado, notaria, to } = pendiente();
    (async () => {
      if (!estado || estado !== estadoDevuelto) throw new Error(NO_INICIADO_AQUI);
      const res = await fetch(endpointUrl(routes.certificados.session), {
        method: routes.certificados.session.method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ codigo, ...(notaria ? { externalIdNotaria: notaria } : {}) }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) throw new Error(body.message || 'No se pudo acceder con su certificado.');
      const data = parseLoginResponse(body);
      forgetSession();
      session.save({ token: data.accessToken, refreshToken: data.refreshToken, idPersona: data.idPersona });
      setCanje({ estado: 'hecho', to });
    })().catch((e: unknown) => setCanje({ estado: 'error', mensaje: (e as Error).message || 'No se pudo acceder con su certificado.' }));
  }, [codigo, estadoDevuelto]);
  return canje;
}
