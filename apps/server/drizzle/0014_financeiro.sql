CREATE TABLE "baixas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "baixas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcela_id" integer NOT NULL,
	"conta_id" integer NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"juros" numeric(14, 2) DEFAULT 0 NOT NULL,
	"multa" numeric(14, 2) DEFAULT 0 NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"amortizado" numeric(14, 2) NOT NULL,
	"observacao" varchar(200),
	"automatica" boolean DEFAULT false NOT NULL,
	"estornada_em" timestamp with time zone,
	"estornada_por" integer,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baixas_valores_check" CHECK ("baixas"."valor" > 0 AND "baixas"."juros" >= 0 AND "baixas"."multa" >= 0 AND "baixas"."desconto" >= 0 AND "baixas"."amortizado" > 0)
);
--> statement-breakpoint
CREATE TABLE "categorias_financeiras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_financeiras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(100) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"slug" varchar(40),
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categorias_financeiras_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categorias_financeiras_tipo_check" CHECK ("categorias_financeiras"."tipo" IN ('receita', 'despesa'))
);
--> statement-breakpoint
CREATE TABLE "contas_financeiras" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contas_financeiras_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(100) NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"banco" varchar(100),
	"agencia" varchar(20),
	"conta" varchar(30),
	"saldo_inicial" numeric(14, 2) DEFAULT 0 NOT NULL,
	"data_saldo_inicial" date NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contas_financeiras_tipo_check" CHECK ("contas_financeiras"."tipo" IN ('caixa', 'corrente', 'poupanca', 'investimento', 'outra'))
);
--> statement-breakpoint
CREATE TABLE "formas_financeiras" (
	"forma" varchar(20) PRIMARY KEY NOT NULL,
	"conta_id" integer,
	"prazo_dias" smallint NOT NULL,
	"baixa_automatica" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcelas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcelas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"titulo_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"valor_pago" numeric(14, 2) DEFAULT 0 NOT NULL,
	"juros" numeric(14, 2) DEFAULT 0 NOT NULL,
	"multa" numeric(14, 2) DEFAULT 0 NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'aberto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcelas_titulo_numero_unique" UNIQUE("titulo_id","numero"),
	CONSTRAINT "parcelas_valores_check" CHECK ("parcelas"."valor" > 0 AND "parcelas"."valor_pago" >= 0 AND "parcelas"."valor_pago" <= "parcelas"."valor"),
	CONSTRAINT "parcelas_status_check" CHECK ("parcelas"."status" IN ('aberto', 'parcial', 'pago', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "titulos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "titulos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"natureza" varchar(10) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"pessoa_id" integer,
	"categoria_id" integer,
	"centro_custo" varchar(100),
	"documento" varchar(60),
	"competencia" date NOT NULL,
	"forma_pagamento" varchar(20),
	"valor" numeric(14, 2) NOT NULL,
	"observacoes" varchar(2000),
	"venda_id" integer,
	"ordem_servico_id" integer,
	"recorrencia_id" integer,
	"cancelado_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titulos_natureza_check" CHECK ("titulos"."natureza" IN ('pagar', 'receber')),
	CONSTRAINT "titulos_valor_check" CHECK ("titulos"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "transferencias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transferencias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"origem_id" integer NOT NULL,
	"destino_id" integer NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"descricao" varchar(200),
	"estornada_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transferencias_check" CHECK ("transferencias"."valor" > 0 AND "transferencias"."origem_id" <> "transferencias"."destino_id")
);
--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_parcela_id_parcelas_id_fk" FOREIGN KEY ("parcela_id") REFERENCES "public"."parcelas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_conta_id_contas_financeiras_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_financeiras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_estornada_por_usuarios_id_fk" FOREIGN KEY ("estornada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baixas" ADD CONSTRAINT "baixas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formas_financeiras" ADD CONSTRAINT "formas_financeiras_conta_id_contas_financeiras_id_fk" FOREIGN KEY ("conta_id") REFERENCES "public"."contas_financeiras"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcelas" ADD CONSTRAINT "parcelas_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_pessoa_id_cadastros_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_categoria_id_categorias_financeiras_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias_financeiras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_origem_id_contas_financeiras_id_fk" FOREIGN KEY ("origem_id") REFERENCES "public"."contas_financeiras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_destino_id_contas_financeiras_id_fk" FOREIGN KEY ("destino_id") REFERENCES "public"."contas_financeiras"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baixas_parcela_id_idx" ON "baixas" USING btree ("parcela_id");--> statement-breakpoint
CREATE INDEX "baixas_conta_data_idx" ON "baixas" USING btree ("conta_id","data");--> statement-breakpoint
CREATE INDEX "baixas_data_idx" ON "baixas" USING btree ("data");--> statement-breakpoint
CREATE INDEX "baixas_estornada_por_idx" ON "baixas" USING btree ("estornada_por");--> statement-breakpoint
CREATE INDEX "baixas_usuario_id_idx" ON "baixas" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_financeiras_tipo_nome_unique" ON "categorias_financeiras" USING btree ("tipo",lower("nome"));--> statement-breakpoint
CREATE INDEX "parcelas_status_vencimento_idx" ON "parcelas" USING btree ("status","vencimento");--> statement-breakpoint
CREATE INDEX "parcelas_vencimento_idx" ON "parcelas" USING btree ("vencimento");--> statement-breakpoint
CREATE INDEX "titulos_natureza_competencia_idx" ON "titulos" USING btree ("natureza","competencia");--> statement-breakpoint
CREATE INDEX "titulos_pessoa_id_idx" ON "titulos" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "titulos_categoria_id_idx" ON "titulos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "titulos_venda_id_idx" ON "titulos" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "titulos_ordem_servico_id_idx" ON "titulos" USING btree ("ordem_servico_id");--> statement-breakpoint
CREATE INDEX "titulos_usuario_id_idx" ON "titulos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "titulos_recorrencia_id_idx" ON "titulos" USING btree ("recorrencia_id");--> statement-breakpoint
CREATE INDEX "titulos_descricao_trgm_idx" ON "titulos" USING gin (normalize_search("descricao") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transferencias_origem_data_idx" ON "transferencias" USING btree ("origem_id","data");--> statement-breakpoint
CREATE INDEX "transferencias_destino_data_idx" ON "transferencias" USING btree ("destino_id","data");--> statement-breakpoint
CREATE INDEX "transferencias_usuario_id_idx" ON "transferencias" USING btree ("usuario_id");--> statement-breakpoint
-- What every company starts with (issue 15): a cash account, the usual chart of accounts of a
-- small Brazilian business (kept in step with CATEGORIAS_PADRAO) and how each payment method of
-- a sale becomes a receivable (FORMAS_FINANCEIRO_PADRAO). All editable from the screens.
INSERT INTO "contas_financeiras" ("nome", "tipo", "saldo_inicial", "data_saldo_inicial") VALUES ('Caixa', 'caixa', 0, current_date);
--> statement-breakpoint
INSERT INTO "categorias_financeiras" ("slug", "nome", "tipo") VALUES
  ('venda-produtos', 'Venda de produtos', 'receita'),
  ('prestacao-servicos', 'Prestação de serviços', 'receita'),
  (NULL, 'Receitas financeiras', 'receita'),
  (NULL, 'Outras receitas', 'receita'),
  ('compra-mercadorias', 'Compra de mercadorias', 'despesa'),
  (NULL, 'Aluguel', 'despesa'),
  (NULL, 'Energia elétrica', 'despesa'),
  (NULL, 'Água e esgoto', 'despesa'),
  (NULL, 'Telefone e internet', 'despesa'),
  (NULL, 'Salários e encargos', 'despesa'),
  (NULL, 'Pró-labore', 'despesa'),
  (NULL, 'Impostos (Simples Nacional)', 'despesa'),
  (NULL, 'Tarifas bancárias', 'despesa'),
  (NULL, 'Marketing e publicidade', 'despesa'),
  (NULL, 'Manutenção', 'despesa'),
  (NULL, 'Material de escritório e limpeza', 'despesa'),
  (NULL, 'Combustível e transporte', 'despesa'),
  (NULL, 'Outras despesas', 'despesa');
--> statement-breakpoint
INSERT INTO "formas_financeiras" ("forma", "prazo_dias", "baixa_automatica") VALUES
  ('dinheiro', 0, true), ('pix', 0, true), ('cartao_debito', 1, true),
  ('cartao_credito', 30, false), ('boleto', 30, false);
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "contas_financeiras"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-contas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "categorias_financeiras"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-categorias', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "formas_financeiras"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-formas', 'forma');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "titulos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-titulos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "parcelas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-parcelas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "baixas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-baixas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "transferencias"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('financeiro-transferencias', 'id');
