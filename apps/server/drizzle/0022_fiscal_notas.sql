CREATE TABLE "configuracao_fiscal" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"crt" smallint DEFAULT 1 NOT NULL,
	"cnae" varchar(7),
	"codigo_municipio" integer,
	"ambiente" varchar(12) DEFAULT 'homologacao' NOT NULL,
	"nfe_ativa" boolean DEFAULT true NOT NULL,
	"nfe_serie" smallint DEFAULT 1 NOT NULL,
	"nfce_ativa" boolean DEFAULT false NOT NULL,
	"nfce_serie" smallint DEFAULT 1 NOT NULL,
	"csc_id" varchar(6),
	"csc_token_cifrado" text,
	"csosn_padrao" varchar(3) DEFAULT '102' NOT NULL,
	"aliquota_credito_sn" numeric(5, 2),
	"cfop_dentro_uf" varchar(4) DEFAULT '5102' NOT NULL,
	"cfop_fora_uf" varchar(4) DEFAULT '6102' NOT NULL,
	"tempo_limite_segundos" smallint DEFAULT 5 NOT NULL,
	"informacoes_complementares" text,
	"certificado_cifrado" text,
	"certificado_senha_cifrada" text,
	"certificado_titular" varchar(200),
	"certificado_cnpj" varchar(14),
	"certificado_emitido_por" varchar(200),
	"certificado_valido_de" timestamp with time zone,
	"certificado_valido_ate" timestamp with time zone,
	"certificado_simulacao" boolean DEFAULT false NOT NULL,
	"simulacao_ca_certificado" text,
	"simulacao_ca_chave_cifrada" text,
	"sefaz_online" boolean,
	"sefaz_c_stat" integer,
	"sefaz_x_motivo" text,
	"sefaz_consultado_em" timestamp with time zone,
	"fila_travada_ate" timestamp with time zone,
	"fila_executada_em" timestamp with time zone,
	"fila_resultado" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configuracao_fiscal_unica" CHECK ("configuracao_fiscal"."id" = 1),
	CONSTRAINT "configuracao_fiscal_crt" CHECK ("configuracao_fiscal"."crt" IN (1, 4)),
	CONSTRAINT "configuracao_fiscal_ambiente" CHECK ("configuracao_fiscal"."ambiente" IN ('simulacao', 'homologacao', 'producao')),
	CONSTRAINT "configuracao_fiscal_series" CHECK ("configuracao_fiscal"."nfe_serie" BETWEEN 0 AND 999 AND "configuracao_fiscal"."nfce_serie" BETWEEN 0 AND 999),
	CONSTRAINT "configuracao_fiscal_tempo" CHECK ("configuracao_fiscal"."tempo_limite_segundos" BETWEEN 1 AND 60)
);
--> statement-breakpoint
CREATE TABLE "nota_fiscal_eventos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nota_fiscal_eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nota_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"descricao" text NOT NULL,
	"c_stat" integer,
	"x_motivo" text,
	"xml" text,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notas_fiscais" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notas_fiscais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"modelo" smallint NOT NULL,
	"serie" smallint NOT NULL,
	"numero" integer NOT NULL,
	"chave" varchar(44) NOT NULL,
	"codigo_numerico" varchar(8) NOT NULL,
	"tp_emis" smallint DEFAULT 1 NOT NULL,
	"ambiente" varchar(12) NOT NULL,
	"situacao" varchar(20) DEFAULT 'Rascunho' NOT NULL,
	"venda_id" integer NOT NULL,
	"cpf_consumidor" varchar(11),
	"destinatario_nome" varchar(200),
	"destinatario_documento" varchar(14),
	"valor_total" numeric(14, 2) NOT NULL,
	"emitida_em" timestamp with time zone NOT NULL,
	"autorizada_em" timestamp with time zone,
	"protocolo" varchar(20),
	"c_stat" integer,
	"x_motivo" text,
	"xml" text,
	"xml_autorizado" text,
	"qrcode_url" text,
	"pendencias" text[] DEFAULT '{}'::text[] NOT NULL,
	"contingencia_inicio" timestamp with time zone,
	"contingencia_justificativa" text,
	"envio_incerto" boolean DEFAULT false NOT NULL,
	"substituida_por_id" integer,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_fiscais_chave_unique" UNIQUE("chave"),
	CONSTRAINT "notas_fiscais_modelo" CHECK ("notas_fiscais"."modelo" IN (55, 65)),
	CONSTRAINT "notas_fiscais_tp_emis" CHECK ("notas_fiscais"."tp_emis" IN (1, 9)),
	CONSTRAINT "notas_fiscais_situacao" CHECK ("notas_fiscais"."situacao" IN ('Rascunho', 'Autorizada', 'Rejeitada', 'Em contingência', 'Cancelada', 'Denegada', 'Inutilizada'))
);
--> statement-breakpoint
CREATE TABLE "numeracao_fiscal" (
	"modelo" smallint NOT NULL,
	"serie" smallint NOT NULL,
	"proximo" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "numeracao_fiscal_modelo_serie_pk" PRIMARY KEY("modelo","serie"),
	CONSTRAINT "numeracao_fiscal_modelo" CHECK ("numeracao_fiscal"."modelo" IN (55, 65)),
	CONSTRAINT "numeracao_fiscal_proximo" CHECK ("numeracao_fiscal"."proximo" BETWEEN 1 AND 1000000000)
);
--> statement-breakpoint
ALTER TABLE "cadastros" ADD COLUMN "codigo_municipio" integer;--> statement-breakpoint
ALTER TABLE "cadastros" ADD COLUMN "indicador_ie" smallint;--> statement-breakpoint
ALTER TABLE "nota_fiscal_eventos" ADD CONSTRAINT "nota_fiscal_eventos_nota_id_notas_fiscais_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nota_fiscal_eventos" ADD CONSTRAINT "nota_fiscal_eventos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_substituida_por_id_notas_fiscais_id_fk" FOREIGN KEY ("substituida_por_id") REFERENCES "public"."notas_fiscais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nota_fiscal_eventos_nota_id_idx" ON "nota_fiscal_eventos" USING btree ("nota_id","id");--> statement-breakpoint
CREATE INDEX "nota_fiscal_eventos_usuario_id_idx" ON "nota_fiscal_eventos" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_numero_unique" ON "notas_fiscais" USING btree ("modelo","numero","serie","ambiente");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_venda_unique" ON "notas_fiscais" USING btree ("venda_id","modelo") WHERE "notas_fiscais"."substituida_por_id" IS NULL;--> statement-breakpoint
CREATE INDEX "notas_fiscais_venda_id_idx" ON "notas_fiscais" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "notas_fiscais_lista_idx" ON "notas_fiscais" USING btree ("modelo","emitida_em","id");--> statement-breakpoint
CREATE INDEX "notas_fiscais_situacao_idx" ON "notas_fiscais" USING btree ("modelo","situacao");--> statement-breakpoint
CREATE INDEX "notas_fiscais_usuario_id_idx" ON "notas_fiscais" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "notas_fiscais_substituida_idx" ON "notas_fiscais" USING btree ("substituida_por_id");--> statement-breakpoint
CREATE INDEX "notas_fiscais_fila_idx" ON "notas_fiscais" USING btree ("proxima_tentativa") WHERE "notas_fiscais"."situacao" = 'Em contingência' OR "notas_fiscais"."envio_incerto" OR ("notas_fiscais"."substituida_por_id" IS NOT NULL AND "notas_fiscais"."situacao" IN ('Rascunho', 'Autorizada'));--> statement-breakpoint
CREATE INDEX "notas_fiscais_destinatario_documento_idx" ON "notas_fiscais" USING btree ("destinatario_documento");--> statement-breakpoint
CREATE INDEX "notas_fiscais_destinatario_trgm_idx" ON "notas_fiscais" USING gin (normalize_search("destinatario_nome") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_indicador_ie_check" CHECK ("cadastros"."indicador_ie" IS NULL OR "cadastros"."indicador_ie" IN (1, 2, 9));--> statement-breakpoint
-- The audit trail (migration 0006): settings without their secrets, notes without their XML
-- (kept whole in the note itself; the trail only needs what changed in its state).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "configuracao_fiscal"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('fiscal-configuracao', 'id', 'csc_token_cifrado', 'certificado_cifrado', 'certificado_senha_cifrada', 'simulacao_ca_certificado', 'simulacao_ca_chave_cifrada', 'sefaz_online', 'sefaz_c_stat', 'sefaz_x_motivo', 'sefaz_consultado_em', 'fila_travada_ate', 'fila_executada_em', 'fila_resultado');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "numeracao_fiscal"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('fiscal-numeracao', 'modelo,serie');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "notas_fiscais"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('notas-fiscais', 'id', 'xml', 'xml_autorizado', 'qrcode_url', 'tentativas', 'proxima_tentativa');
