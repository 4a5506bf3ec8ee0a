CREATE TABLE "cadastro_anexos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cadastro_anexos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cadastro_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cadastro_contatos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cadastro_contatos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cadastro_id" integer NOT NULL,
	"ordem" smallint NOT NULL,
	"nome" varchar(120) NOT NULL,
	"email" varchar(254),
	"telefone" varchar(20),
	"cargo" varchar(80)
);
--> statement-breakpoint
CREATE TABLE "cadastros" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cadastros_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"tipo_cliente" text,
	"tipo_fornecedor" text,
	"tipo_transportadora" text,
	"situacao" text DEFAULT 'ativo' NOT NULL,
	"nome" varchar(255) NOT NULL,
	"razao_social" varchar(255),
	"email" varchar(254),
	"telefone" varchar(20),
	"celular" varchar(20),
	"fax" varchar(20),
	"site" varchar(255),
	"vendedor_responsavel" varchar(120),
	"endereco_tipo" text,
	"cep" varchar(8),
	"logradouro" varchar(255),
	"numero" varchar(20),
	"complemento" varchar(120),
	"bairro" varchar(120),
	"cidade" varchar(120),
	"uf" varchar(2),
	"limite_credito" numeric(14, 2),
	"permitir_ultrapassar_limite" boolean DEFAULT false NOT NULL,
	"observacoes" text,
	"cnpj" varchar(14),
	"inscricao_estadual" varchar(20),
	"cpf" varchar(11),
	"rg" varchar(20),
	"data_nascimento" date,
	"sexo" text,
	"comissao" numeric(5, 2),
	"foto_arquivo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cadastros_tipo_check" CHECK ("cadastros"."tipo" IN ('cliente', 'fornecedor', 'funcionario', 'transportadora')),
	CONSTRAINT "cadastros_situacao_check" CHECK ("cadastros"."situacao" IN ('ativo', 'inativo') OR ("cadastros"."tipo" = 'funcionario' AND "cadastros"."situacao" IN ('ferias', 'licenca'))),
	CONSTRAINT "cadastros_tipo_cliente_check" CHECK ("cadastros"."tipo_cliente" IS NULL OR ("cadastros"."tipo" = 'cliente' AND "cadastros"."tipo_cliente" IN ('pessoa-fisica', 'pessoa-juridica', 'estrangeiro'))),
	CONSTRAINT "cadastros_tipo_fornecedor_check" CHECK ("cadastros"."tipo_fornecedor" IS NULL OR ("cadastros"."tipo" = 'fornecedor' AND "cadastros"."tipo_fornecedor" IN ('pessoa-fisica', 'pessoa-juridica', 'mei'))),
	CONSTRAINT "cadastros_tipo_transportadora_check" CHECK ("cadastros"."tipo_transportadora" IS NULL OR ("cadastros"."tipo" = 'transportadora' AND "cadastros"."tipo_transportadora" IN ('transportadora', 'correios', 'entrega_propria'))),
	CONSTRAINT "cadastros_endereco_tipo_check" CHECK ("cadastros"."endereco_tipo" IS NULL OR "cadastros"."endereco_tipo" IN ('residencial', 'comercial', 'entrega', 'cobranca')),
	CONSTRAINT "cadastros_sexo_check" CHECK ("cadastros"."sexo" IS NULL OR "cadastros"."sexo" IN ('masculino', 'feminino', 'outro')),
	CONSTRAINT "cadastros_comissao_check" CHECK ("cadastros"."comissao" IS NULL OR "cadastros"."comissao" BETWEEN 0 AND 100),
	CONSTRAINT "cadastros_limite_credito_check" CHECK ("cadastros"."limite_credito" IS NULL OR "cadastros"."limite_credito" >= 0)
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" varchar(120) NOT NULL,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"nome_busca" text GENERATED ALWAYS AS (normalize_search("produtos"."nome")) STORED NOT NULL,
	"codigos_busca" text GENERATED ALWAYS AS (normalize_search(coalesce("produtos"."codigo_barras", '') || ' ' || coalesce("produtos"."codigo_interno", ''))) STORED NOT NULL,
	"produto_especifico" varchar(20) DEFAULT 'nao_usar' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_estoque_nao_negativo" CHECK ("produtos"."estoque" >= 0),
	CONSTRAINT "produtos_preco_positivo" CHECK ("produtos"."preco" > 0),
	CONSTRAINT "produtos_origem_check" CHECK ("produtos"."origem" IN (0, 1, 2))
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
ALTER TABLE "cadastro_anexos" ADD CONSTRAINT "cadastro_anexos_cadastro_id_cadastros_id_fk" FOREIGN KEY ("cadastro_id") REFERENCES "public"."cadastros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastro_anexos" ADD CONSTRAINT "cadastro_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastro_contatos" ADD CONSTRAINT "cadastro_contatos_cadastro_id_cadastros_id_fk" FOREIGN KEY ("cadastro_id") REFERENCES "public"."cadastros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_foto_arquivo_id_arquivos_id_fk" FOREIGN KEY ("foto_arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentacoes" ADD CONSTRAINT "estoque_movimentacoes_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_fotos" ADD CONSTRAINT "produto_fotos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_fotos" ADD CONSTRAINT "produto_fotos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_precos" ADD CONSTRAINT "produto_precos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_precos" ADD CONSTRAINT "produto_precos_tabela_preco_id_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco_id") REFERENCES "public"."tabelas_precos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_custos" ADD CONSTRAINT "tabela_preco_custos_tabela_preco_id_tabelas_precos_id_fk" FOREIGN KEY ("tabela_preco_id") REFERENCES "public"."tabelas_precos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_preco_custos" ADD CONSTRAINT "tabela_preco_custos_custo_adicional_id_custos_adicionais_id_fk" FOREIGN KEY ("custo_adicional_id") REFERENCES "public"."custos_adicionais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastro_anexos_cadastro_id_idx" ON "cadastro_anexos" USING btree ("cadastro_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastro_anexos_arquivo_id_unique" ON "cadastro_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "cadastro_contatos_cadastro_id_idx" ON "cadastro_contatos" USING btree ("cadastro_id","ordem");--> statement-breakpoint
CREATE INDEX "cadastros_tipo_nome_idx" ON "cadastros" USING btree ("tipo",normalize_search("nome"),"nome");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastros_tipo_cpf_unique" ON "cadastros" USING btree ("tipo","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastros_tipo_cnpj_unique" ON "cadastros" USING btree ("tipo","cnpj");--> statement-breakpoint
CREATE INDEX "cadastros_foto_arquivo_id_idx" ON "cadastros" USING btree ("foto_arquivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nome_unique" ON "categorias" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "custos_adicionais_nome_unique" ON "custos_adicionais" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_produto_data_idx" ON "estoque_movimentacoes" USING btree ("produto_id","data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_data_idx" ON "estoque_movimentacoes" USING btree ("data" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_usuario_id_idx" ON "estoque_movimentacoes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_updated_by_idx" ON "estoque_movimentacoes" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "etiquetas_nome_unique" ON "etiquetas" USING btree (normalize_search("nome"));--> statement-breakpoint
CREATE INDEX "produto_fotos_produto_id_idx" ON "produto_fotos" USING btree ("produto_id","ordem","id");--> statement-breakpoint
CREATE UNIQUE INDEX "produto_fotos_arquivo_id_unique" ON "produto_fotos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_codigo_interno_unique" ON "produtos" USING btree (lower("codigo_interno"));--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_codigo_barras_unique" ON "produtos" USING btree ("codigo_barras");--> statement-breakpoint
CREATE INDEX "produtos_categoria_id_idx" ON "produtos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_trgm_idx" ON "produtos" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_codigos_busca_trgm_idx" ON "produtos" USING gin ("codigos_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produto_precos_tabela_idx" ON "produto_precos" USING btree ("tabela_preco_id");--> statement-breakpoint
CREATE INDEX "tabela_preco_custos_custo_idx" ON "tabela_preco_custos" USING btree ("custo_adicional_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tabelas_precos_nome_unique" ON "tabelas_precos" USING btree (normalize_search("nome"));