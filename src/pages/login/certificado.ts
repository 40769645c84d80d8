import { useEffect, useRef, useState } from 'react';
import { SERVICES_URL } from '../../../providers/config';
import { parseLoginResponse } from '../../../domain/login-response';
import { forgetSession } from '../../../providers/auth-provider';
import { session } from '../../../providers/session';

/**
 * Certificate sign-in from /login: the link goes to the server, which sends the browser to its
 * HTTPS listener (it asks for the client certificate) and that back here with ?certificado=CODE,
 * exchanged once for a session. The chosen notaría and the ?to= target wait in sessionStorage.
 */
export const ACCESO_CERTIFICADO_URL = `${SERVICES_URL}/auth/certificate/login`;
const PENDIENTE_KEY = 'acceso_certificado';

export function recordarAntesDeSalir(notaria: string | undefined, to: string | null) {
  try {
    sessionStorage.setItem(PENDIENTE_KEY, JSON.stringify({ notaria: notaria ?? null, to }));
  } catch {
    /* storage unavailable: the sign-in still works, without them */
  }
}

function pendiente(): { notaria: string | null; to: string | null } {
  try {
    const raw = sessionStorage.getItem(PENDIENTE_KEY);
    sessionStorage.removeItem(PENDIENTE_KEY);
    const v = raw ? (JSON.parse(raw) as { notaria?: unknown; to?: unknown }) : {};
    return { notaria: typeof v.notaria === 'string' ? v.notaria : null, to: typeof v.to === 'string' ? v.to : null };
  } catch {
    return { notaria: null, to: null };
  }
}

export type Canje = { estado: 'ninguno' } | { estado: 'canjeando' } | { estado: 'hecho'; to: string | null } | { estado: 'error'; mensaje: string };

/** Exchanges the code of the URL (once, even when React runs the effect twice). */
export function useCanjeCertificado(codigo: string | null): Canje {
  const [canje, setCanje] = useState<Canje>(codigo ? { estado: 'canjeando' } : { estado: 'ninguno' });
  const hecho = useRef<string | null>(null);
  useEffect(() => {
    if (!codigo || hecho.current === codigo) return;
    hecho.current = codigo;
    const { notaria, to } = pendiente();
    (async () => {
      const res = await fetch(`${SERVICES_URL}/auth/certificate/session`, {
        method: 'POST',
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
  }, [codigo]);
  return canje;
}
