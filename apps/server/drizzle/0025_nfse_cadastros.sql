CREATE TABLE "numeracao_dps" (
	"ambiente" varchar(12) NOT NULL,
	"serie" integer NOT NULL,
	"proximo" integer DEFAULT 1 NOT NULL,
	"maior_usado" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "numeracao_dps_ambiente_serie_pk" PRIMARY KEY("ambiente","serie"),
	CONSTRAINT "numeracao_dps_ambiente" CHECK ("numeracao_dps"."ambiente" IN ('simulacao', 'homologacao', 'producao')),
	CONSTRAINT "numeracao_dps_serie" CHECK ("numeracao_dps"."serie" BETWEEN 1 AND 99999),
	CONSTRAINT "numeracao_dps_proximo" CHECK ("numeracao_dps"."proximo" BETWEEN 1 AND 1000000000 AND "numeracao_dps"."maior_usado" BETWEEN 0 AND "numeracao_dps"."proximo" - 1)
);
--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "inscricao_municipal" varchar(15);--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_op_simples_nacional" smallint;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_regime_apuracao_sn" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_regime_especial" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_emissor_nacional" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_ativa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD COLUMN "nfse_serie" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "codigo_tributacao_nacional" varchar(6);--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "codigo_nbs" varchar(9);--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "aliquota_iss" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "local_incidencia_iss" varchar(15) DEFAULT 'estabelecimento' NOT NULL;--> statement-breakpoint
ALTER TABLE "servicos" ADD COLUMN "iss_retido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracao_fiscal" ADD CONSTRAINT "configuracao_fiscal_nfse" CHECK (coalesce("configuracao_fiscal"."nfse_op_simples_nacional", 1) BETWEEN 1 AND 3
        AND "configuracao_fiscal"."nfse_regime_apuracao_sn" BETWEEN 1 AND 3
        AND "configuracao_fiscal"."nfse_regime_especial" BETWEEN 0 AND 6
        AND "configuracao_fiscal"."nfse_serie" BETWEEN 1 AND 99999
        AND NOT ("configuracao_fiscal"."nfse_ativa" AND NOT "configuracao_fiscal"."nfse_emissor_nacional"));--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_codigo_tributacao_nacional_check" CHECK ("servicos"."codigo_tributacao_nacional" ~ '^[0-9]{6}$');--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_codigo_nbs_check" CHECK ("servicos"."codigo_nbs" ~ '^[0-9]{9}$');--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_aliquota_iss_check" CHECK ("servicos"."aliquota_iss" BETWEEN 0 AND 5);--> statement-breakpoint
ALTER TABLE "servicos" ADD CONSTRAINT "servicos_local_incidencia_iss_check" CHECK ("servicos"."local_incidencia_iss" IN ('estabelecimento', 'tomador'));--> statement-breakpoint
-- The audit trail (migration 0006) of the DPS numbering, like numeracao_fiscal's.
CREATE TRIGGER "auditoria" AFTER INSERT OR UPDATE OR DELETE ON "numeracao_dps"
  FOR EACH ROW EXECUTE FUNCTION "auditar"('fiscal-numeracao-dps', 'ambiente,serie');
