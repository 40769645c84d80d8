-- public.staff_de_notaria is gone (supabase/migrations/20261128200000_sin_staff_de_notaria.sql).
delete from app_meta.funciones_privadas where esquema = 'public' and nombre = 'staff_de_notaria';
