CREATE TABLE "empresa" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"razao_social" varchar(150) NOT NULL,
	"nome_fantasia" varchar(150),
	"documento" varchar(14),
	"inscricao_estadual" varchar(20),
	"cep" varchar(8),
	"logradouro" varchar(150),
	"numero" varchar(20),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"cidade" varchar(100),
	"uf" varchar(2),
	"telefone" varchar(20),
	"email" varchar(254),
	"pix_tipo" varchar(10),
	"pix_chave" varchar(77),
	"pix_nome" varchar(25),
	"pix_cidade" varchar(15),
	"logo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_unica" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "preferencias" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"notificacoes_email" boolean DEFAULT true NOT NULL,
	"alertas_vencimento" boolean DEFAULT true NOT NULL,
	"relatorios_automaticos" boolean DEFAULT false NOT NULL,
	"inatividade_minutos" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_unica" CHECK (id = 1),
	CONSTRAINT "preferencias_inatividade" CHECK (inatividade_minutos > 0)
);
--> statement-breakpoint
CREATE TABLE "preferencias_usuarios" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"tema" text DEFAULT 'light' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferencias_usuarios_tema" CHECK ("preferencias_usuarios"."tema" IN ('light', 'dark'))
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_logo_id_arquivos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."arquivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferencias_usuarios" ADD CONSTRAINT "preferencias_usuarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "empresa"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('configuracoes-empresa', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "preferencias"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('configuracoes-preferencias', 'id');
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "preferencias_usuarios"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('configuracoes-tema', 'usuario_id');
