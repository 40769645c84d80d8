-- Issue 30: a typed document proves nothing. 0011's rule (a client's record cannot take a
-- registered user's document) now holds only for an account bound to its document by proof
-- (servicios.identidades, not displaced): a document an unproven account typed does not stop a
-- client from recording its real owner, who is then invited through the e-mail the client gave.
create or replace function servicios.documento_no_registrado() returns trigger
language plpgsql as $$
begin
  if new.owner_id is not null
     and (tg_op = 'INSERT'
          or (new.identificador_tipo, new.identificador_numero, new.owner_id)
             is distinct from (old.identificador_tipo, old.identificador_numero, old.owner_id))
     and exists (
       select 1 from servicios.personas r
         join servicios.usuarios u on u.persona_id = r.id and u.desplazado_at is null
         join servicios.identidades i on i.usuario_id = u.id
        where r.owner_id is null and r.id <> new.id
          and r.identificador_tipo = new.identificador_tipo
          and r.identificador_numero = new.identificador_numero)
  then
    raise exception 'documento de un usuario registrado'
      using errcode = '23505', constraint = 'personas_documento_registrado';
  end if;
  return new;
end $$;
