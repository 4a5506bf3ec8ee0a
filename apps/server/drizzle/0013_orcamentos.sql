CREATE SEQUENCE "public"."orcamentos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "orcamento_anexos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamento_anexos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orcamento_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orcamento_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamento_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orcamento_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orcamento_parcelas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamento_parcelas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orcamento_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	CONSTRAINT "orcamento_parcelas_numero_unique" UNIQUE("orcamento_id","numero"),
	CONSTRAINT "orcamento_parcelas_valor_check" CHECK ("orcamento_parcelas"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "orcamento_produtos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamento_produtos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orcamento_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"nome" varchar(200) NOT NULL,
	"detalhes" varchar(500),
	"quantidade" numeric(14, 3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"produto_id" integer,
	"unidade_medida" varchar(10),
	CONSTRAINT "orcamento_produtos_quantidade_check" CHECK ("orcamento_produtos"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "orcamento_servicos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamento_servicos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"orcamento_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"nome" varchar(200) NOT NULL,
	"detalhes" varchar(500),
	"quantidade" numeric(14, 3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"servico_id" integer,
	CONSTRAINT "orcamento_servicos_quantidade_check" CHECK ("orcamento_servicos"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "orcamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orcamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('orcamentos_numero_seq') NOT NULL,
	"status" varchar(20) DEFAULT 'rascunho' NOT NULL,
	"tipo" varchar(10) DEFAULT 'produto' NOT NULL,
	"cliente_id" integer,
	"cliente_nome" varchar(200) NOT NULL,
	"vendedor_id" integer,
	"responsavel" varchar(200),
	"data" date NOT NULL,
	"validade_dias" smallint NOT NULL,
	"data_vencimento" date NOT NULL,
	"prazo_entrega" varchar(200),
	"aos_cuidados" varchar(200),
	"canal_venda" varchar(20) DEFAULT 'presencial' NOT NULL,
	"centro_custo" varchar(100),
	"introducao" text,
	"frete" numeric(14, 2) DEFAULT 0 NOT NULL,
	"transportadora_id" integer,
	"cep" varchar(10),
	"logradouro" varchar(200),
	"numero_endereco" varchar(20),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"cidade" varchar(100),
	"uf" varchar(2),
	"total_produtos" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_servicos" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_subtotal" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"exibir_valor_total" boolean DEFAULT true NOT NULL,
	"forma_pagamento" varchar(20),
	"condicao_pagamento" varchar(20),
	"condicoes_pagamento" varchar(500),
	"observacoes" text,
	"observacoes_internas" text,
	"venda_id" integer,
	"ordem_servico_id" integer,
	"convertido_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orcamentos_numero_unique" UNIQUE("numero"),
	CONSTRAINT "orcamentos_status_check" CHECK ("orcamentos"."status" IN ('rascunho', 'pendente', 'aprovado', 'rejeitado', 'expirado')),
	CONSTRAINT "orcamentos_tipo_check" CHECK ("orcamentos"."tipo" IN ('produto', 'servico', 'misto')),
	CONSTRAINT "orcamentos_valores_check" CHECK ("orcamentos"."valor_total" >= 0 AND "orcamentos"."frete" >= 0 AND "orcamentos"."validade_dias" > 0)
);
--> statement-breakpoint
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_valores_check";--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "frete" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orcamento_anexos" ADD CONSTRAINT "orcamento_anexos_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_anexos" ADD CONSTRAINT "orcamento_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_historico" ADD CONSTRAINT "orcamento_historico_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_historico" ADD CONSTRAINT "orcamento_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_parcelas" ADD CONSTRAINT "orcamento_parcelas_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_produtos" ADD CONSTRAINT "orcamento_produtos_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_produtos" ADD CONSTRAINT "orcamento_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_servicos" ADD CONSTRAINT "orcamento_servicos_orcamento_id_orcamentos_id_fk" FOREIGN KEY ("orcamento_id") REFERENCES "public"."orcamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamento_servicos" ADD CONSTRAINT "orcamento_servicos_servico_id_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_vendedor_id_cadastros_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_transportadora_id_cadastros_id_fk" FOREIGN KEY ("transportadora_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orcamentos" ADD CONSTRAINT "orcamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orcamento_anexos_orcamento_idx" ON "orcamento_anexos" USING btree ("orcamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orcamento_anexos_arquivo_id_unique" ON "orcamento_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "orcamento_historico_orcamento_idx" ON "orcamento_historico" USING btree ("orcamento_id","id");--> statement-breakpoint
CREATE INDEX "orcamento_historico_usuario_id_idx" ON "orcamento_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "orcamento_produtos_ordem_idx" ON "orcamento_produtos" USING btree ("orcamento_id","ordem");--> statement-breakpoint
CREATE INDEX "orcamento_produtos_produto_id_idx" ON "orcamento_produtos" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "orcamento_servicos_ordem_idx" ON "orcamento_servicos" USING btree ("orcamento_id","ordem");--> statement-breakpoint
CREATE INDEX "orcamento_servicos_servico_id_idx" ON "orcamento_servicos" USING btree ("servico_id");--> statement-breakpoint
CREATE INDEX "orcamentos_data_idx" ON "orcamentos" USING btree ("data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orcamentos_status_vencimento_idx" ON "orcamentos" USING btree ("status","data_vencimento");--> statement-breakpoint
CREATE INDEX "orcamentos_tipo_idx" ON "orcamentos" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "orcamentos_cliente_id_idx" ON "orcamentos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "orcamentos_vendedor_id_idx" ON "orcamentos" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "orcamentos_transportadora_id_idx" ON "orcamentos" USING btree ("transportadora_id");--> statement-breakpoint
CREATE INDEX "orcamentos_usuario_id_idx" ON "orcamentos" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orcamentos_venda_id_unique" ON "orcamentos" USING btree ("venda_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orcamentos_ordem_servico_id_unique" ON "orcamentos" USING btree ("ordem_servico_id");--> statement-breakpoint
CREATE INDEX "orcamentos_cliente_nome_trgm_idx" ON "orcamentos" USING gin (normalize_search("cliente_nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orcamentos_responsavel_trgm_idx" ON "orcamentos" USING gin (normalize_search("responsavel") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_valores_check" CHECK ("vendas"."valor_total" >= 0 AND "vendas"."desconto" >= 0 AND "vendas"."valor_final" >= 0 AND "vendas"."troco" >= 0 AND "vendas"."frete" >= 0 AND "vendas"."valor_final" = "vendas"."valor_total" - "vendas"."desconto" + "vendas"."frete");--> statement-breakpoint
-- The audit trail of the quotes (see 0006).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "orcamentos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('orcamentos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "orcamento_produtos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('orcamentos-produtos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "orcamento_servicos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('orcamentos-servicos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "orcamento_parcelas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('orcamentos-parcelas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "orcamento_anexos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('orcamentos-anexos', 'id');
