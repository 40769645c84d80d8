-- The request roles of the PostgREST protocol. A hosted Supabase project already has them;
-- elsewhere (PGlite, plain PostgreSQL) they are created here, without login.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
end
$$;

-- The server's own login role switches to them per request (set local role).
do $$
begin
  if not pg_has_role(current_user, 'anon', 'member') then
    execute format('grant anon to %I', current_user);
  end if;
  if not pg_has_role(current_user, 'authenticated', 'member') then
    execute format('grant authenticated to %I', current_user);
  end if;
end
$$;

grant usage on schema public to anon, authenticated;

-- The claims of the verified JWT of the current request, as PostgREST sets them.
create or replace function public.jwt_claims() returns jsonb
language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb)
$$;

-- True when the request comes from an admin (app_role decided by the server at sign-in).
create or replace function public.es_admin() returns boolean
language sql stable as $$
  select public.jwt_claims() ->> 'app_role' = 'admin'
$$;

-- The signed-in person (idPersona), or null for anonymous requests.
create or replace function public.persona_actual() returns uuid
language sql stable as $$
  select nullif(public.jwt_claims() ->> 'sub', '')::uuid
$$;
