CREATE TABLE "importacao_mapeamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "importacao_mapeamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"mapeamento" jsonb NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "importacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" varchar(20) NOT NULL,
	"arquivo_nome" varchar(255) NOT NULL,
	"arquivo" "bytea" NOT NULL,
	"folha" varchar(200),
	"status" varchar(20) DEFAULT 'Enviada' NOT NULL,
	"opcoes" jsonb,
	"modo" varchar(10),
	"existentes" varchar(10),
	"chave" varchar(100),
	"total_linhas" integer DEFAULT 0 NOT NULL,
	"processadas" integer DEFAULT 0 NOT NULL,
	"criados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"ignorados" integer DEFAULT 0 NOT NULL,
	"recusados" integer DEFAULT 0 NOT NULL,
	"erro" text,
	"recusadas" jsonb,
	"usuario_id" integer,
	"usuario_nome" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cadastros" ADD COLUMN "importacao_id" integer DEFAULT nullif(current_setting('prumo.importacao_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "categorias" ADD COLUMN "importacao_id" integer DEFAULT nullif(current_setting('prumo.importacao_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD COLUMN "importacao_id" integer DEFAULT nullif(current_setting('prumo.importacao_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "importacao_id" integer DEFAULT nullif(current_setting('prumo.importacao_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "importacao_id" integer DEFAULT nullif(current_setting('prumo.importacao_id', true), '')::integer;--> statement-breakpoint
ALTER TABLE "importacao_mapeamentos" ADD CONSTRAINT "importacao_mapeamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "importacao_mapeamentos_tipo_nome_unique" ON "importacao_mapeamentos" USING btree ("tipo",normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "importacoes_tipo_idx" ON "importacoes" USING btree ("tipo","id");--> statement-breakpoint
CREATE INDEX "importacoes_usuario_id_idx" ON "importacoes" USING btree ("usuario_id");--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias" ADD CONSTRAINT "categorias_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastros_importacao_id_idx" ON "cadastros" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "categorias_importacao_id_idx" ON "categorias" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_importacao_id_idx" ON "estoque_movimentacoes" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "produtos_importacao_id_idx" ON "produtos" USING btree ("importacao_id");--> statement-breakpoint
CREATE INDEX "servicos_importacao_id_idx" ON "servicos" USING btree ("importacao_id");--> statement-breakpoint
-- An import writes tens of thousands of rows in one transaction; a trail entry per created row
-- would double its work and bury the trail. So while the import's transaction carries
-- prumo.importacao_id (set with set_config(..., true), gone at its end), the rows it creates are
-- not logged one by one: each carries importacao_id (the column default above) and the import
-- itself is one entry (the trigger on importacoes below). Updates and deletes are still logged
-- row by row, since they overwrite what was there. Otherwise the function of migration 0021.
CREATE OR REPLACE FUNCTION "auditar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ocultas text[] := coalesce(TG_ARGV[2:array_length(TG_ARGV, 1)], '{}') || ARRAY['updated_at'];
  antes jsonb;
  depois jsonb;
  acao text;
  registro text;
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('prumo.importacao_id', true) <> '' THEN
    RETURN NULL;
  END IF;
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
--> statement-breakpoint
-- The one entry of an import: its row turning Concluída, in the import's own transaction (file
-- name, kind, options, counts, who). Uploads, dry runs and failed runs change no data: not logged.
CREATE TRIGGER "auditoria" AFTER UPDATE ON "importacoes"
  FOR EACH ROW WHEN (NEW."status" = 'Concluída' AND OLD."status" IS DISTINCT FROM 'Concluída')
  EXECUTE FUNCTION "auditar"('importacoes', 'id', 'arquivo', 'recusadas', 'processadas');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "importacao_mapeamentos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('importacoes-mapeamentos', 'id');
