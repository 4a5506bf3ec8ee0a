CREATE SEQUENCE "public"."assinaturas_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "assinatura_faturas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinatura_faturas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assinatura_id" integer NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"titulo_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinatura_faturas_titulo_id_unique" UNIQUE("titulo_id"),
	CONSTRAINT "assinatura_faturas_periodo_unique" UNIQUE("assinatura_id","periodo_inicio"),
	CONSTRAINT "assinatura_faturas_valor_check" CHECK ("assinatura_faturas"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "assinatura_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinatura_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assinatura_id" integer NOT NULL,
	"situacao" varchar(20) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assinatura_lembretes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinatura_lembretes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fatura_id" integer NOT NULL,
	"etapa" varchar(20) NOT NULL,
	"email_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinatura_lembretes_etapa_unique" UNIQUE("fatura_id","etapa"),
	CONSTRAINT "assinatura_lembretes_etapa_check" CHECK ("assinatura_lembretes"."etapa" IN ('vencida', 'inadimplente', 'suspensa'))
);
--> statement-breakpoint
CREATE TABLE "assinatura_mudancas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinatura_mudancas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assinatura_id" integer NOT NULL,
	"data" date NOT NULL,
	"plano_anterior_id" integer NOT NULL,
	"plano_novo_id" integer NOT NULL,
	"valor_anterior" numeric(14, 2) NOT NULL,
	"valor_novo" numeric(14, 2) NOT NULL,
	"credito" numeric(14, 2) NOT NULL,
	"cobranca" numeric(14, 2) NOT NULL,
	"titulo_id" integer,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinatura_mudancas_titulo_id_unique" UNIQUE("titulo_id")
);
--> statement-breakpoint
CREATE TABLE "assinaturas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assinaturas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('assinaturas_numero_seq') NOT NULL,
	"cliente_id" integer NOT NULL,
	"plano_id" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"ciclo" varchar(12) NOT NULL,
	"situacao" varchar(20) NOT NULL,
	"inicio" date NOT NULL,
	"inicio_cobranca" date NOT NULL,
	"proximo_indice" integer DEFAULT 0 NOT NULL,
	"forma_pagamento" varchar(20) NOT NULL,
	"dias_vencimento" smallint DEFAULT 0 NOT NULL,
	"observacoes" text,
	"cancelar_ao_fim" boolean DEFAULT false NOT NULL,
	"cancelada_em" date,
	"motivo_cancelamento" varchar(500),
	"inadimplente_em" date,
	"suspensa_em" date,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_numero_unique" UNIQUE("numero"),
	CONSTRAINT "assinaturas_valor_check" CHECK ("assinaturas"."valor" > 0),
	CONSTRAINT "assinaturas_ciclo_check" CHECK ("assinaturas"."ciclo" IN ('mensal', 'trimestral', 'semestral', 'anual')),
	CONSTRAINT "assinaturas_cobranca_check" CHECK ("assinaturas"."inicio_cobranca" >= "assinaturas"."inicio"),
	CONSTRAINT "assinaturas_dias_vencimento_check" CHECK ("assinaturas"."dias_vencimento" BETWEEN 0 AND 90),
	CONSTRAINT "assinaturas_situacao_check" CHECK ("assinaturas"."situacao" IN ('Em teste', 'Ativa', 'Inadimplente', 'Suspensa', 'Cancelada'))
);
--> statement-breakpoint
CREATE TABLE "assinaturas_configuracao" (
	"id" smallint PRIMARY KEY NOT NULL,
	"dias_carencia" smallint NOT NULL,
	"dias_suspensao" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_configuracao_id_check" CHECK ("assinaturas_configuracao"."id" = 1),
	CONSTRAINT "assinaturas_configuracao_carencia_check" CHECK ("assinaturas_configuracao"."dias_carencia" BETWEEN 0 AND 90),
	CONSTRAINT "assinaturas_configuracao_suspensao_check" CHECK ("assinaturas_configuracao"."dias_suspensao" BETWEEN 0 AND 180)
);
--> statement-breakpoint
CREATE TABLE "planos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "planos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(500),
	"preco" numeric(14, 2) NOT NULL,
	"ciclo" varchar(12) NOT NULL,
	"dias_teste" smallint DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planos_preco_check" CHECK ("planos"."preco" > 0),
	CONSTRAINT "planos_ciclo_check" CHECK ("planos"."ciclo" IN ('mensal', 'trimestral', 'semestral', 'anual')),
	CONSTRAINT "planos_dias_teste_check" CHECK ("planos"."dias_teste" BETWEEN 0 AND 365)
);
--> statement-breakpoint
ALTER TABLE "assinatura_faturas" ADD CONSTRAINT "assinatura_faturas_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_faturas" ADD CONSTRAINT "assinatura_faturas_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_historico" ADD CONSTRAINT "assinatura_historico_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_historico" ADD CONSTRAINT "assinatura_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_lembretes" ADD CONSTRAINT "assinatura_lembretes_fatura_id_assinatura_faturas_id_fk" FOREIGN KEY ("fatura_id") REFERENCES "public"."assinatura_faturas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_lembretes" ADD CONSTRAINT "assinatura_lembretes_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_mudancas" ADD CONSTRAINT "assinatura_mudancas_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_mudancas" ADD CONSTRAINT "assinatura_mudancas_plano_anterior_id_planos_id_fk" FOREIGN KEY ("plano_anterior_id") REFERENCES "public"."planos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_mudancas" ADD CONSTRAINT "assinatura_mudancas_plano_novo_id_planos_id_fk" FOREIGN KEY ("plano_novo_id") REFERENCES "public"."planos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_mudancas" ADD CONSTRAINT "assinatura_mudancas_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinatura_mudancas" ADD CONSTRAINT "assinatura_mudancas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_plano_id_planos_id_fk" FOREIGN KEY ("plano_id") REFERENCES "public"."planos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assinatura_historico_assinatura_idx" ON "assinatura_historico" USING btree ("assinatura_id","id");--> statement-breakpoint
CREATE INDEX "assinatura_historico_usuario_id_idx" ON "assinatura_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "assinatura_lembretes_email_id_idx" ON "assinatura_lembretes" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "assinatura_mudancas_assinatura_id_idx" ON "assinatura_mudancas" USING btree ("assinatura_id","data");--> statement-breakpoint
CREATE INDEX "assinatura_mudancas_plano_anterior_id_idx" ON "assinatura_mudancas" USING btree ("plano_anterior_id");--> statement-breakpoint
CREATE INDEX "assinatura_mudancas_plano_novo_id_idx" ON "assinatura_mudancas" USING btree ("plano_novo_id");--> statement-breakpoint
CREATE INDEX "assinatura_mudancas_usuario_id_idx" ON "assinatura_mudancas" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "assinaturas_cliente_id_idx" ON "assinaturas" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "assinaturas_plano_id_idx" ON "assinaturas" USING btree ("plano_id");--> statement-breakpoint
CREATE INDEX "assinaturas_situacao_idx" ON "assinaturas" USING btree ("situacao","id");--> statement-breakpoint
CREATE INDEX "assinaturas_usuario_id_idx" ON "assinaturas" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planos_nome_unique" ON "planos" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "planos_nome_trgm_idx" ON "planos" USING gin (normalize_search("nome") gin_trgm_ops);--> statement-breakpoint
-- The audit trail (migration 0006) of the plans, the subscriptions, their bills, changes of plan
-- and the dunning rules (the reminders are a log of their own, the history a trail already).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "planos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('planos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "assinaturas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('assinaturas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "assinatura_faturas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('assinaturas-faturas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "assinatura_mudancas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('assinaturas-mudancas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "assinaturas_configuracao"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('assinaturas-configuracao', 'id');
