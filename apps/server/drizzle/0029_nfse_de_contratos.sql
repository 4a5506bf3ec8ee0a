ALTER TABLE "nfses" DROP CONSTRAINT "nfses_origem";--> statement-breakpoint
ALTER TABLE "nfses" ADD COLUMN "contrato_fatura_id" integer;--> statement-breakpoint
ALTER TABLE "nfses" ADD CONSTRAINT "nfses_contrato_fatura_id_contrato_faturas_id_fk" FOREIGN KEY ("contrato_fatura_id") REFERENCES "public"."contrato_faturas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nfses_contrato_fatura_codigo_unique" ON "nfses" USING btree ("contrato_fatura_id","codigo_tributacao_nacional") WHERE "nfses"."situacao" <> 'Cancelada' AND "nfses"."contrato_fatura_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "nfses_contrato_fatura_id_idx" ON "nfses" USING btree ("contrato_fatura_id");--> statement-breakpoint
ALTER TABLE "nfses" ADD CONSTRAINT "nfses_origem" CHECK (num_nonnulls("nfses"."ordem_servico_id", "nfses"."venda_id", "nfses"."contrato_fatura_id") = 1);