-- The audit trigger of migration 0006, cheaper per row: a sale writes seven audited rows, and
-- the registro_id's subquery (an ARRAY over unnest) made each trigger's INSERT plan and run an
-- InitPlan. A single key column (every table but those with a composite key) is now read
-- directly; what the trigger records is unchanged.
CREATE OR REPLACE FUNCTION "auditar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ocultas text[] := coalesce(TG_ARGV[2:array_length(TG_ARGV, 1)], '{}') || ARRAY['updated_at'];
  antes jsonb;
  depois jsonb;
  acao text;
  registro text;
BEGIN
  IF TG_OP <> 'INSERT' THEN antes := to_jsonb(OLD) - ocultas; END IF;
  IF TG_OP <> 'DELETE' THEN depois := to_jsonb(NEW) - ocultas; END IF;
  IF TG_OP = 'INSERT' THEN
    acao := 'criar';
  ELSIF TG_OP = 'DELETE' THEN
    acao := 'excluir';
  ELSIF antes = depois THEN
    RETURN NULL; -- nothing a person would see changed
  ELSIF antes->'status' IS DISTINCT FROM depois->'status'
     OR antes->'situacao' IS DISTINCT FROM depois->'situacao' THEN
    acao := 'status';
  ELSE
    acao := 'atualizar';
  END IF;
  IF strpos(TG_ARGV[1], ',') = 0 THEN
    registro := coalesce(depois, antes)->>TG_ARGV[1];
  ELSE
    registro := array_to_string(
      ARRAY(SELECT coalesce(depois, antes)->>chave FROM unnest(string_to_array(TG_ARGV[1], ',')) AS chave),
      ':'
    );
  END IF;
  INSERT INTO "auditoria" ("usuario_id", "usuario_nome", "acao", "recurso", "registro_id", "antes", "depois")
  VALUES (
    nullif(current_setting('prumo.usuario_id', true), '')::integer,
    nullif(current_setting('prumo.usuario_nome', true), ''),
    acao,
    TG_ARGV[0],
    registro,
    antes,
    depois
  );
  RETURN NULL;
END;
$$;
