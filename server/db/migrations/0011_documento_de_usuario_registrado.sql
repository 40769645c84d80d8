-- A document names one person: a client cannot keep a record of their own under the document of
-- a self-registered person (a user of the portal, owner_id null). Such a person is linked by
-- their document as a representative instead (POST /privilegio/representante), and their record
-- stays theirs. Checked on every new record and on every change of document or owner; records
-- stored before this rule are left as they are.
create function servicios.documento_no_registrado() returns trigger
language plpgsql as $$
begin
  if new.owner_id is not null
     and (tg_op = 'INSERT'
          or (new.identificador_tipo, new.identificador_numero, new.owner_id)
             is distinct from (old.identificador_tipo, old.identificador_numero, old.owner_id))
     and exists (
       select 1 from servicios.personas r
        where r.owner_id is null and r.id <> new.id
          and r.identificador_tipo = new.identificador_tipo
          and r.identificador_numero = new.identificador_numero)
  then
    raise exception 'documento de un usuario registrado'
      using errcode = '23505', constraint = 'personas_documento_registrado';
  end if;
  return new;
end $$;

create trigger personas_documento_registrado
  before insert or update on servicios.personas
  for each row execute function servicios.documento_no_registrado();
