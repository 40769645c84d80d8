-- An act's form address is a path of the portal's own form document (formulario.html, with an
-- optional query), never another site: the portal frames it and hands it the act's data.
-- Values that are not are cleared first (none in the seed), so the check can hold every row.
update public.actos_servicios set url_acto = null
 where url_acto is not null and url_acto !~ '^/formulario\.html(\?[A-Za-z0-9._~%!$&''()*+,;=:@/?-]*)?$';
alter table public.actos_servicios drop constraint if exists actos_servicios_url_acto_propia;
alter table public.actos_servicios add constraint actos_servicios_url_acto_propia
  check (url_acto ~ '^/formulario\.html(\?[A-Za-z0-9._~%!$&''()*+,;=:@/?-]*)?$');
