-- The entities the audit log accepts grow with the portal: one function adds some to the check
-- constraint (it keeps every one already there), so a migration says only which. Then the
-- account's security changes, audited since issue 30: passkeys added or removed ('llave') and
-- sessions ended by their person or by an admin ('sesion').
create or replace function servicios.permitir_entidades_auditoria(variadic nuevas text[]) returns void
language plpgsql as $$
declare
  actuales text[];
begin
  select array_agg(distinct w)
    into actuales
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '[{'',]([a-z_]+)(?=[}'',])', 'g') m,
         lateral (select m[1] as w) x
   where c.conrelid = 'servicios.audit_log'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%entity%';
  execute (select string_agg(format('alter table servicios.audit_log drop constraint %I', conname), '; ')
             from pg_constraint where conrelid = 'servicios.audit_log'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%entity%');
  select array_agg(distinct e order by e) into actuales from unnest(coalesce(actuales, '{}') || nuevas) e;
  execute format('alter table servicios.audit_log add constraint audit_log_entity_check check (entity = any (%L::text[]))', actuales);
end
$$;

select servicios.permitir_entidades_auditoria('llave', 'sesion');
