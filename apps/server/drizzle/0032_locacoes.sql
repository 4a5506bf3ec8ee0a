CREATE SEQUENCE "public"."locacoes_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "itens_locaveis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "itens_locaveis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"produto_id" integer NOT NULL,
	"preco_diaria" numeric(14, 2) NOT NULL,
	"preco_semanal" numeric(14, 2),
	"preco_mensal" numeric(14, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "itens_locaveis_produto_id_unique" UNIQUE("produto_id"),
	CONSTRAINT "itens_locaveis_precos_check" CHECK ("itens_locaveis"."preco_diaria" > 0 AND ("itens_locaveis"."preco_semanal" IS NULL OR "itens_locaveis"."preco_semanal" > 0) AND ("itens_locaveis"."preco_mensal" IS NULL OR "itens_locaveis"."preco_mensal" > 0))
);
--> statement-breakpoint
CREATE TABLE "locacao_historico" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacao_historico_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locacao_id" integer NOT NULL,
	"situacao" varchar(12) NOT NULL,
	"usuario_id" integer,
	"observacao" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locacao_itens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacao_itens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locacao_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"item_id" integer NOT NULL,
	"nome" varchar(200) NOT NULL,
	"quantidade" smallint NOT NULL,
	"preco_diaria" numeric(14, 2) NOT NULL,
	"preco_semanal" numeric(14, 2),
	"preco_mensal" numeric(14, 2),
	"meses" smallint NOT NULL,
	"semanas" smallint NOT NULL,
	"dias" smallint NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	CONSTRAINT "locacao_itens_quantidade_check" CHECK ("locacao_itens"."quantidade" > 0)
);
--> statement-breakpoint
CREATE TABLE "locacao_movimentacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacao_movimentacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locacao_id" integer NOT NULL,
	"movimentacao_id" integer NOT NULL,
	CONSTRAINT "locacao_movimentacoes_movimentacao_id_unique" UNIQUE("movimentacao_id")
);
--> statement-breakpoint
CREATE TABLE "locacao_reservas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacao_reservas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locacao_id" integer NOT NULL,
	"locacao_item_id" integer NOT NULL,
	"unidade_id" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"ativa" boolean DEFAULT true NOT NULL,
	CONSTRAINT "locacao_reservas_periodo_check" CHECK ("locacao_reservas"."fim" >= "locacao_reservas"."inicio")
);
--> statement-breakpoint
CREATE TABLE "locacao_titulos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacao_titulos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locacao_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"titulo_id" integer NOT NULL,
	CONSTRAINT "locacao_titulos_titulo_id_unique" UNIQUE("titulo_id"),
	CONSTRAINT "locacao_titulos_tipo_unique" UNIQUE("locacao_id","tipo"),
	CONSTRAINT "locacao_titulos_tipo_check" CHECK ("locacao_titulos"."tipo" IN ('locacao', 'caucao', 'atraso', 'danos', 'devolucao_caucao'))
);
--> statement-breakpoint
CREATE TABLE "locacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"numero" integer DEFAULT nextval('locacoes_numero_seq') NOT NULL,
	"cliente_id" integer NOT NULL,
	"situacao" varchar(12) DEFAULT 'Reservada' NOT NULL,
	"retirada" date NOT NULL,
	"devolucao_prevista" date NOT NULL,
	"forma_pagamento" varchar(20) NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"caucao" numeric(14, 2) DEFAULT 0 NOT NULL,
	"observacoes" text,
	"retirada_em" date,
	"devolvida_em" date,
	"dias_atraso" smallint,
	"multa_atraso" numeric(14, 2),
	"danos" numeric(14, 2),
	"caucao_devolvida" numeric(14, 2),
	"motivo_cancelamento" varchar(500),
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locacoes_numero_unique" UNIQUE("numero"),
	CONSTRAINT "locacoes_periodo_check" CHECK ("locacoes"."devolucao_prevista" > "locacoes"."retirada"),
	CONSTRAINT "locacoes_situacao_check" CHECK ("locacoes"."situacao" IN ('Reservada', 'Retirada', 'Devolvida', 'Cancelada')),
	CONSTRAINT "locacoes_valores_check" CHECK ("locacoes"."valor" >= 0 AND "locacoes"."caucao" >= 0)
);
--> statement-breakpoint
CREATE TABLE "unidades_locaveis" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "unidades_locaveis_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"numero" smallint NOT NULL,
	"identificacao" varchar(60),
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "unidades_locaveis_numero_unique" UNIQUE("item_id","numero"),
	CONSTRAINT "unidades_locaveis_numero_check" CHECK ("unidades_locaveis"."numero" > 0)
);
--> statement-breakpoint
ALTER TABLE "itens_locaveis" ADD CONSTRAINT "itens_locaveis_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_historico" ADD CONSTRAINT "locacao_historico_locacao_id_locacoes_id_fk" FOREIGN KEY ("locacao_id") REFERENCES "public"."locacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_historico" ADD CONSTRAINT "locacao_historico_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_itens" ADD CONSTRAINT "locacao_itens_locacao_id_locacoes_id_fk" FOREIGN KEY ("locacao_id") REFERENCES "public"."locacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_itens" ADD CONSTRAINT "locacao_itens_item_id_itens_locaveis_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."itens_locaveis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_movimentacoes" ADD CONSTRAINT "locacao_movimentacoes_locacao_id_locacoes_id_fk" FOREIGN KEY ("locacao_id") REFERENCES "public"."locacoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_movimentacoes" ADD CONSTRAINT "locacao_movimentacoes_movimentacao_id_estoque_movimentacoes_id_fk" FOREIGN KEY ("movimentacao_id") REFERENCES "public"."estoque_movimentacoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_reservas" ADD CONSTRAINT "locacao_reservas_locacao_id_locacoes_id_fk" FOREIGN KEY ("locacao_id") REFERENCES "public"."locacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_reservas" ADD CONSTRAINT "locacao_reservas_locacao_item_id_locacao_itens_id_fk" FOREIGN KEY ("locacao_item_id") REFERENCES "public"."locacao_itens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_reservas" ADD CONSTRAINT "locacao_reservas_unidade_id_unidades_locaveis_id_fk" FOREIGN KEY ("unidade_id") REFERENCES "public"."unidades_locaveis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_titulos" ADD CONSTRAINT "locacao_titulos_locacao_id_locacoes_id_fk" FOREIGN KEY ("locacao_id") REFERENCES "public"."locacoes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacao_titulos" ADD CONSTRAINT "locacao_titulos_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacoes" ADD CONSTRAINT "locacoes_cliente_id_cadastros_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locacoes" ADD CONSTRAINT "locacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_locaveis" ADD CONSTRAINT "unidades_locaveis_item_id_itens_locaveis_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."itens_locaveis"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locacao_historico_locacao_idx" ON "locacao_historico" USING btree ("locacao_id","id");--> statement-breakpoint
CREATE INDEX "locacao_historico_usuario_id_idx" ON "locacao_historico" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "locacao_itens_locacao_idx" ON "locacao_itens" USING btree ("locacao_id","ordem");--> statement-breakpoint
CREATE INDEX "locacao_itens_item_id_idx" ON "locacao_itens" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "locacao_movimentacoes_locacao_id_idx" ON "locacao_movimentacoes" USING btree ("locacao_id");--> statement-breakpoint
CREATE INDEX "locacao_reservas_locacao_id_idx" ON "locacao_reservas" USING btree ("locacao_id");--> statement-breakpoint
CREATE INDEX "locacao_reservas_locacao_item_id_idx" ON "locacao_reservas" USING btree ("locacao_item_id");--> statement-breakpoint
CREATE INDEX "locacao_reservas_unidade_idx" ON "locacao_reservas" USING btree ("unidade_id","inicio");--> statement-breakpoint
CREATE INDEX "locacoes_cliente_id_idx" ON "locacoes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "locacoes_situacao_idx" ON "locacoes" USING btree ("situacao","devolucao_prevista");--> statement-breakpoint
CREATE INDEX "locacoes_usuario_id_idx" ON "locacoes" USING btree ("usuario_id");--> statement-breakpoint
-- No unit is booked twice on a day: live bookings' [inicio, fim) ranges never overlap (a
-- cancelled rental's are not live; an early return shortens its own). int4range(id, id, '[]')
-- makes the unit a range too, so the core GiST range operators suffice (no btree_gist).
ALTER TABLE "locacao_reservas" ADD CONSTRAINT "locacao_reservas_sem_sobreposicao" EXCLUDE USING gist (
  int4range("unidade_id", "unidade_id", '[]') WITH &&,
  daterange("inicio", "fim") WITH &&
) WHERE ("ativa");
--> statement-breakpoint
-- The audit trail (migration 0006) of the rentable items, their units, the rentals, their
-- lines, bookings, bills and stock movements.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "itens_locaveis"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('itens-locaveis', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "unidades_locaveis"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('unidades-locaveis', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "locacoes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('locacoes', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "locacao_itens"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('locacoes-itens', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "locacao_reservas"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('locacoes-reservas', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "locacao_titulos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('locacoes-titulos', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "locacao_movimentacoes"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('locacoes-movimentacoes', 'id');
