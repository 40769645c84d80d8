import { json, type FunctionHandler } from '../_shared/handler.ts';

/** Calendars that receive an e-mailed invitation; the built-in one (lovable) or none need nothing. */
const EXTERNAL_CALENDARS = new Set(['google', 'office365']);
export const NO_ES_NECESARIO = 'No es necesario';

/**
 * send-calendar-invitation: body {notarioId, notarioName, notarioEmail, calendarType, notariaName}.
 * For google / office365 the services API (admins only) e-mails the staff member an iCalendar
 * invitation; the address and calendar come from the staff record, not from this body.
 * For lovable or none it answers 'No es necesario'.
 */
const handler: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return json({ message: 'Método no permitido' }, 405);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return json({ message: 'Cuerpo JSON inválido' }, 400);

  const calendarType = typeof body.calendarType === 'string' ? body.calendarType.trim().toLowerCase() : 'none';
  if (!EXTERNAL_CALENDARS.has(calendarType)) return json({ message: NO_ES_NECESARIO, sent: false });

  const notarioId = Number(body.notarioId);
  if (!Number.isSafeInteger(notarioId) || notarioId <= 0) return json({ message: 'El miembro del personal no es válido' }, 400);
  const authorization = req.headers.get('Authorization');
  if (!authorization) return json({ message: 'No se encontró el token de autenticación' }, 401);

  let res: Response;
  try {
    res = await env.fetch(`${env.servicesUrl}/notificaciones/invitacion-calendario`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: authorization },
      body: JSON.stringify({ notarioId }),
    });
  } catch {
    return json({ message: 'Error de conexión' }, 502);
  }
  const answer = (await res.json().catch(() => null)) as { message?: unknown } | null;
  if (!answer || typeof answer.message !== 'string') return json({ message: 'Error al enviar invitación' }, 502);
  return json(answer, res.status);
};
export default handler;
