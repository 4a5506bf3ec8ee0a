CREATE TABLE "categorias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto_fotos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "produto_fotos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"produto_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "produtos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(200) NOT NULL,
	"codigo_interno" varchar(50),
	"codigo_barras" varchar(50),
	"categoria_id" integer DEFAULT 1 NOT NULL,
	"movimenta_estoque" boolean DEFAULT true NOT NULL,
	"habilitar_nota_fiscal" boolean DEFAULT true NOT NULL,
	"possui_variacoes" boolean DEFAULT false NOT NULL,
	"possui_composicao" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"vendido_separadamente" boolean DEFAULT true NOT NULL,
	"comercializavel_pdv" boolean DEFAULT true NOT NULL,
	"unidade_medida" varchar(10) DEFAULT 'UN' NOT NULL,
	"entrada_unidade" varchar(10) DEFAULT 'UN' NOT NULL,
	"entrada_quantidade" numeric(14, 3) DEFAULT 1 NOT NULL,
	"saida_unidade" varchar(10) DEFAULT 'UN' NOT NULL,
	"saida_quantidade" numeric(14, 3) DEFAULT 1 NOT NULL,
	"peso" numeric(14, 3) DEFAULT 0 NOT NULL,
	"largura" numeric(14, 3) DEFAULT 0 NOT NULL,
	"altura" numeric(14, 3) DEFAULT 0 NOT NULL,
	"comprimento" numeric(14, 3) DEFAULT 0 NOT NULL,
	"comissao" numeric(7, 2) DEFAULT 0 NOT NULL,
	"descricao" text,
	"custo" numeric(14, 2) DEFAULT 0 NOT NULL,
	"despesas_acessorias" numeric(14, 2) DEFAULT 0 NOT NULL,
	"outras_despesas" numeric(14, 2) DEFAULT 0 NOT NULL,
	"custo_final" numeric(14, 2) DEFAULT 0 NOT NULL,
	"lucro_sugerido" numeric(7, 2) DEFAULT 50 NOT NULL,
	"lucro_utilizado" numeric(7, 2) DEFAULT 0 NOT NULL,
	"valor_venda_sugerido" numeric(14, 2) DEFAULT 0 NOT NULL,
	"preco" numeric(14, 2) DEFAULT 1 NOT NULL,
	"estoque" numeric(14, 3) DEFAULT 0 NOT NULL,
	"estoque_minimo" numeric(14, 3) DEFAULT 0 NOT NULL,
	"estoque_maximo" numeric(14, 3) DEFAULT 0 NOT NULL,
	"cod_beneficio" varchar(10),
	"ncm" varchar(10),
	"cest" varchar(9),
	"origem" smallint DEFAULT 0 NOT NULL,
	"peso_liquido" numeric(14, 3) DEFAULT 0 NOT NULL,
	"peso_bruto" numeric(14, 3) DEFAULT 0 NOT NULL,
	"numero_fci" varchar(36),
	"produto_especifico" varchar(20) DEFAULT 'nao_usar' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_estoque_nao_negativo" CHECK ("produtos"."estoque" >= 0),
	CONSTRAINT "produtos_preco_positivo" CHECK ("produtos"."preco" > 0),
	CONSTRAINT "produtos_origem_check" CHECK ("produtos"."origem" IN (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "produto_fotos" ADD CONSTRAINT "produto_fotos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_fotos" ADD CONSTRAINT "produto_fotos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nome_unique" ON "categorias" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "produto_fotos_produto_id_idx" ON "produto_fotos" USING btree ("produto_id","ordem","id");--> statement-breakpoint
CREATE UNIQUE INDEX "produto_fotos_arquivo_id_unique" ON "produto_fotos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_codigo_interno_unique" ON "produtos" USING btree (lower("codigo_interno"));--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_codigo_barras_unique" ON "produtos" USING btree ("codigo_barras");--> statement-breakpoint
CREATE INDEX "produtos_categoria_id_idx" ON "produtos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "produtos_nome_trgm_idx" ON "produtos" USING gin (normalize_search("nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_codigo_barras_trgm_idx" ON "produtos" USING gin (normalize_search("codigo_barras") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_codigo_interno_trgm_idx" ON "produtos" USING gin (normalize_search("codigo_interno") gin_trgm_ops);