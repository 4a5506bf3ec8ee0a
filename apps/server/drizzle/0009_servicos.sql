CREATE TABLE "servicos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "servicos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(200) NOT NULL,
	"codigo_interno" varchar(50),
	"categoria" varchar(120) DEFAULT 'Geral' NOT NULL,
	"preco" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_custo" numeric(14, 2) DEFAULT 0 NOT NULL,
	"comissao" numeric(5, 2) DEFAULT 0 NOT NULL,
	"duracao" integer DEFAULT 60 NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"ncm" varchar(8),
	"cfop" varchar(4),
	"aliquota_icms" numeric(5, 2),
	"aliquota_ipi" numeric(5, 2),
	"fornecedor_id" integer,
	"codigo_fornecedor" varchar(60),
	"nome_busca" text GENERATED ALWAYS AS (normalize_search("servicos"."nome")) STORED NOT NULL,
	"categoria_busca" text GENERATED ALWAYS AS (normalize_search("servicos"."categoria")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servicos_preco_nao_negativo" CHECK ("servicos"."preco" >= 0),
	CONSTRAINT "servicos_valor_custo_nao_negativo" CHECK ("servicos"."valor_custo" >= 0),
	CONSTRAINT "servicos_comissao_check" CHECK ("servicos"."comissao" BETWEEN 0 AND 100),
	CONSTRAINT "servicos_duracao_positiva" CHECK ("servicos"."duracao" > 0),
	CONSTRAINT "servicos_aliquotas_check" CHECK (coalesce("servicos"."aliquota_icms", 0) BETWEEN 0 AND 100 AND coalesce("servicos"."aliquota_ipi", 0) BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_fornecedor_id_cadastros_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "servicos_codigo_interno_unique" ON "servicos" USING btree (lower("codigo_interno"));--> statement-breakpoint
CREATE INDEX "servicos_nome_busca_idx" ON "servicos" USING btree ("nome_busca","nome","id");--> statement-breakpoint
CREATE INDEX "servicos_categoria_busca_idx" ON "servicos" USING btree ("categoria_busca");--> statement-breakpoint
CREATE INDEX "servicos_fornecedor_id_idx" ON "servicos" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "servicos_nome_busca_trgm_idx" ON "servicos" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "servicos_categoria_busca_trgm_idx" ON "servicos" USING gin ("categoria_busca" gin_trgm_ops);--> statement-breakpoint
-- The audit trail of the service catalogue (see 0006).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "servicos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('servicos', 'id', 'nome_busca', 'categoria_busca');
