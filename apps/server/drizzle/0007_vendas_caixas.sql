CREATE SEQUENCE "public"."vendas_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "caixa_conferencias" (
	"caixa_id" integer NOT NULL,
	"forma" varchar(20) NOT NULL,
	"recebido" numeric(14, 2) NOT NULL,
	"esperado" numeric(14, 2) NOT NULL,
	"contado" numeric(14, 2) NOT NULL,
	CONSTRAINT "caixa_conferencias_caixa_id_forma_pk" PRIMARY KEY("caixa_id","forma")
);
--> statement-breakpoint
CREATE TABLE "caixa_movimentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caixa_movimentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"caixa_id" integer NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caixa_movimentos_tipo_check" CHECK ("caixa_movimentos"."tipo" IN ('sangria', 'suprimento')),
	CONSTRAINT "caixa_movimentos_valor_check" CHECK ("caixa_movimentos"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "caixas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caixas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'aberto' NOT NULL,
	"valor_inicial" numeric(14, 2) NOT NULL,
	"observacoes" text,
	"aberto_em" timestamp with time zone DEFAULT now() NOT NULL,
	"fechado_em" timestamp with time zone,
	"fechado_por" integer,
	"observacoes_fechamento" text,
	CONSTRAINT "caixas_status_check" CHECK ("caixas"."status" IN ('aberto', 'fechado')),
	CONSTRAINT "caixas_valor_inicial_check" CHECK ("caixas"."valor_inicial" >= 0)
);
--> statement-breakpoint
CREATE TABLE "venda_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venda_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"usuario_id" integer,
	"motivo" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venda_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venda_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"produto_id" integer NOT NULL,
	"produto_nome" varchar(200) NOT NULL,
	"unidade_medida" varchar(10) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"preco_unitario" numeric(14, 2) NOT NULL,
	"desconto_item" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"custo_unitario" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_itens_quantidade_check" CHECK ("venda_itens"."quantidade" > 0),
	CONSTRAINT "venda_itens_valores_check" CHECK ("venda_itens"."preco_unitario" >= 0 AND "venda_itens"."desconto_item" >= 0 AND "venda_itens"."subtotal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "venda_pagamentos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "venda_pagamentos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"venda_id" integer NOT NULL,
	"forma" varchar(20) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	CONSTRAINT "venda_pagamentos_valor_check" CHECK ("venda_pagamentos"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "vendas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('vendas_numero_seq') NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" varchar(20) DEFAULT 'Pendente' NOT NULL,
	"cliente_id" integer,
	"cliente_nome" varchar(200),
	"forma_pagamento" varchar(20),
	"valor_total" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_final" numeric(14, 2) NOT NULL,
	"troco" numeric(14, 2) DEFAULT 0 NOT NULL,
	"observacoes" text,
	"atendimento_rapido" boolean DEFAULT false NOT NULL,
	"data_venda" timestamp with time zone DEFAULT now() NOT NULL,
	"inicio_atendimento" timestamp with time zone,
	"vendedor_id" integer,
	"caixa_id" integer,
	"desconto_autorizado_por" integer,
	"finalizada_em" timestamp with time zone,
	"cancelada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendas_numero_unique" UNIQUE("numero"),
	CONSTRAINT "vendas_tipo_check" CHECK ("vendas"."tipo" IN ('produto', 'balcao')),
	CONSTRAINT "vendas_status_check" CHECK ("vendas"."status" IN ('Pendente', 'Finalizada', 'Cancelada')),
	CONSTRAINT "vendas_valores_check" CHECK ("vendas"."valor_total" >= 0 AND "vendas"."desconto" >= 0 AND "vendas"."valor_final" >= 0 AND "vendas"."troco" >= 0 AND "vendas"."valor_final" = "vendas"."valor_total" - "vendas"."desconto")
);
--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD COLUMN "venda_id" integer;--> statement-breakpoint
ALTER TABLE "caixa_conferencias" ADD CONSTRAINT "caixa_conferencias_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixa_movimentos" ADD CONSTRAINT "caixa_movimentos_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixa_movimentos" ADD CONSTRAINT "caixa_movimentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caixas" ADD CONSTRAINT "caixas_fechado_por_usuarios_id_fk" FOREIGN KEY ("fechado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_historico" ADD CONSTRAINT "venda_historico_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_historico" ADD CONSTRAINT "venda_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_itens" ADD CONSTRAINT "venda_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_pagamentos" ADD CONSTRAINT "venda_pagamentos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_vendedor_id_usuarios_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_caixa_id_caixas_id_fk" FOREIGN KEY ("caixa_id") REFERENCES "public"."caixas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_desconto_autorizado_por_usuarios_id_fk" FOREIGN KEY ("desconto_autorizado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caixa_movimentos_caixa_id_idx" ON "caixa_movimentos" USING btree ("caixa_id");--> statement-breakpoint
CREATE INDEX "caixa_movimentos_usuario_id_idx" ON "caixa_movimentos" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caixas_um_aberto_por_usuario" ON "caixas" USING btree ("usuario_id") WHERE "caixas"."status" = 'aberto';--> statement-breakpoint
CREATE INDEX "caixas_aberto_em_idx" ON "caixas" USING btree ("aberto_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "caixas_fechado_por_idx" ON "caixas" USING btree ("fechado_por");--> statement-breakpoint
CREATE INDEX "venda_historico_venda_id_idx" ON "venda_historico" USING btree ("venda_id","id");--> statement-breakpoint
CREATE INDEX "venda_historico_usuario_id_idx" ON "venda_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "venda_itens_venda_id_idx" ON "venda_itens" USING btree ("venda_id","ordem");--> statement-breakpoint
CREATE INDEX "venda_itens_produto_id_idx" ON "venda_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "venda_pagamentos_venda_id_idx" ON "venda_pagamentos" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "vendas_tipo_data_idx" ON "vendas" USING btree ("tipo","data_venda" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendas_status_idx" ON "vendas" USING btree ("tipo","status");--> statement-breakpoint
CREATE INDEX "vendas_cliente_id_idx" ON "vendas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "vendas_cliente_nome_trgm_idx" ON "vendas" USING gin (normalize_search("cliente_nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendas_vendedor_id_idx" ON "vendas" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "vendas_caixa_id_idx" ON "vendas" USING btree ("caixa_id");--> statement-breakpoint
CREATE INDEX "vendas_desconto_autorizado_por_idx" ON "vendas" USING btree ("desconto_autorizado_por");--> statement-breakpoint
CREATE INDEX "vendas_finalizada_em_idx" ON "vendas" USING btree ("finalizada_em");--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_venda_id_idx" ON "estoque_movimentacoes" USING btree ("venda_id");--> statement-breakpoint
-- The audit trail of the documents (see 0006): every write to sales and caixas is recorded.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "vendas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('vendas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "venda_itens"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('vendas-itens', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "venda_pagamentos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('vendas-pagamentos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "caixas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('caixas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "caixa_movimentos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('caixas-movimentos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "caixa_conferencias"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('caixas-conferencias', 'caixa_id,forma');
