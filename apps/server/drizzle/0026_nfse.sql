CREATE TABLE "nfse_eventos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nfse_eventos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nfse_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"descricao" text NOT NULL,
	"codigo" varchar(10),
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nfses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ambiente" varchar(12) NOT NULL,
	"situacao" varchar(12) DEFAULT 'Rascunho' NOT NULL,
	"serie" integer NOT NULL,
	"numero_dps" integer NOT NULL,
	"id_dps" varchar(45) NOT NULL,
	"chave" varchar(50),
	"numero_nfse" integer,
	"ordem_servico_id" integer,
	"venda_id" integer,
	"codigo_tributacao_nacional" varchar(6) NOT NULL,
	"descricao" text NOT NULL,
	"tomador_nome" varchar(200),
	"tomador_documento" varchar(14),
	"competencia" date NOT NULL,
	"valor_servicos" numeric(14, 2) NOT NULL,
	"valor_desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_iss" numeric(14, 2) DEFAULT 0 NOT NULL,
	"iss_retido" boolean DEFAULT false NOT NULL,
	"valor_liquido" numeric(14, 2) NOT NULL,
	"emitida_em" timestamp with time zone NOT NULL,
	"autorizada_em" timestamp with time zone,
	"xml_dps" text,
	"xml_nfse" text,
	"codigo_erro" varchar(10),
	"mensagem_erro" text,
	"pendencias" text[] DEFAULT '{}'::text[] NOT NULL,
	"envio_incerto" boolean DEFAULT false NOT NULL,
	"cancelamento_motivo" smallint,
	"cancelamento_justificativa" text,
	"cancelada_em" timestamp with time zone,
	"xml_cancelamento" text,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfses_id_dps_unique" UNIQUE("id_dps"),
	CONSTRAINT "nfses_chave_unique" UNIQUE("chave"),
	CONSTRAINT "nfses_situacao" CHECK ("nfses"."situacao" IN ('Rascunho', 'Autorizada', 'Rejeitada', 'Cancelada')),
	CONSTRAINT "nfses_origem" CHECK (("nfses"."ordem_servico_id" IS NULL) <> ("nfses"."venda_id" IS NULL)),
	CONSTRAINT "nfses_valores" CHECK ("nfses"."valor_servicos" > 0 AND "nfses"."valor_liquido" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nfse_eventos" ADD CONSTRAINT "nfse_eventos_nfse_id_nfses_id_fk" FOREIGN KEY ("nfse_id") REFERENCES "public"."nfses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_eventos" ADD CONSTRAINT "nfse_eventos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfses" ADD CONSTRAINT "nfses_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfses" ADD CONSTRAINT "nfses_venda_id_vendas_id_fk" FOREIGN KEY ("venda_id") REFERENCES "public"."vendas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfses" ADD CONSTRAINT "nfses_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nfse_eventos_nfse_id_idx" ON "nfse_eventos" USING btree ("nfse_id","id");--> statement-breakpoint
CREATE INDEX "nfse_eventos_usuario_id_idx" ON "nfse_eventos" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfses_numero_unique" ON "nfses" USING btree ("ambiente","serie","numero_dps");--> statement-breakpoint
CREATE UNIQUE INDEX "nfses_ordem_codigo_unique" ON "nfses" USING btree ("ordem_servico_id","codigo_tributacao_nacional") WHERE "nfses"."situacao" <> 'Cancelada' AND "nfses"."ordem_servico_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "nfses_venda_codigo_unique" ON "nfses" USING btree ("venda_id","codigo_tributacao_nacional") WHERE "nfses"."situacao" <> 'Cancelada' AND "nfses"."venda_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "nfses_ordem_servico_id_idx" ON "nfses" USING btree ("ordem_servico_id");--> statement-breakpoint
CREATE INDEX "nfses_venda_id_idx" ON "nfses" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "nfses_lista_idx" ON "nfses" USING btree ("emitida_em","id");--> statement-breakpoint
CREATE INDEX "nfses_situacao_idx" ON "nfses" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "nfses_usuario_id_idx" ON "nfses" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "nfses_tomador_documento_idx" ON "nfses" USING btree ("tomador_documento");--> statement-breakpoint
CREATE INDEX "nfses_tomador_trgm_idx" ON "nfses" USING gin (normalize_search("tomador_nome") gin_trgm_ops);--> statement-breakpoint
-- The audit trail (migration 0006) of the NFS-e (without their XML) and their timeline.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "nfses"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('nfse', 'id', 'xml_dps', 'xml_nfse', 'xml_cancelamento');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "nfse_eventos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('nfse-eventos', 'id');
