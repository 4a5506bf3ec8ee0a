CREATE TABLE "ordem_servico_anexos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordem_servico_anexos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ordem_servico_id" integer NOT NULL,
	"arquivo_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ordem_servico_anexos" ADD CONSTRAINT "ordem_servico_anexos_ordem_servico_id_ordens_servico_id_fk" FOREIGN KEY ("ordem_servico_id") REFERENCES "public"."ordens_servico"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordem_servico_anexos" ADD CONSTRAINT "ordem_servico_anexos_arquivo_id_arquivos_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordem_servico_anexos_ordem_idx" ON "ordem_servico_anexos" USING btree ("ordem_servico_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordem_servico_anexos_arquivo_id_unique" ON "ordem_servico_anexos" USING btree ("arquivo_id");--> statement-breakpoint
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "ordem_servico_anexos"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('ordens-servico-anexos', 'id');
