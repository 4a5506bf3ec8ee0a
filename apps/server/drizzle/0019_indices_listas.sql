DROP INDEX "estoque_movimentacoes_produto_data_idx";--> statement-breakpoint
DROP INDEX "estoque_movimentacoes_data_idx";--> statement-breakpoint
DROP INDEX "orcamentos_data_idx";--> statement-breakpoint
DROP INDEX "ordens_servico_data_entrada_idx";--> statement-breakpoint
DROP INDEX "vendas_tipo_data_idx";--> statement-breakpoint
CREATE INDEX "vendas_servico_nome_trgm_idx" ON "vendas" USING gin (normalize_search("servico_nome") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_produto_data_idx" ON "estoque_movimentacoes" USING btree ("produto_id","data","id");--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_data_idx" ON "estoque_movimentacoes" USING btree ("data","id");--> statement-breakpoint
CREATE INDEX "orcamentos_data_idx" ON "orcamentos" USING btree ("data","id");--> statement-breakpoint
CREATE INDEX "ordens_servico_data_entrada_idx" ON "ordens_servico" USING btree ("data_entrada","id");--> statement-breakpoint
CREATE INDEX "vendas_tipo_data_idx" ON "vendas" USING btree ("tipo","data_venda","id");