-- Searches ignore accents and case: 'lopez' finds 'López', 'NUNEZ' finds 'Núñez'.
-- translate() rather than the unaccent extension: the embedded PGlite and a managed PostgreSQL
-- may lack that extension, and unaccent() is only STABLE; this one is IMMUTABLE, so it can be
-- used in an index or a generated column. Both sides of a comparison go through it.
create or replace function servicios.sin_acentos(texto text) returns text
  language sql immutable strict parallel safe
  as $$ select lower(translate(texto,
    'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy')) $$;

grant execute on function servicios.sin_acentos(text) to public;
