-- Staff sign in with their own identity document, with the same PIN flow as everyone: the admin
-- gives a staff row a document type and number (Personal tab), and an account with that document
-- holds the staff role of that row's notaría while the row is active. The server reads the
-- active rows at sign-in and at every token refresh and writes their notarías into the access
-- token (claim `notarias`, public.notarias.id), so 'Desactivar' ends the access at the next
-- refresh. Both columns or neither; NIF/NIE are checked by their control letter in the form and
-- the server (domain/identifiers.ts), the database keeps their shape.
alter table public.personal add column if not exists tipo_documento text;
alter table public.personal add column if not exists numero_documento text;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'personal_documento_valido') then
    alter table public.personal add constraint personal_documento_valido check (
      (tipo_documento is null and numero_documento is null)
      or (numero_documento is not null and (
        (tipo_documento = 'NIF' and numero_documento ~ '^[0-9]{8}[A-Z]$')
        or (tipo_documento = 'NIE' and numero_documento ~ '^[XYZ][0-9]{7}[A-Z]$')
        or (tipo_documento = 'PASAPORTE' and numero_documento ~ '^[A-Z0-9]{3,20}$')))
    );
  end if;
end $$;
-- one staff row per document and notaría; the sign-in looks staff up by document
create unique index if not exists personal_documento_unico on public.personal (notaria_id, tipo_documento, numero_documento)
  where numero_documento is not null;
create index if not exists personal_documento on public.personal (numero_documento, tipo_documento)
  where numero_documento is not null;

-- The notarías the token says the caller is active staff of (claim `notarias`, written by the
-- server from public.personal at sign-in and refresh). It replaces the match on the signed-in
-- e-mail: a staff member is who holds the staff row's document, not whoever owns that address.
create or replace function public.notarias_de_personal() returns bigint[]
language sql stable as $$
  select coalesce(array(
    select (x)::bigint from jsonb_array_elements_text(
      case when jsonb_typeof(public.jwt_claims() -> 'notarias') = 'array' then public.jwt_claims() -> 'notarias' else '[]'::jsonb end) x
    where x ~ '^[0-9]{1,18}$'), '{}')
$$;

create or replace function public.es_personal_de(p_notaria_id bigint) returns boolean
language sql stable as $$
  select p_notaria_id = any (public.notarias_de_personal())
$$;

-- Staff of the office move their office's appointments too (the client is e-mailed by the
-- citas_avisar trigger); they could already see and cancel them.
drop policy if exists citas_cambio on public.citas;
create policy citas_cambio on public.citas for update to authenticated
  using (user_id = public.persona_actual() or public.es_admin() or public.es_personal_de(notaria_id))
  with check (user_id = public.persona_actual() or public.es_admin() or public.es_personal_de(notaria_id));
