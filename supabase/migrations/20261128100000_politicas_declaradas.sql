-- The catalogues' grants and RLS are stated from their declarations at every start
-- (domain/resource-policies.ts, applied by server/db/migrate.ts): the rules' SQL interpreter goes.
drop function if exists app_meta.politicas_catalogo(text, text, text, text, text, text, text, text);
drop function if exists app_meta.regla_sql(text, text);
