-- The office's list at a million cases: every shape of GET /despacho/expedientes served by an index.

-- The client search (name or document, anywhere in it, ignoring accents and case) is a LIKE
-- '%…%' on one search key per persona, which only a trigram index serves. pg_trgm ships with
-- PostgreSQL (trusted: a database owner may create it) and with PGlite (loaded in server/db/pglite.ts).
create extension if not exists pg_trgm;

-- The key: the name as the office's list shows it (razón social for a company), accents and case
-- folded and runs of spaces made one, then the document without spaces, dots or dashes.
-- IMMUTABLE (translate, lower, regexp_replace and || only), so a generated column can hold it.
create or replace function servicios.clave_cliente(
  tipo_persona text, nombre text, primer_apellido text, segundo_apellido text, razon_social text, documento text
) returns text
  language sql immutable parallel safe
  as $$ select servicios.sin_acentos(regexp_replace(btrim(
           case when tipo_persona = 'JURIDICA' then coalesce(razon_social, '')
                else coalesce(nombre, '') || ' ' || coalesce(primer_apellido, '') || ' ' || coalesce(segundo_apellido, '') end),
           '\s+', ' ', 'g'))
         || ' ' || lower(regexp_replace(coalesce(documento, ''), '[\s.-]', '', 'g')) $$;

grant execute on function servicios.clave_cliente(text, text, text, text, text, text) to public;

-- Stored with the row, so an index hit is checked against the stored key instead of computing it
-- again (two regular expressions per candidate row).
alter table servicios.personas add column if not exists clave_busqueda text
  generated always as (servicios.clave_cliente(tipo_persona, nombre, primer_apellido, segundo_apellido, razon_social, identificador_numero)) stored;

-- gin_trgm_ops is named with the extension's schema: an installation that already had pg_trgm
-- (a managed PostgreSQL keeps extensions in their own schema) may not have it on the search path.
do $$
declare
  esquema text := (select n.nspname from pg_extension x join pg_namespace n on n.oid = x.extnamespace where x.extname = 'pg_trgm');
begin
  execute format('create index if not exists personas_clave_busqueda_trgm on servicios.personas using gin (clave_busqueda %I.gin_trgm_ops)', esquema);
end $$;

-- The cases of the clients a search found, in my notarías (and estado), read from the index alone
-- (the columns the list orders by are included): the count of a search and its page when few match.
create index if not exists expedientes_persona_notaria_estado
  on servicios.expedientes (persona_id, notaria_id, estado) include (fecha_alta, due_date, id);

-- Overdue first within one estado: by due date, then newest first (0016 serves it without estado).
create index if not exists expedientes_notaria_estado_vencimiento
  on servicios.expedientes (notaria_id, estado, due_date, fecha_alta desc, id);
