CREATE SEQUENCE "public"."contratos_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contrato_faturas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrato_faturas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrato_id" integer NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"titulo_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrato_faturas_titulo_id_unique" UNIQUE("titulo_id"),
	CONSTRAINT "contrato_faturas_periodo_unique" UNIQUE("contrato_id","periodo_inicio"),
	CONSTRAINT "contrato_faturas_valor_check" CHECK ("contrato_faturas"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "contrato_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrato_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrato_id" integer NOT NULL,
	"situacao" varchar(20) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contrato_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrato_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrato_id" integer NOT NULL,
	"servico_id" integer NOT NULL,
	"servico_nome" varchar(200) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"vigente_de" date NOT NULL,
	"vigente_ate" date,
	CONSTRAINT "contrato_itens_quantidade_check" CHECK ("contrato_itens"."quantidade" > 0),
	CONSTRAINT "contrato_itens_valor_check" CHECK ("contrato_itens"."valor" > 0),
	CONSTRAINT "contrato_itens_vigencia_check" CHECK ("contrato_itens"."vigente_ate" IS NULL OR "contrato_itens"."vigente_ate" >= "contrato_itens"."vigente_de")
);
--> statement-breakpoint
CREATE TABLE "contrato_reajustes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contrato_reajustes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contrato_id" integer NOT NULL,
	"aniversario" date NOT NULL,
	"indice" varchar(10) NOT NULL,
	"percentual" numeric(9, 4) NOT NULL,
	"aplicado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contrato_reajustes_aniversario_unique" UNIQUE("contrato_id","aniversario")
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contratos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('contratos_numero_seq') NOT NULL,
	"cliente_id" integer NOT NULL,
	"descricao" varchar(200),
	"situacao" varchar(20) DEFAULT 'Ativo' NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"periodicidade" varchar(12) NOT NULL,
	"dia_faturamento" smallint NOT NULL,
	"dias_vencimento" smallint DEFAULT 0 NOT NULL,
	"vencimento_dia_util" boolean DEFAULT true NOT NULL,
	"forma_pagamento" varchar(20) NOT NULL,
	"fidelidade_meses" smallint DEFAULT 0 NOT NULL,
	"multa_fidelidade" numeric(5, 2) DEFAULT 0 NOT NULL,
	"reajuste_indice" varchar(10),
	"reajuste_percentual" numeric(5, 2),
	"observacoes" text,
	"proximo_indice" integer DEFAULT 0 NOT NULL,
	"suspenso_em" date,
	"cancelado_em" date,
	"motivo_cancelamento" varchar(500),
	"multa_cancelamento" numeric(14, 2),
	"multa_titulo_id" integer,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratos_numero_unique" UNIQUE("numero"),
	CONSTRAINT "contratos_dia_faturamento_check" CHECK ("contratos"."dia_faturamento" BETWEEN 1 AND 31),
	CONSTRAINT "contratos_dias_vencimento_check" CHECK ("contratos"."dias_vencimento" BETWEEN 0 AND 90),
	CONSTRAINT "contratos_fim_check" CHECK ("contratos"."fim" IS NULL OR "contratos"."fim" > "contratos"."inicio"),
	CONSTRAINT "contratos_situacao_check" CHECK ("contratos"."situacao" IN ('Ativo', 'Suspenso', 'Cancelado')),
	CONSTRAINT "contratos_periodicidade_check" CHECK ("contratos"."periodicidade" IN ('mensal', 'bimestral', 'trimestral', 'semestral', 'anual'))
);
--> statement-breakpoint
CREATE TABLE "indices_reajuste" (
	"indice" varchar(10) NOT NULL,
	"mes" char(7) NOT NULL,
	"percentual" numeric(9, 4) NOT NULL,
	CONSTRAINT "indices_reajuste_indice_mes_pk" PRIMARY KEY("indice","mes"),
	CONSTRAINT "indices_reajuste_indice_check" CHECK ("indices_reajuste"."indice" IN ('IPCA', 'IGPM'))
);
--> statement-breakpoint
CREATE TABLE "tarefas_agendadas" (
	"nome" varchar(60) PRIMARY KEY NOT NULL,
	"travada_ate" timestamp with time zone,
	"proxima_em" timestamp with time zone,
	"executada_em" timestamp with time zone,
	"resultado" varchar(500),
	"erro" varchar(1000)
);
--> statement-breakpoint
ALTER TABLE "contrato_faturas" ADD CONSTRAINT "contrato_faturas_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_faturas" ADD CONSTRAINT "contrato_faturas_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_historico" ADD CONSTRAINT "contrato_historico_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_historico" ADD CONSTRAINT "contrato_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_itens" ADD CONSTRAINT "contrato_itens_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_itens" ADD CONSTRAINT "contrato_itens_servico_id_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contrato_reajustes" ADD CONSTRAINT "contrato_reajustes_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_multa_titulo_id_titulos_id_fk" FOREIGN KEY ("multa_titulo_id") REFERENCES "public"."titulos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contrato_historico_contrato_idx" ON "contrato_historico" USING btree ("contrato_id","id");--> statement-breakpoint
CREATE INDEX "contrato_historico_usuario_id_idx" ON "contrato_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "contrato_itens_contrato_id_idx" ON "contrato_itens" USING btree ("contrato_id","vigente_de");--> statement-breakpoint
CREATE INDEX "contrato_itens_servico_id_idx" ON "contrato_itens" USING btree ("servico_id");--> statement-breakpoint
CREATE INDEX "contratos_cliente_id_idx" ON "contratos" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "contratos_situacao_idx" ON "contratos" USING btree ("situacao","id");--> statement-breakpoint
CREATE INDEX "contratos_usuario_id_idx" ON "contratos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "contratos_multa_titulo_id_idx" ON "contratos" USING btree ("multa_titulo_id");--> statement-breakpoint
CREATE INDEX "contratos_descricao_trgm_idx" ON "contratos" USING gin (normalize_search("descricao") gin_trgm_ops);--> statement-breakpoint
-- The audit trail (migration 0006) of the contracts, their prices, bills, reajustes and the
-- index table (the scheduled jobs' lease is not a business record).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "contratos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('contratos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "contrato_itens"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('contratos-itens', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "contrato_faturas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('contratos-faturas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "contrato_reajustes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('contratos-reajustes', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "indices_reajuste"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('indices-reajuste', 'indice,mes');
