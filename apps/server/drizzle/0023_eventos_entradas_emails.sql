CREATE TABLE "configuracao_smtp" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"host" varchar(255) NOT NULL,
	"porta" integer DEFAULT 587 NOT NULL,
	"seguranca" varchar(10) DEFAULT 'starttls' NOT NULL,
	"usuario" varchar(255),
	"senha_cifrada" text,
	"remetente_nome" varchar(120) NOT NULL,
	"remetente_email" varchar(254) NOT NULL,
	"enviar_nota_automaticamente" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configuracao_smtp_unica" CHECK ("configuracao_smtp"."id" = 1),
	CONSTRAINT "configuracao_smtp_porta" CHECK ("configuracao_smtp"."porta" BETWEEN 1 AND 65535),
	CONSTRAINT "configuracao_smtp_seguranca" CHECK ("configuracao_smtp"."seguranca" IN ('tls', 'starttls', 'nenhuma'))
);
--> statement-breakpoint
CREATE TABLE "email_anexos" (
	"email_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	CONSTRAINT "email_anexos_email_id_arquivo_id_pk" PRIMARY KEY("email_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "emails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "emails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"para" varchar(254) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"corpo" text NOT NULL,
	"referencia" varchar(60),
	"situacao" varchar(10) DEFAULT 'pendente' NOT NULL,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"ultimo_erro" text,
	"enviado_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emails_situacao" CHECK ("emails"."situacao" IN ('pendente', 'enviado', 'falhou'))
);
--> statement-breakpoint
CREATE TABLE "entrada_nfe_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entrada_nfe_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entrada_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"produto_id" integer NOT NULL,
	"codigo_fornecedor" varchar(60) NOT NULL,
	"descricao" varchar(200) NOT NULL,
	"gtin" varchar(14),
	"unidade_nota" varchar(10) NOT NULL,
	"quantidade_nota" numeric(14, 3) NOT NULL,
	"fator" numeric(14, 3) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"custo_unitario" numeric(14, 2) NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	CONSTRAINT "entrada_nfe_itens_quantidades" CHECK ("entrada_nfe_itens"."quantidade_nota" > 0 AND "entrada_nfe_itens"."fator" > 0)
);
--> statement-breakpoint
CREATE TABLE "entradas_nfe" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entradas_nfe_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chave" varchar(44) NOT NULL,
	"fornecedor_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"serie" smallint NOT NULL,
	"emitida_em" timestamp with time zone NOT NULL,
	"valor_total" numeric(14, 2) NOT NULL,
	"xml" text NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entradas_nfe_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "produtos_fornecedores" (
	"fornecedor_id" integer NOT NULL,
	"codigo" varchar(60) NOT NULL,
	"produto_id" integer NOT NULL,
	"fator" numeric(14, 3) DEFAULT 1 NOT NULL,
	CONSTRAINT "produtos_fornecedores_fornecedor_id_codigo_pk" PRIMARY KEY("fornecedor_id","codigo")
);
--> statement-breakpoint
CREATE TABLE "eventos_nfe" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "eventos_nfe_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nota_id" integer NOT NULL,
	"tipo_evento" varchar(6) NOT NULL,
	"sequencia" smallint NOT NULL,
	"texto" text NOT NULL,
	"protocolo" varchar(20),
	"c_stat" integer NOT NULL,
	"x_motivo" text NOT NULL,
	"registrado_em" timestamp with time zone NOT NULL,
	"xml" text NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eventos_nfe_tipo" CHECK ("eventos_nfe"."tipo_evento" IN ('110111', '110110')),
	CONSTRAINT "eventos_nfe_sequencia" CHECK ("eventos_nfe"."sequencia" BETWEEN 1 AND 20)
);
--> statement-breakpoint
CREATE TABLE "inutilizacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inutilizacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ambiente" varchar(12) NOT NULL,
	"modelo" smallint NOT NULL,
	"serie" smallint NOT NULL,
	"numero_inicial" integer NOT NULL,
	"numero_final" integer NOT NULL,
	"justificativa" text NOT NULL,
	"protocolo" varchar(20) NOT NULL,
	"registrada_em" timestamp with time zone NOT NULL,
	"xml" text NOT NULL,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inutilizacoes_modelo" CHECK ("inutilizacoes"."modelo" IN (55, 65)),
	CONSTRAINT "inutilizacoes_faixa" CHECK ("inutilizacoes"."numero_inicial" >= 1 AND "inutilizacoes"."numero_final" >= "inutilizacoes"."numero_inicial")
);
--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD COLUMN "entrada_nfe_id" integer;--> statement-breakpoint
ALTER TABLE "titulos" ADD COLUMN "entrada_nfe_id" integer;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD COLUMN "evento_em_andamento" varchar(6);--> statement-breakpoint
ALTER TABLE "email_anexos" ADD CONSTRAINT "email_anexos_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_anexos" ADD CONSTRAINT "email_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_nfe_itens" ADD CONSTRAINT "entrada_nfe_itens_entrada_id_entradas_nfe_id_fk" FOREIGN KEY ("entrada_id") REFERENCES "public"."entradas_nfe"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entrada_nfe_itens" ADD CONSTRAINT "entrada_nfe_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas_nfe" ADD CONSTRAINT "entradas_nfe_fornecedor_id_cadastros_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entradas_nfe" ADD CONSTRAINT "entradas_nfe_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_fornecedores" ADD CONSTRAINT "produtos_fornecedores_fornecedor_id_cadastros_id_fk" FOREIGN KEY ("fornecedor_id") REFERENCES "public"."cadastros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos_fornecedores" ADD CONSTRAINT "produtos_fornecedores_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_nfe" ADD CONSTRAINT "eventos_nfe_nota_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eventos_nfe" ADD CONSTRAINT "eventos_nfe_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inutilizacoes" ADD CONSTRAINT "inutilizacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_anexos_arquivo_id_idx" ON "email_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "emails_fila_idx" ON "emails" USING btree ("proxima_tentativa") WHERE "emails"."situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "emails_referencia_idx" ON "emails" USING btree ("referencia");--> statement-breakpoint
CREATE INDEX "emails_created_at_idx" ON "emails" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "emails_usuario_id_idx" ON "emails" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "entrada_nfe_itens_entrada_id_idx" ON "entrada_nfe_itens" USING btree ("entrada_id","ordem");--> statement-breakpoint
CREATE INDEX "entrada_nfe_itens_produto_id_idx" ON "entrada_nfe_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "entradas_nfe_fornecedor_id_idx" ON "entradas_nfe" USING btree ("fornecedor_id");--> statement-breakpoint
CREATE INDEX "entradas_nfe_created_at_idx" ON "entradas_nfe" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "entradas_nfe_usuario_id_idx" ON "entradas_nfe" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "produtos_fornecedores_produto_id_idx" ON "produtos_fornecedores" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eventos_nfe_unico" ON "eventos_nfe" USING btree ("nota_id","tipo_evento","sequencia");--> statement-breakpoint
CREATE INDEX "eventos_nfe_usuario_id_idx" ON "eventos_nfe" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "inutilizacoes_serie_idx" ON "inutilizacoes" USING btree ("modelo","serie","numero_inicial");--> statement-breakpoint
CREATE INDEX "inutilizacoes_usuario_id_idx" ON "inutilizacoes" USING btree ("usuario_id");--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_entrada_nfe_id_entradas_nfe_id_fk" FOREIGN KEY ("entrada_nfe_id") REFERENCES "public"."entradas_nfe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_entrada_nfe_id_entradas_nfe_id_fk" FOREIGN KEY ("entrada_nfe_id") REFERENCES "public"."entradas_nfe"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_entrada_nfe_id_idx" ON "estoque_movimentacoes" USING btree ("entrada_nfe_id");--> statement-breakpoint
CREATE INDEX "titulos_entrada_nfe_id_idx" ON "titulos" USING btree ("entrada_nfe_id");--> statement-breakpoint
-- The audit trail (migration 0006) of the fiscal events, voided numbers, purchases entered from
-- XML, supplier codes, the mail server (without its password) and the outbox.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "eventos_nfe"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('notas-fiscais-eventos', 'id', 'xml');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "inutilizacoes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('fiscal-inutilizacoes', 'id', 'xml');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "entradas_nfe"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('entradas-nfe', 'id', 'xml');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "entrada_nfe_itens"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('entradas-nfe-itens', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "produtos_fornecedores"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('produtos-fornecedores', 'fornecedor_id,codigo');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "configuracao_smtp"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('configuracoes-email', 'id', 'senha_cifrada');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "emails"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('emails', 'id', 'tentativas', 'proxima_tentativa', 'ultimo_erro');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "email_anexos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('emails-anexos', 'email_id,arquivo_id');
--> statement-breakpoint
-- The event slot of a note (taken and given back around each event) is no change a person needs
-- in the trail: the event itself is audited in eventos_nfe.
DROP TRIGGER "auditoria" ON "notas_fiscais";
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "notas_fiscais"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('notas-fiscais', 'id', 'xml', 'xml_autorizado', 'qrcode_url', 'tentativas', 'proxima_tentativa', 'evento_em_andamento');
