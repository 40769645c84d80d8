-- Blocking (LOPDGDD art. 32): an accepted erasure does not delete at once. The person's personas
-- (theirs and those they own) are marked blocked: hidden from every screen, list, search, gateway
-- read and export of the office, kept only for the legal periods, then destroyed by the retention
-- job (server/services/privacidad-retencion.ts), which records what it destroyed. The protocol
-- (cases and their deeds) is blocked with them and never destroyed.
alter table servicios.personas add column if not exists bloqueada_en timestamptz;
create index if not exists personas_bloqueadas on servicios.personas (bloqueada_en) where bloqueada_en is not null;

-- What the retention job destroyed: never the data itself, only what kind, of whom, and how much.
create table servicios.destrucciones (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  tipo text not null,
  persona_id uuid,
  registros integer not null check (registros >= 0),
  detalle jsonb not null default '{}'
);
create index destrucciones_at on servicios.destrucciones (at desc);

-- Whether persona p is blocked: read by RLS policies of the gateway's tables (they cannot read the
-- servicios schema themselves), so it runs as its owner.
create or replace function public.persona_bloqueada(p uuid) returns boolean
language sql stable security definer set search_path = pg_catalog, pg_temp as $$
  select exists (select 1 from servicios.personas where id = p and bloqueada_en is not null)
$$;
revoke all on function public.persona_bloqueada(uuid) from public;
grant execute on function public.persona_bloqueada(uuid) to authenticated;

-- Appointments of a blocked persona: no /rest/v1 read or change for anyone (restrictive: ANDed
-- with the policies of 20260101000900_rls.sql).
drop policy if exists citas_no_bloqueadas on public.citas;
create policy citas_no_bloqueadas on public.citas as restrictive for all to authenticated
  using (not public.persona_bloqueada(client_id)) with check (not public.persona_bloqueada(client_id));

-- The visibility rule of the services API (0001_personas.sql), with blocking: a blocked persona
-- is visible to itself only; its owner and those it granted a privilegio no longer see it.
create or replace function servicios.tiene_permiso(p_persona uuid, p_viewer uuid, p_permiso text) returns boolean
language sql stable as $$
  select p_persona = p_viewer
      or (not exists (select 1 from servicios.personas where id = p_persona and bloqueada_en is not null)
          and (exists (select 1 from servicios.personas where id = p_persona and owner_id = p_viewer)
               or exists (
                 select 1 from servicios.privilegios pr
                  where pr.persona_otorgante_id = p_persona
                    and pr.persona_receptora_id = p_viewer
                    and servicios.privilegio_vigente(pr)
                    and coalesce((to_jsonb(pr) ->> ('permiso_' || p_permiso))::boolean, false)
               )))
$$;
