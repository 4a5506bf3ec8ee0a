CREATE TABLE "desafios_login" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_recuperacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codigos_recuperacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"codigo_hash" varchar(64) NOT NULL,
	"usado_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "backup_automatico" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "backup_hora" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "preferencias" ADD COLUMN "dois_fatores_obrigatorio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "senha_alterada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_segredo" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "dois_fatores_ativado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "totp_ultimo_passo" bigint;--> statement-breakpoint
ALTER TABLE "desafios_login" ADD CONSTRAINT "desafios_login_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_recuperacao" ADD CONSTRAINT "codigos_recuperacao_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desafios_login_usuario_id_idx" ON "desafios_login" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "desafios_login_expires_at_idx" ON "desafios_login" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_recuperacao_codigo_unique" ON "codigos_recuperacao" USING btree ("usuario_id","codigo_hash");--> statement-breakpoint
ALTER TABLE "preferencias" ADD CONSTRAINT "preferencias_backup_hora" CHECK (backup_hora BETWEEN 0 AND 23);--> statement-breakpoint
-- The TOTP secret and its last accepted step never reach the audit trail (the step changes at
-- every sign-in); the password's change date and the second factor's activation do.
DROP TRIGGER "auditoria" ON "usuarios";
--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "usuarios"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('usuarios', 'id', 'senha_hash', 'totp_segredo', 'totp_ultimo_passo');
