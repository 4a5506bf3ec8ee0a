CREATE TABLE "estoque_movimentacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "estoque_movimentacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"produto_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"data" date NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"observacoes" text,
	"usuario_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "estoque_movimentacoes_tipo_check" CHECK ("estoque_movimentacoes"."tipo" IN ('entrada', 'saida')),
	CONSTRAINT "estoque_movimentacoes_quantidade_positiva" CHECK ("estoque_movimentacoes"."quantidade" > 0)
);
--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_produto_data_idx" ON "estoque_movimentacoes" USING btree ("produto_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_data_idx" ON "estoque_movimentacoes" USING btree ("data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_usuario_id_idx" ON "estoque_movimentacoes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_updated_by_idx" ON "estoque_movimentacoes" USING btree ("updated_by");