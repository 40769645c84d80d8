-- How many cases each persona has, kept by the database itself: the total of a page of
-- GET /expediente/owner/{id} is the sum over the visible personas (one look-up each) instead of
-- counting their cases (about 109,000 index entries for a client who owns 1,000 personas among
-- 1,000,000 cases: the larger part of a page's second). Whoever writes expedientes (the server, an
-- admin, SQL, a bulk load) moves the counts in the same transaction, once per statement from its
-- transition tables, so a bulk insert adds one upsert per persona, not one per row.
-- The counts are the server's own: no grants to the gateway's roles; the trigger runs as its owner.
create table servicios.expedientes_por_persona (
  persona_id uuid primary key references servicios.personas(id) on delete cascade,
  n bigint not null
);
revoke all on servicios.expedientes_por_persona from public;

create function servicios.contar_expedientes_por_persona() returns trigger
language plpgsql security definer set search_path = servicios, pg_temp as $$
begin
  -- persona by persona in one order, so that two writers never wait for each other in a cycle;
  -- an update counts only where it moved a case to another persona
  if tg_op = 'INSERT' then
    insert into servicios.expedientes_por_persona as c (persona_id, n)
    select persona_id, count(*) from nuevos group by persona_id order by persona_id
    on conflict (persona_id) do update set n = c.n + excluded.n;
  elsif tg_op = 'DELETE' then
    update servicios.expedientes_por_persona c set n = c.n - v.n
      from (select persona_id, count(*) as n from viejos group by persona_id) v
     where c.persona_id = v.persona_id;
  else
    insert into servicios.expedientes_por_persona as c (persona_id, n)
    select persona_id, sum(d) from (select persona_id, 1 as d from nuevos union all select persona_id, -1 from viejos) m
     group by persona_id having sum(d) <> 0 order by persona_id
    on conflict (persona_id) do update set n = c.n + excluded.n;
  end if;
  return null;
end
$$;
revoke all on function servicios.contar_expedientes_por_persona() from public;

create trigger expedientes_por_persona_alta after insert on servicios.expedientes
  referencing new table as nuevos for each statement execute function servicios.contar_expedientes_por_persona();
create trigger expedientes_por_persona_baja after delete on servicios.expedientes
  referencing old table as viejos for each statement execute function servicios.contar_expedientes_por_persona();
create trigger expedientes_por_persona_cambio after update on servicios.expedientes
  referencing old table as viejos new table as nuevos for each statement execute function servicios.contar_expedientes_por_persona();

insert into servicios.expedientes_por_persona (persona_id, n)
select persona_id, count(*) from servicios.expedientes group by persona_id;
