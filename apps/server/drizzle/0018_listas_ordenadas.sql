DROP INDEX "servicos_categoria_busca_idx";--> statement-breakpoint
CREATE INDEX "cadastros_tipo_email_idx" ON "cadastros" USING btree ("tipo",normalize_search("email"),"email","id");--> statement-breakpoint
CREATE INDEX "estoque_movimentacoes_quantidade_idx" ON "estoque_movimentacoes" USING btree ("quantidade","id");--> statement-breakpoint
CREATE INDEX "titulos_descricao_idx" ON "titulos" USING btree (normalize_search("descricao"),"descricao","id");--> statement-breakpoint
CREATE INDEX "titulos_valor_idx" ON "titulos" USING btree ("valor","id");--> statement-breakpoint
CREATE INDEX "orcamentos_cliente_nome_idx" ON "orcamentos" USING btree (normalize_search("cliente_nome"),"cliente_nome","id");--> statement-breakpoint
CREATE INDEX "orcamentos_valor_total_idx" ON "orcamentos" USING btree ("valor_total","id");--> statement-breakpoint
CREATE INDEX "orcamentos_data_vencimento_idx" ON "orcamentos" USING btree ("data_vencimento","id");--> statement-breakpoint
CREATE INDEX "ordens_servico_prazo_idx" ON "ordens_servico" USING btree ("prazo","id");--> statement-breakpoint
CREATE INDEX "ordens_servico_valor_total_idx" ON "ordens_servico" USING btree ("valor_total","id");--> statement-breakpoint
CREATE INDEX "servicos_preco_idx" ON "servicos" USING btree ("preco","id");--> statement-breakpoint
CREATE INDEX "servicos_duracao_idx" ON "servicos" USING btree ("duracao","id");--> statement-breakpoint
CREATE INDEX "vendas_data_idx" ON "vendas" USING btree ("data_venda","id");--> statement-breakpoint
CREATE INDEX "vendas_cliente_nome_idx" ON "vendas" USING btree (normalize_search("cliente_nome"),"cliente_nome","id");--> statement-breakpoint
CREATE INDEX "vendas_valor_final_idx" ON "vendas" USING btree ("valor_final","id");--> statement-breakpoint
CREATE INDEX "servicos_categoria_busca_idx" ON "servicos" USING btree ("categoria_busca","nome_busca","nome","id");