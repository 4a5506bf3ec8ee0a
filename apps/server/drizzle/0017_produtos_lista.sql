DROP INDEX "produtos_nome_busca_trgm_idx";--> statement-breakpoint
DROP INDEX "produtos_codigos_busca_trgm_idx";--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_idx" ON "produtos" USING btree ("nome_busca","nome","id");--> statement-breakpoint
CREATE INDEX "produtos_nome_busca_trgm_idx" ON "produtos" USING gin ("nome_busca" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "produtos_codigos_busca_trgm_idx" ON "produtos" USING gin ("codigos_busca" gin_trgm_ops) WITH (fastupdate=false);