CREATE TABLE "auditoria" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120),
	"acao" varchar(20) NOT NULL,
	"recurso" varchar(60) NOT NULL,
	"registro_id" varchar(60) NOT NULL,
	"antes" jsonb,
	"depois" jsonb
);
--> statement-breakpoint
CREATE TABLE "login_limites" (
	"chave" varchar(300) PRIMARY KEY NOT NULL,
	"tentativas" integer NOT NULL,
	"janela_fim_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"usuario_id" integer NOT NULL,
	"chave" varchar(255) NOT NULL,
	"requisicao" text NOT NULL,
	"corpo_hash" varchar(64) NOT NULL,
	"status" integer,
	"resposta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_usuario_id_chave_pk" PRIMARY KEY("usuario_id","chave")
);
--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_recurso_registro_idx" ON "auditoria" USING btree ("recurso","registro_id","id");--> statement-breakpoint
CREATE INDEX "auditoria_created_at_idx" ON "auditoria" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_id_idx" ON "auditoria" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "idempotencia_created_at_idx" ON "idempotencia" USING btree ("created_at");--> statement-breakpoint
-- The audit trail is append-only: rows are never changed nor removed, not even by the app.
CREATE FUNCTION "auditoria_somente_insercao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A trilha de auditoria não pode ser alterada nem excluída.'
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "auditoria_somente_insercao"
  BEFORE UPDATE OR DELETE ON "auditoria"
  FOR EACH ROW EXECUTE FUNCTION "auditoria_somente_insercao"();
