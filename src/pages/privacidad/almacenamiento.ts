import { EXPEDIENTE_SESSION_KEY, EXPIRED_KEY, SESSION_KEYS } from '../../../providers/session';

/**
 * What the portal keeps in the browser, named from the keys the code uses (no second list): only
 * what the session needs, no cookies and no tracking, so no cookie banner is needed
 * (LSSI art. 22.2 exempts what is strictly necessary for a service the person asked for).
 */
export const ALMACENAMIENTO_NAVEGADOR: { clave: string; donde: 'localStorage' | 'sessionStorage'; para: string }[] = [
  { clave: SESSION_KEYS.token, donde: 'localStorage', para: 'El token de acceso de su sesión (caduca a los 15 minutos).' },
  { clave: SESSION_KEYS.refresh, donde: 'localStorage', para: 'El token con el que la sesión se renueva; se borra al cerrar la sesión.' },
  { clave: SESSION_KEYS.persona, donde: 'localStorage', para: 'El identificador de su ficha, para mostrarle sus notarías al volver a entrar.' },
  { clave: EXPIRED_KEY, donde: 'sessionStorage', para: 'Si su sesión terminó por inactividad, para avisarle al volver a la página de acceso.' },
  { clave: EXPEDIENTE_SESSION_KEY, donde: 'sessionStorage', para: 'El expediente que está consultando, mientras la pestaña siga abierta.' },
];
