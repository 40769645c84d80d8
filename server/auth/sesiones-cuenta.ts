import Bowser from 'bowser';
import type { Queryable } from '../db/db.js';
import type { Metodo } from './jwt.js';
import { olvidarSesiones } from './sesion-viva.js';
import type { SesionVisible } from '../../domain/acceso.js';

export type { SesionVisible };

/** 'Chrome 140 en Linux', from a user agent; 'Dispositivo desconocido' without one. */
export function describirDispositivo(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconocido';
  const r = Bowser.parse(userAgent);
  const navegador = [r.browser.name, r.browser.version?.split('.')[0]].filter(Boolean).join(' ') || 'Navegador desconocido';
  const sistema = [r.os.name, r.os.versionName ?? r.os.version].filter(Boolean).join(' ');
  return sistema ? `${navegador} en ${sistema}` : navegador;
}

/** The live sessions of an account, the newest first. */
export async function sesionesDe(db: Queryable, usuarioId: string, actual: string | undefined): Promise<SesionVisible[]> {
  const { rows } = await db.query<{ id: string; userAgent: string | null; metodo: Metodo; factorFuerte: string | null; iniciada: Date; ultimoUso: Date }>(
    `select id, user_agent as "userAgent", metodo, factor_fuerte as "factorFuerte", created_at as iniciada, last_used_at as "ultimoUso"
       from servicios.sesiones
      where usuario_id = $1 and revoked_at is null and expires_at > now()
      order by created_at desc`,
    [usuarioId],
  );
  return rows.map((r) => ({
    id: r.id,
    dispositivo: describirDispositivo(r.userAgent),
    metodo: r.metodo,
    factorFuerte: r.factorFuerte !== null,
    iniciada: new Date(r.iniciada).toISOString(),
    ultimoUso: new Date(r.ultimoUso).toISOString(),
    actual: r.id === actual,
  }));
}

/**
 * Ends live sessions of an account: one (`solo`), or all but one (`salvo`), or all. Their refresh
 * tokens stop at once; their access tokens within seconds on every instance (sesion-viva.ts).
 * Returns how many ended.
 */
export async function terminarSesiones(db: Queryable, usuarioId: string, opts: { solo?: string; salvo?: string } = {}): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `update servicios.sesiones set revoked_at = now()
      where usuario_id = $1 and revoked_at is null and expires_at > now()
        and ($2::uuid is null or id = $2) and ($3::uuid is null or id <> $3)
     returning id`,
    [usuarioId, opts.solo ?? null, opts.salvo ?? null],
  );
  olvidarSesiones(rows.map((r) => r.id));
  return rows.length;
}
