CREATE SEQUENCE "public"."ordens_servico_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ordem_servico_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordem_servico_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ordem_servico_id" integer NOT NULL,
	"situacao" varchar(30) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordem_servico_produtos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordem_servico_produtos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ordem" smallint NOT NULL,
	"nome" varchar(200) NOT NULL,
	"detalhes" varchar(500),
	"quantidade" numeric(14, 3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"custo_unitario" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ordem_servico_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"unidade_medida" varchar(10) NOT NULL,
	CONSTRAINT "ordem_servico_produtos_quantidade_check" CHECK ("ordem_servico_produtos"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "ordem_servico_servicos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordem_servico_servicos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ordem" smallint NOT NULL,
	"nome" varchar(200) NOT NULL,
	"detalhes" varchar(500),
	"quantidade" numeric(14, 3) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"custo_unitario" numeric(14, 2) DEFAULT 0 NOT NULL,
	"ordem_servico_id" integer NOT NULL,
	"servico_id" integer NOT NULL,
	CONSTRAINT "ordem_servico_servicos_quantidade_check" CHECK ("ordem_servico_servicos"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "ordens_servico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordens_servico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('ordens_servico_numero_seq') NOT NULL,
	"cliente_id" integer NOT NULL,
	"situacao" varchar(30) DEFAULT 'em-aberto' NOT NULL,
	"data_entrada" timestamp with time zone DEFAULT now() NOT NULL,
	"data_saida" timestamp with time zone,
	"prazo" date,
	"canal_venda" varchar(20) DEFAULT 'presencial' NOT NULL,
	"centro_custo" varchar(100),
	"prioridade" varchar(20) DEFAULT 'media' NOT NULL,
	"vendedor_id" integer,
	"tecnico_id" integer,
	"equipamento" varchar(200),
	"marca" varchar(100),
	"modelo" varchar(100),
	"numero_serie" varchar(100),
	"condicoes" text,
	"defeitos" text,
	"acessorios" text,
	"solucao" text,
	"laudo" text,
	"termos" text,
	"cep" varchar(10),
	"logradouro" varchar(200),
	"numero_endereco" varchar(20),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"cidade" varchar(100),
	"uf" varchar(2),
	"mao_de_obra" numeric(14, 2) DEFAULT 0 NOT NULL,
	"pecas" numeric(14, 2) DEFAULT 0 NOT NULL,
	"frete" numeric(14, 2) DEFAULT 0 NOT NULL,
	"outros" numeric(14, 2) DEFAULT 0 NOT NULL,
	"desconto" numeric(14, 2) DEFAULT 0 NOT NULL,
	"valor_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"exibir_total" boolean DEFAULT true NOT NULL,
	"observacoes" text,
	"observacoes_internas" text,
	"aprovado_por" varchar(200),
	"aprovado_em" timestamp with time zone,
	"concluida_em" timestamp with time zone,
	"entregue_a" varchar(200),
	"entregue_em" timestamp with time zone,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordens_servico_numero_unique" UNIQUE("numero"),
	CONSTRAINT "ordens_servico_situacao_check" CHECK ("ordens_servico"."situacao" IN ('em-aberto', 'aguardando-aprovacao', 'em-andamento', 'aguardando-pecas', 'concluida', 'entregue', 'cancelada')),
	CONSTRAINT "ordens_servico_prioridade_check" CHECK ("ordens_servico"."prioridade" IN ('muito-urgente', 'urgente', 'alta', 'media', 'baixa')),
	CONSTRAINT "ordens_servico_valores_check" CHECK ("ordens_servico"."valor_total" >= 0 AND "ordens_servico"."frete" >= 0 AND "ordens_servico"."outros" >= 0 AND "ordens_servico"."desconto" >= 0)
);
--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD COLUMN "ordem_servico_id" integer;--> statement-breakpoint
ALTER TABLE "ordem_servico_historico" ADD CONSTRAINT "ordem_servico_historico_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_historico" ADD CONSTRAINT "ordem_servico_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_produtos" ADD CONSTRAINT "ordem_servico_produtos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_produtos" ADD CONSTRAINT "ordem_servico_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_servicos" ADD CONSTRAINT "ordem_servico_servicos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_servicos" ADD CONSTRAINT "ordem_servico_servicos_servico_id_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_vendedor_id_cadastros_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_tecnico_id_cadastros_id_fk" FOREIGN KEY ("tecnico_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordens_servico" ADD CONSTRAINT "ordens_servico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordem_servico_historico_ordem_idx" ON "ordem_servico_historico" USING btree ("ordem_servico_id","id");--> statement-breakpoint
CREATE INDEX "ordem_servico_historico_usuario_id_idx" ON "ordem_servico_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "ordem_servico_produtos_ordem_idx" ON "ordem_servico_produtos" USING btree ("ordem_servico_id","ordem");--> statement-breakpoint
CREATE INDEX "ordem_servico_produtos_produto_id_idx" ON "ordem_servico_produtos" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "ordem_servico_servicos_ordem_idx" ON "ordem_servico_servicos" USING btree ("ordem_servico_id","ordem");--> statement-breakpoint
CREATE INDEX "ordem_servico_servicos_servico_id_idx" ON "ordem_servico_servicos" USING btree ("servico_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_situacao_prazo_idx" ON "ordens_servico" USING btree ("situacao","prazo");--> statement-breakpoint
CREATE INDEX "ordens_servico_prioridade_idx" ON "ordens_servico" USING btree ("prioridade");--> statement-breakpoint
CREATE INDEX "ordens_servico_data_entrada_idx" ON "ordens_servico" USING btree ("data_entrada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordens_servico_cliente_id_idx" ON "ordens_servico" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_vendedor_id_idx" ON "ordens_servico" USING btree ("vendedor_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_tecnico_id_idx" ON "ordens_servico" USING btree ("tecnico_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_usuario_id_idx" ON "ordens_servico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "ordens_servico_equipamento_trgm_idx" ON "ordens_servico" USING gin (normalize_search("equipamento") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_ordem_servico_id_idx" ON "estoque_movimentacoes" USING btree ("ordem_servico_id");--> statement-breakpoint
-- The audit trail of the service orders (see 0006).
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "ordens_servico"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('ordens-servico', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "ordem_servico_produtos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('ordens-servico-produtos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "ordem_servico_servicos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('ordens-servico-servicos', 'id');
