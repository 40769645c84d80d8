-- Server-side bookkeeping that is not product data.
create table if not exists app_meta.outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  attachments jsonb not null default '[]',
  sent_at timestamptz not null default now()
);
