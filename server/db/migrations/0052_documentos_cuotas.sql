-- Storage quotas and the pace of uploads (issue 31, item 11): one client uploaded 46 documents,
-- 350 MB, in a minute. The bytes and uploads of an account are counted by the server
-- (server/services/documentos.ts, cuotas) from this index.
create index if not exists documentos_subido_por on servicios.documentos (subido_por, creado_en);
