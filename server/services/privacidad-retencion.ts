import type { Db } from '../db/db.js';
import type { Storage } from '../storage/index.js';
import { TIPOS_DOCUMENTO_IDENTIDAD } from '../../domain/documentos.js';
import type { PrivacidadSettings } from '../config.js';

/** One row of servicios.destrucciones: what kind of data of whom, how many records. */
export interface Destruccion {
  tipo: 'citas' | 'ficha' | 'documento_identidad';
  personaId: string;
  registros: number;
  detalle: Record<string, number>;
}

/**
 * The retention job (LOPDGDD art. 32): blocked data past its legal period is destroyed, each kind
 * after its own period (PrivacidadSettings), and every destruction recorded in
 * servicios.destrucciones (what and how much, never the data). A persona with cases is part of the
 * protocol: it stays blocked and is never destroyed. One transaction: all of a run or nothing.
 * Identity-document images are deleted once their purpose is served, files included.
 */
export async function destruirVencidos(db: Db, cfg: PrivacidadSettings, storage?: Storage): Promise<Destruccion[]> {
  const claves: string[] = [];
  const hechas = await db.transaction(async (tx) => {
    const hechas: Destruccion[] = [];
    // identity-document images whose purpose is served, documentosIdentidadDias after: the office
    // verified the person's identity (or a qualified certificate proved it), or every case of
    // their person finished (FINALIZADO, COMPLETADO)
    const identidad = await tx.query<{ persona_id: string; claves: string[] }>(
      `with vencidos as (
         select d.id from servicios.documentos d
          where d.tipo = any($2::text[]) and d.persona_id is not null
            and (exists (select 1 from servicios.usuarios u join servicios.identidades i on i.usuario_id = u.id
                          where u.persona_id = d.persona_id and i.metodo in ('oficina', 'certificado')
                            and i.probado_at + make_interval(days => $1) <= now())
                 or (exists (select 1 from servicios.expedientes e where e.persona_id = d.persona_id)
                     and not exists (select 1 from servicios.expedientes e where e.persona_id = d.persona_id and e.estado not in ('FINALIZADO', 'COMPLETADO'))
                     and greatest((select max(e.updated_at) from servicios.expedientes e where e.persona_id = d.persona_id),
                                  (select max(h.created_at) from servicios.expediente_estados h where h.persona_id = d.persona_id))
                         + make_interval(days => $1) <= now()))
          for update of d
       ), borrados as (
         delete from servicios.documentos d using vencidos v where d.id = v.id returning d.persona_id, d.clave
       ) select persona_id, array_agg(clave) as claves from borrados group by persona_id`,
      [cfg.documentosIdentidadDias, TIPOS_DOCUMENTO_IDENTIDAD],
    );
    for (const r of identidad.rows) {
      claves.push(...r.claves);
      hechas.push({ tipo: 'documento_identidad', personaId: r.persona_id, registros: r.claves.length, detalle: { documentos: r.claves.length } });
    }
    const citas = await tx.query<{ persona_id: string; n: number }>(
      `with borradas as (
         delete from public.citas c using servicios.personas p
          where p.id = c.client_id and p.bloqueada_en is not null and p.bloqueada_en + make_interval(days => $1) <= now()
          returning c.client_id
       ) select client_id as persona_id, count(*)::int as n from borradas group by client_id`,
      [cfg.retencionCitasDias],
    );
    for (const r of citas.rows) hechas.push({ tipo: 'citas', personaId: r.persona_id, registros: r.n, detalle: { citas: r.n } });

    const fichas = await tx.query<{ id: string; privilegios: number; documentos: number; usuarios: number; vinculos: number; claves: string[] }>(
      `select p.id, array(select d.clave from servicios.documentos d where d.persona_id = p.id) as claves,
              (select count(*)::int from servicios.privilegios pr where pr.persona_otorgante_id = p.id or pr.persona_receptora_id = p.id) as privilegios,
              (select count(*)::int from servicios.documentos d where d.persona_id = p.id) as documentos,
              (select count(*)::int from servicios.usuarios u where u.persona_id = p.id) as usuarios,
              (select count(*)::int from servicios.persona_notaria pn where pn.persona_id = p.id) as vinculos
         from servicios.personas p
        where p.bloqueada_en is not null and p.bloqueada_en + make_interval(days => $1) <= now()
          and not exists (select 1 from servicios.expedientes e where e.persona_id = p.id)
        for update of p`,
      [cfg.retencionFichasDias],
    );
    if (fichas.rows.length) {
      const ids = fichas.rows.map((f) => f.id);
      // appointments go with the ficha whatever their own period (they name it)
      const sueltas = await tx.query<{ persona_id: string; n: number }>(
        `with b as (delete from public.citas where client_id = any($1::uuid[]) returning client_id) select client_id as persona_id, count(*)::int as n from b group by 1`,
        [ids],
      );
      const citasDe = new Map(sueltas.rows.map((r) => [r.persona_id, r.n]));
      // the ficha and what hangs from it (privilegios, links, account, its documents: on delete cascade)
      await tx.query('delete from servicios.personas where id = any($1::uuid[])', [ids]);
      for (const f of fichas.rows) {
        claves.push(...f.claves);
        const detalle = { personas: 1, privilegios: f.privilegios, documentos: f.documentos, usuarios: f.usuarios, vinculos: f.vinculos, citas: citasDe.get(f.id) ?? 0 };
        hechas.push({ tipo: 'ficha', personaId: f.id, registros: Object.values(detalle).reduce((a, b) => a + b, 0), detalle });
      }
    }
    if (hechas.length) {
      await tx.query(
        `insert into servicios.destrucciones (tipo, persona_id, registros, detalle)
         select tipo, persona_id, registros, detalle from jsonb_to_recordset($1::text::jsonb) as r(tipo text, persona_id uuid, registros int, detalle jsonb)`,
        [JSON.stringify(hechas.map((h) => ({ tipo: h.tipo, persona_id: h.personaId, registros: h.registros, detalle: h.detalle })))],
      );
    }
    return hechas;
  });
  // the files once their rows are gone for good; one that fails is the storage sweep's (storage/barrido.ts)
  for (const clave of claves) await storage?.delete(clave).catch(() => undefined);
  return hechas;
}

/** Runs the retention job every cfg.intervaloSegundos (the first run a minute after start, or sooner with a shorter interval). */
export function startRetencion(db: Db, cfg: PrivacidadSettings, storage: Storage, log: (m: string) => void) {
  let running: Promise<void> | null = null;
  const ronda = () => {
    running ??= destruirVencidos(db, cfg, storage)
      .then((hechas) => {
        if (hechas.length) log(`[privacidad] destruidos los datos bloqueados vencidos de ${hechas.length} registro(s) de personas`);
      })
      .catch((e: unknown) => log(`[privacidad] retención fallida: ${(e as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(ronda, Math.min(60_000, cfg.intervaloSegundos * 1000));
  const timer = setInterval(ronda, cfg.intervaloSegundos * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
