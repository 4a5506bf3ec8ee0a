-- Accent- and case-insensitive search on both PGlite and PostgreSQL ("acao" finds "Ação").
-- unaccent and pg_trgm are trusted extensions: the database owner may create them.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE; this IMMUTABLE wrapper with a fixed dictionary can back indexes.
CREATE OR REPLACE FUNCTION normalize_search(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;
