CREATE TABLE "devolucao_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devolucao_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"devolucao_id" integer NOT NULL,
	"n_item" smallint NOT NULL,
	"produto_id" integer NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"unidade" varchar(10) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"quantidade_estoque" numeric(14, 3) NOT NULL,
	"valor_unitario" numeric(14, 2) NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	CONSTRAINT "devolucao_itens_quantidade" CHECK ("devolucao_itens"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "devolucoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devolucoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" varchar(10) NOT NULL,
	"nota_origem_id" integer,
	"entrada_nfe_id" integer,
	"chave_referenciada" varchar(44) NOT NULL,
	"pessoa_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"acerto" varchar(10) NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"cancelada_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devolucoes_origem" CHECK (("devolucoes"."tipo" = 'cliente' AND "devolucoes"."nota_origem_id" IS NOT NULL AND "devolucoes"."entrada_nfe_id" IS NULL)
        OR ("devolucoes"."tipo" = 'fornecedor' AND "devolucoes"."entrada_nfe_id" IS NOT NULL AND "devolucoes"."nota_origem_id" IS NULL)),
	CONSTRAINT "devolucoes_acerto" CHECK ("devolucoes"."acerto" IN ('reembolso', 'credito'))
);
--> statement-breakpoint
ALTER TABLE "notas_fiscais" ALTER COLUMN "venda_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD COLUMN "devolucao_id" integer;--> statement-breakpoint
ALTER TABLE "titulos" ADD COLUMN "devolucao_id" integer;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "finalidade" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "devolucao_id" integer;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_devolucao_id_devolucoes_id_fk" FOREIGN KEY ("devolucao_id") REFERENCES "public"."devolucoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucao_itens" ADD CONSTRAINT "devolucao_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_nota_origem_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_origem_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_entrada_nfe_id_entradas_nfe_id_fk" FOREIGN KEY ("entrada_nfe_id") REFERENCES "public"."entradas_nfe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_pessoa_id_cadastros_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucoes" ADD CONSTRAINT "devolucoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devolucao_itens_item_unique" ON "devolucao_itens" USING btree ("devolucao_id","n_item");--> statement-breakpoint
CREATE INDEX "devolucao_itens_produto_id_idx" ON "devolucao_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "devolucoes_nota_origem_id_idx" ON "devolucoes" USING btree ("nota_origem_id");--> statement-breakpoint
CREATE INDEX "devolucoes_entrada_nfe_id_idx" ON "devolucoes" USING btree ("entrada_nfe_id");--> statement-breakpoint
CREATE INDEX "devolucoes_pessoa_id_idx" ON "devolucoes" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "devolucoes_usuario_id_idx" ON "devolucoes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "devolucoes_created_at_idx" ON "devolucoes" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_devolucao_id_devolucoes_id_fk" FOREIGN KEY ("devolucao_id") REFERENCES "public"."devolucoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_devolucao_id_devolucoes_id_fk" FOREIGN KEY ("devolucao_id") REFERENCES "public"."devolucoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_devolucao_id_devolucoes_id_fk" FOREIGN KEY ("devolucao_id") REFERENCES "public"."devolucoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_devolucao_id_idx" ON "estoque_movimentacoes" USING btree ("devolucao_id");--> statement-breakpoint
CREATE INDEX "titulos_devolucao_id_idx" ON "titulos" USING btree ("devolucao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_devolucao_unique" ON "notas_fiscais" USING btree ("devolucao_id");--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_origem" CHECK (("notas_fiscais"."finalidade" = 1 AND "notas_fiscais"."venda_id" IS NOT NULL AND "notas_fiscais"."devolucao_id" IS NULL)
        OR ("notas_fiscais"."finalidade" = 4 AND "notas_fiscais"."modelo" = 55 AND "notas_fiscais"."devolucao_id" IS NOT NULL AND "notas_fiscais"."venda_id" IS NULL));--> statement-breakpoint
-- The audit trail (migration 0006) of returns and their items.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "devolucoes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('devolucoes', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "devolucao_itens"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('devolucoes-itens', 'id');
