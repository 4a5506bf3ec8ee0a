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
ALTER TABLE "cadastro_anexos" ADD CONSTRAINT "cadastro_anexos_cadastro_id_cadastros_id_fk" FOREIGN KEY ("cadastro_id") REFERENCES "public"."cadastros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastro_anexos" ADD CONSTRAINT "cadastro_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastro_contatos" ADD CONSTRAINT "cadastro_contatos_cadastro_id_cadastros_id_fk" FOREIGN KEY ("cadastro_id") REFERENCES "public"."cadastros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros" ADD CONSTRAINT "cadastros_foto_arquivo_id_arquivos_id_fk" FOREIGN KEY ("foto_arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastro_anexos_cadastro_id_idx" ON "cadastro_anexos" USING btree ("cadastro_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastro_anexos_arquivo_id_unique" ON "cadastro_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE INDEX "cadastro_contatos_cadastro_id_idx" ON "cadastro_contatos" USING btree ("cadastro_id","ordem");--> statement-breakpoint
CREATE INDEX "cadastros_tipo_nome_idx" ON "cadastros" USING btree ("tipo",normalize_search("nome"),"nome");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastros_tipo_cpf_unique" ON "cadastros" USING btree ("tipo","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "cadastros_tipo_cnpj_unique" ON "cadastros" USING btree ("tipo","cnpj");--> statement-breakpoint
CREATE INDEX "cadastros_foto_arquivo_id_idx" ON "cadastros" USING btree ("foto_arquivo_id");