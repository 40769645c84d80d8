import { parseLoginResponse } from '../domain/login-response';
import { AuthProxyError, callAuthProxy } from './auth-proxy';
import { serviciosFetch } from './servicios-http';
import { session } from './session';
import { publicRest } from './supabase-public';

export interface LoginVariables {
  username: string;
  pincode: string;
  externalIdNotaria: string;
}

/** The toast of a successful sign-in. */
export const LOGIN_OK = { message: 'Acceso correcto', description: 'Bienvenido al portal de la notaría' } as const;

/** Where a new session starts, unless the login page was sent a ?to= target. */
export const DESPUES_DE_ACCEDER = '/datos-personales';

export type LoginResult =
  | { success: true; redirectTo: string; successNotification: typeof LOGIN_OK }
  | { success: false; error: { name: string; message: string } };

/**
 * The PIN sign-in (auth-proxy loginWithPincode), which is authProvider.login: stores the session
 * on success and answers Refine's login result. It lives here, light, because the login page runs
 * outside Refine (src/Root.tsx): loading Refine there (about 58 KB of gzipped JS) would double the
 * weight of a visitor's first page, so the page calls this same function instead of useLogin.
 */
export async function pinLogin(variables: LoginVariables): Promise<LoginResult> {
  try {
    const body = await callAuthProxy({ action: 'loginWithPincode', ...variables }, 'Código PIN incorrecto');
    const data = parseLoginResponse(body);
    session.save({ token: data.accessToken, refreshToken: data.refreshToken, idPersona: data.idPersona });
    return { success: true, redirectTo: DESPUES_DE_ACCEDER, successNotification: LOGIN_OK };
  } catch (e) {
    // No answer at all is not a wrong PIN.
    const message = e instanceof AuthProxyError && e.status === 0 ? 'Error al iniciar sesión' : (e as Error).message;
    return { success: false, error: { name: 'Error de acceso', message: message || 'Código PIN incorrecto' } };
  }
}

/** A notaría offered at sign-in: value = externalidnotaria, label = nombre. */
export interface NotariaDeAcceso {
  value: string;
  label: string;
}

/**
 * The notary offices offered at sign-in (table notarias, by nombre, read as anon). When a
 * previous session left its id_persona, only the person's notarías (the services API's
 * personaNotaria, notariaId = idint); when that list is empty or fails, all of them.
 * A failure to read the offices rejects.
 */
export async function notariasDeAcceso(): Promise<NotariaDeAcceso[]> {
  const idPersona = session.get().idPersona;
  type Vinculo = { notariaId: number | string };
  const vinculadas = idPersona
    ? serviciosFetch<Vinculo[] | { data: Vinculo[] }>(`/personaNotaria/persona/${encodeURIComponent(idPersona)}`)
        .then((body) => (Array.isArray(body) ? body : (body?.data ?? [])))
        .catch(() => [] as Vinculo[])
    : Promise.resolve([] as Vinculo[]);
  const [{ data, error }, vinculos] = await Promise.all([
    publicRest.from('notarias').select('nombre,externalidnotaria,idint').order('nombre'),
    vinculadas,
  ]);
  if (error) throw new Error('No se pudieron cargar las notarías');
  const todas = (data ?? []) as { nombre: string; externalidnotaria: string; idint: number }[];
  const mias = new Set(vinculos.map((l) => Number(l.notariaId)));
  return (mias.size ? todas.filter((n) => mias.has(Number(n.idint))) : todas).map((n) => ({ value: n.externalidnotaria, label: n.nombre }));
}
