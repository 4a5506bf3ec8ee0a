-- The audit trail is written by the database itself: an AFTER trigger on every audited table
-- records who (the app sets prumo.usuario_id and prumo.usuario_nome for the transaction; none
-- means the system: seeds, the command line), when, which record, and the row before and after,
-- in the same transaction as the change. So no write can skip it, and a module added later only
-- adds its tables here. Arguments: the resource's name as the API path names it, the key
-- columns (joined by ':' into registro_id) and the columns never copied (file bytes, password
-- hashes, search columns).
CREATE FUNCTION "auditar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ocultas text[] := coalesce(TG_ARGV[2:array_length(TG_ARGV, 1)], '{}') || ARRAY['updated_at'];
  antes jsonb;
  depois jsonb;
  acao text;
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
  INSERT INTO "auditoria" ("usuario_id", "usuario_nome", "acao", "recurso", "registro_id", "antes", "depois")
  VALUES (
    nullif(current_setting('prumo.usuario_id', true), '')::integer,
    nullif(current_setting('prumo.usuario_nome', true), ''),
    acao,
    TG_ARGV[0],
    array_to_string(
      ARRAY(SELECT coalesce(depois, antes)->>chave FROM unnest(string_to_array(TG_ARGV[1], ',')) AS chave),
      ':'
    ),
    antes,
    depois
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "usuarios"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('usuarios', 'id', 'senha_hash');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "arquivos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('arquivos', 'id', 'conteudo');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "cadastros"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('cadastros', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "cadastro_contatos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('cadastros-contatos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "cadastro_anexos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('cadastros-anexos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "categorias"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('categorias', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "produtos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('produtos', 'id', 'nome_busca', 'codigos_busca');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "produto_fotos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('produtos-fotos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "produto_precos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('produtos-precos', 'produto_id,tabela_preco_id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "tabelas_precos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('tabelas-precos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "tabela_preco_custos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('tabelas-precos-custos', 'tabela_preco_id,custo_adicional_id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "custos_adicionais"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('custos-adicionais', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "etiquetas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('etiquetas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "estoque_movimentacoes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('estoque-movimentacoes', 'id');
