import type { Db } from '../db/db.js';
import type { PrivacidadSettings } from '../config.js';

/** One row of servicios.destrucciones: what kind of data of whom, how many records. */
export interface Destruccion {
  tipo: 'citas' | 'ficha';
  personaId: string;
  registros: number;
  detalle: Record<string, number>;
}

/**
 * The retention job (LOPDGDD art. 32): blocked data past its legal period is destroyed, each kind
 * after its own period (PrivacidadSettings), and every destruction recorded in
 * servicios.destrucciones (what and how much, never the data). A persona with cases is part of the
 * protocol: it stays blocked and is never destroyed. One transaction: all of a run or nothing.
 * Files of destroyed identity documents lose their row here; the storage sweep removes them.
 */
export async function destruirVencidos(db: Db, cfg: PrivacidadSettings): Promise<Destruccion[]> {
  return db.transaction(async (tx) => {
    const hechas: Destruccion[] = [];
    const citas = await tx.query<{ persona_id: string; n: number }>(
      `with borradas as (
         delete from public.citas c using servicios.personas p
          where p.id = c.client_id and p.bloqueada_en is not null and p.bloqueada_en + make_interval(days => $1) <= now()
          returning c.client_id
       ) select client_id as persona_id, count(*)::int as n from borradas group by client_id`,
      [cfg.retencionCitasDias],
    );
    for (const r of citas.rows) hechas.push({ tipo: 'citas', personaId: r.persona_id, registros: r.n, detalle: { citas: r.n } });

    const fichas = await tx.query<{ id: string; privilegios: number; documentos: number; usuarios: number; vinculos: number }>(
      `select p.id,
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
}

/** Runs the retention job every cfg.intervaloSegundos (the first run a minute after start, or sooner with a shorter interval). */
export function startRetencion(db: Db, cfg: PrivacidadSettings, log: (m: string) => void) {
  let running: Promise<void> | null = null;
  const ronda = () => {
    running ??= destruirVencidos(db, cfg)
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
