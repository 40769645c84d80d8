import { createClient } from '@supabase/supabase-js';
import { json, type FunctionHandler } from '../_shared/handler.ts';

export interface TemplateRow {
  id: number;
  nombre: string;
  plantilla: string;
  acto_id: number | null;
  notaria_id: number;
  definicionactoid: number | null;
  version: number;
}

/** Realtime is never used here; Node 20 has no WebSocket and supabase-js refuses to start without one. */
class NoWebSocket {
  constructor() {
    throw new Error('template-operations does not use realtime');
  }
}

const positiveInt = (v: unknown, max = Number.MAX_SAFE_INTEGER): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= max ? n : null;
};
/** notarias.idint is a Postgres integer: a larger number names no notaría (and Postgres would refuse it). */
const MAX_INTEGER = 2_147_483_647;

/** A refused token (invalid or expired) is the caller's to fix by signing in again; anything else is the gateway's fault. */
const failed = (status: number) =>
  status === 401 ? json({ message: 'Token inválido o caducado' }, 401) : json({ message: 'No se pudieron cargar las plantillas' }, 502);

/**
 * template-operations: body {action: 'loadTemplates', authToken?, idPersona?, actoId, notariaId}
 * → {data: templates}. The active templates of the notaría (notariaId is its idint, as
 * expedientes carry it) for that act or for all acts (acto_id null); the act's own first,
 * newest version first. Reads run with the caller's token, so RLS applies.
 */
const handler: FunctionHandler = async (req, env) => {
  if (req.method !== 'POST') return json({ message: 'Método no permitido' }, 405);
  const body = (await req.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return json({ message: 'Cuerpo JSON inválido' }, 400);
  if (body.action !== 'loadTemplates') return json({ message: 'Acción no válida' }, 400);

  const actoId = positiveInt(body.actoId);
  if (actoId === null) return json({ message: 'El acto no es válido' }, 400);
  const notariaId = positiveInt(body.notariaId, MAX_INTEGER);
  if (notariaId === null) return json({ message: 'Falta el identificador interno de la notaría' }, 400);

  const authorization =
    req.headers.get('Authorization') ?? (typeof body.authToken === 'string' && body.authToken ? `Bearer ${body.authToken}` : `Bearer ${env.anonKey}`);
  const supabase = createClient(env.supabaseUrl, env.anonKey, {
    global: { fetch: env.fetch, headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ((globalThis as { WebSocket?: unknown }).WebSocket ?? NoWebSocket) as never },
  });

  const notaria = await supabase.from('notarias').select('id').eq('idint', notariaId).maybeSingle();
  if (notaria.error) return failed(notaria.status);
  if (!notaria.data) return json({ data: [] });

  const { data, error, status } = await supabase
    .from('plantillas_escrituras')
    .select('id, nombre, plantilla, acto_id, notaria_id, definicionactoid, version')
    .eq('notaria_id', notaria.data.id)
    .eq('activo', true)
    .or(`acto_id.eq.${actoId},acto_id.is.null`)
    .order('version', { ascending: false })
    .order('id', { ascending: true });
  if (error) return failed(status);
  const rows = (data ?? []) as TemplateRow[];
  // The act's own templates before those for every act (stable sort keeps the version order).
  rows.sort((a, b) => Number(a.acto_id === null) - Number(b.acto_id === null));
  return json({ data: rows });
};
export default handler;
