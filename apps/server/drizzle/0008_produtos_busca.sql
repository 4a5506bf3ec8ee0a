DROP INDEX "produtos_nome_trgm_idx";--> statement-breakpoint
DROP INDEX "produtos_codigo_barras_trgm_idx";--> statement-breakpoint
DROP INDEX "produtos_codigo_interno_trgm_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (normalize_search("produtos"."nome")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "codigos_busca" text GENERATED ALWAYS AS (normalize_search(coalesce("produtos"."codigo_barras", '') || ' ' || coalesce("produtos"."codigo_interno", ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_trgm_idx" ON "produtos" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "produtos_codigos_busca_trgm_idx" ON "produtos" USING gin ("codigos_busca" gin_trgm_ops);