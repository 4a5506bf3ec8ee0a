ALTER TABLE "titulos" ADD COLUMN "documento_tipo" varchar(12);--> statement-breakpoint
ALTER TABLE "titulos" ADD COLUMN "documento_id" integer;--> statement-breakpoint
CREATE INDEX "titulos_documento_idx" ON "titulos" USING btree ("documento_tipo","documento_id");--> statement-breakpoint
ALTER TABLE "titulos" ADD CONSTRAINT "titulos_documento_check" CHECK (("titulos"."documento_tipo" IS NULL) = ("titulos"."documento_id" IS NULL) AND "titulos"."documento_tipo" IN ('contrato', 'locacao', 'assinatura'));--> statement-breakpoint
-- The contracts' bills and cancellation fees written before this migration name their contract.
UPDATE "titulos" SET "documento_tipo" = 'contrato', "documento_id" = f."contrato_id"
  FROM "contrato_faturas" f WHERE f."titulo_id" = "titulos"."id";
--> statement-breakpoint
UPDATE "titulos" SET "documento_tipo" = 'contrato', "documento_id" = c."id"
  FROM "contratos" c WHERE c."multa_titulo_id" = "titulos"."id";
