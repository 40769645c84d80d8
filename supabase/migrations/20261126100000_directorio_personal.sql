-- The staff directory is not public (issue 30): an anonymous GET /rest/v1/personal listed every
-- staff member's e-mail and identity document, and a document is what staff sign in with.
-- The table itself is read by admins (every row) and by staff of the row's notaría (its live
-- rows); everyone else reads the directory below, only what booking needs.
select app_meta.politicas_catalogo('personal', lectura => 'staffOfNotaria', visible => 'is_active');

-- What the booking wizard shows: name, position and notaría of active staff, never e-mails or
-- documents. Deliberately not security_invoker (as citas_ocupadas): it runs as its owner and so
-- reads the rows the caller may not.
create or replace view public.personal_directorio as
  select id, name, position, notaria_id from public.personal where is_active;
revoke all on public.personal_directorio from anon, authenticated;
grant select on public.personal_directorio to anon, authenticated;
