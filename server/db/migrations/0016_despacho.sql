-- The office's work on the cases (/despacho): estados the office moves, a history of each move
-- with its reason, acts returned to the client with a comment, and what the office's list reads.

-- A case is PENDIENTE (the client prepares it), EN_TRAMITE (the office has taken it), then
-- FINALIZADO or COMPLETADO. NOT VALID: rows stored before keep what they have.
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'expedientes_estado_valido') then
    alter table servicios.expedientes add constraint expedientes_estado_valido
      check (estado in ('PENDIENTE', 'EN_TRAMITE', 'FINALIZADO', 'COMPLETADO')) not valid;
  end if;
end $$;

-- Every change of estado, who made it and why (a move back needs a reason).
create table if not exists servicios.expediente_estados (
  id bigint generated always as identity primary key,
  expediente_id uuid not null references servicios.expedientes(id) on delete cascade,
  estado_anterior text not null,
  estado text not null,
  motivo text,
  persona_id uuid references servicios.personas(id) on delete set null,
  created_at timestamptz not null default now()
);
create index if not exists expediente_estados_expediente on servicios.expediente_estados (expediente_id, created_at);
create index if not exists expediente_estados_persona on servicios.expediente_estados (persona_id);

-- An act the office returned to BORRADOR: the comment the client reads, when and by whom.
-- Sending it again keeps the last comment (the client's case view shows it while it is a draft).
alter table servicios.actos add column if not exists devolucion_comentario text;
alter table servicios.actos add column if not exists devuelto_at timestamptz;
alter table servicios.actos add column if not exists devuelto_por uuid references servicios.personas(id) on delete set null;
create index if not exists actos_devuelto_por on servicios.actos (devuelto_por) where devuelto_por is not null;

-- The office's list: the cases of a notaría newest first, by estado, and overdue first (the
-- unfinished by due date, then the finished).
create index if not exists expedientes_notaria_fecha on servicios.expedientes (notaria_id, fecha_alta desc, id);
create index if not exists expedientes_notaria_estado_fecha on servicios.expedientes (notaria_id, estado, fecha_alta desc, id);
create index if not exists expedientes_notaria_vencimiento
  on servicios.expedientes (notaria_id, (estado in ('FINALIZADO', 'COMPLETADO')), due_date, fecha_alta desc);

-- Cases per notaría and estado, kept by statement triggers (one update per statement and
-- group, also for bulk loads), so the office's counters and page totals cost no count of a
-- hundred thousand rows.
create table if not exists servicios.expedientes_por_estado (
  notaria_id integer not null,
  estado text not null,
  total bigint not null default 0,
  primary key (notaria_id, estado)
);

create or replace function servicios.contar_expedientes() returns trigger
language plpgsql as $$
begin
  -- net change per group; an update that moves no case between groups writes nothing
  if tg_op = 'INSERT' then
    insert into servicios.expedientes_por_estado as c (notaria_id, estado, total)
      select notaria_id, estado, count(*) from nuevas group by 1, 2
    on conflict (notaria_id, estado) do update set total = c.total + excluded.total;
  elsif tg_op = 'DELETE' then
    insert into servicios.expedientes_por_estado as c (notaria_id, estado, total)
      select notaria_id, estado, -count(*) from viejas group by 1, 2
    on conflict (notaria_id, estado) do update set total = c.total + excluded.total;
  else
    insert into servicios.expedientes_por_estado as c (notaria_id, estado, total)
      select notaria_id, estado, sum(d) from (
        select notaria_id, estado, -1 as d from viejas union all select notaria_id, estado, 1 from nuevas) x
       group by 1, 2 having sum(d) <> 0
    on conflict (notaria_id, estado) do update set total = c.total + excluded.total;
  end if;
  return null;
end $$;

drop trigger if exists expedientes_contar_alta on servicios.expedientes;
create trigger expedientes_contar_alta after insert on servicios.expedientes
  referencing new table as nuevas for each statement execute function servicios.contar_expedientes();
drop trigger if exists expedientes_contar_cambio on servicios.expedientes;
create trigger expedientes_contar_cambio after update on servicios.expedientes
  referencing old table as viejas new table as nuevas for each statement execute function servicios.contar_expedientes();
drop trigger if exists expedientes_contar_baja on servicios.expedientes;
create trigger expedientes_contar_baja after delete on servicios.expedientes
  referencing old table as viejas for each statement execute function servicios.contar_expedientes();

insert into servicios.expedientes_por_estado (notaria_id, estado, total)
  select notaria_id, estado, count(*) from servicios.expedientes group by 1, 2
on conflict (notaria_id, estado) do update set total = excluded.total;
