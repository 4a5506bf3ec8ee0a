CREATE TABLE "custos_adicionais" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custos_adicionais_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"descricao" text,
	"tipo" varchar(20) DEFAULT 'percentual' NOT NULL,
	"valor_percentual" numeric(7, 2),
	"valor_fixo" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custos_adicionais_valor_check" CHECK (("custos_adicionais"."tipo" = 'percentual' AND "custos_adicionais"."valor_percentual" > 0 AND "custos_adicionais"."valor_fixo" IS NULL)
        OR ("custos_adicionais"."tipo" = 'fixo' AND "custos_adicionais"."valor_fixo" > 0 AND "custos_adicionais"."valor_percentual" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "etiquetas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "etiquetas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"padrao" varchar(20) NOT NULL,
	"margem_superior" numeric(7, 2) NOT NULL,
	"margem_lateral" numeric(7, 2) NOT NULL,
	"densidade_vertical" numeric(7, 2) NOT NULL,
	"densidade_horizontal" numeric(7, 2) NOT NULL,
	"altura_etiqueta" numeric(7, 2) NOT NULL,
	"largura_etiqueta" numeric(7, 2) NOT NULL,
	"fonte_etiqueta" varchar(20) NOT NULL,
	"tamanho_fonte" smallint NOT NULL,
	"limite_caracteres" smallint NOT NULL,
	"colunas_pagina" smallint NOT NULL,
	"linhas_pagina" smallint NOT NULL,
	"tamanho_pagina" varchar(10) NOT NULL,
	"descricao_topo" boolean NOT NULL,
	"exibir_codigo_interno" varchar(3) NOT NULL,
	"exibir_codigo_barras" varchar(3) NOT NULL,
	"exibir_numero_codigo_barras" varchar(3) NOT NULL,
	"exibir_valor_produto" varchar(3) NOT NULL,
	"tamanho_fonte_valor" varchar(10) NOT NULL,
	"posicao_codigo_barras" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "etiquetas_colunas_check" CHECK ("etiquetas"."colunas_pagina" >= 1),
	CONSTRAINT "etiquetas_linhas_check" CHECK ("etiquetas"."linhas_pagina" >= 0),
	CONSTRAINT "etiquetas_tamanho_fonte_check" CHECK ("etiquetas"."tamanho_fonte" BETWEEN 6 AND 16),
	CONSTRAINT "etiquetas_tamanho_pagina_check" CHECK ("etiquetas"."tamanho_pagina" IN ('a4', 'a3', 'carta', 'legal'))
);
--> statement-breakpoint
CREATE TABLE "produto_precos" (
	"produto_id" integer NOT NULL,
	"tabela_preco_id" integer NOT NULL,
	"margem" numeric(7, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produto_precos_produto_id_tabela_preco_id_pk" PRIMARY KEY("produto_id","tabela_preco_id"),
	CONSTRAINT "produto_precos_margem_check" CHECK ("produto_precos"."margem" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tabela_preco_custos" (
	"tabela_preco_id" integer NOT NULL,
	"custo_adicional_id" integer NOT NULL,
	CONSTRAINT "tabela_preco_custos_tabela_preco_id_custo_adicional_id_pk" PRIMARY KEY("tabela_preco_id","custo_adicional_id")
);
--> statement-breakpoint
CREATE TABLE "tabelas_precos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tabelas_precos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"descricao" text,
	"tipo" varchar(20) DEFAULT 'varejo' NOT NULL,
	"margem_padrao" numeric(7, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tabelas_precos_tipo_check" CHECK ("tabelas_precos"."tipo" IN ('varejo', 'atacado', 'promocional', 'especial')),
	CONSTRAINT "tabelas_precos_margem_check" CHECK ("tabelas_precos"."margem_padrao" >= 0)
);
--> statement-breakpoint
ALTER TABLE "produto_precos" ADD CONSTRAINT "produto_precos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_precos" ADD CONSTRAINT "produto_precos_tabela_preco_id_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco_id") REFERENCES "public"."tabelas_precos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_custos" ADD CONSTRAINT "tabela_preco_custos_tabela_preco_id_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco_id") REFERENCES "public"."tabelas_precos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_custos" ADD CONSTRAINT "tabela_preco_custos_custo_adicional_id_custos_adicionais_id_fk" FOREIGN KEY ("custo_adicional_id") REFERENCES "public"."custos_adicionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custos_adicionais_nome_unique" ON "custos_adicionais" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "etiquetas_nome_unique" ON "etiquetas" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "produto_precos_tabela_idx" ON "produto_precos" USING btree ("tabela_preco_id");--> statement-breakpoint
CREATE INDEX "tabela_preco_custos_custo_idx" ON "tabela_preco_custos" USING btree ("custo_adicional_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tabelas_precos_nome_unique" ON "tabelas_precos" USING btree (normalize_search("nome"));