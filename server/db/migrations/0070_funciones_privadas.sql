-- The portal's own functions in an exposed schema are not an API: /rest/v1/rpc/<name> answers them
-- 404 PGRST202 as unknown names (issue 31). The RLS policies call them as the request's role, so
-- they cannot lose EXECUTE; the gateway's schema cache leaves out the names listed here, and the
-- functions of extensions (pg_trgm's, installed in public). A
-- migration that adds a function to schema public lists it here too: gateway-rpc-declaradas.test.ts
-- calls every function of a fresh database's public schema and expects 404.
create table if not exists app_meta.funciones_privadas (
  esquema text not null,
  nombre text not null,
  primary key (esquema, nombre)
);

insert into app_meta.funciones_privadas (esquema, nombre)
select 'public', unnest(array[
  'jwt_claims', 'es_admin', 'persona_actual', 'es_personal_de', 'notarias_de_personal', 'staff_de_notaria',
  'horas_cita', 'cuenta_probada', 'persona_bloqueada', 'plantilla_marcadores_desconocidos'])
on conflict do nothing;
