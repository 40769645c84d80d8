-- Sign-in limits a stranger cannot turn against the owner (issue 30).
-- A PIN asked for by a browser that signed in as the account before (its device token,
-- server/auth/dispositivo.ts) counts apart: strangers exhausting the document's daily PINs from
-- elsewhere do not lock the owner's own browser out. Anonymous requests count per address too.
alter table servicios.pins add column dispositivo boolean not null default false;
create index pins_documento_ip on servicios.pins (numero_documento, tipo_documento, ip, created_at desc);

-- Wrong PINs are counted per address AND account: one person's mistakes at a shared address (an
-- office's Wi-Fi, a carrier's NAT) lock that account there, not everyone behind the address.
alter table servicios.pin_fallos add column tipo_documento text;
alter table servicios.pin_fallos add column numero_documento text;
create index pin_fallos_ip_documento on servicios.pin_fallos (ip, numero_documento, tipo_documento, created_at);
