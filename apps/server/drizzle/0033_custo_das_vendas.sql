ALTER TABLE "vendas" ADD COLUMN "custo_total" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sales written before: their lines' cost, each to the centavo, as new sales store it.
UPDATE "vendas" SET "custo_total" = c."custo"
  FROM (SELECT "venda_id", sum(round("quantidade" * "custo_unitario", 2)) AS "custo"
    FROM "venda_itens" GROUP BY "venda_id") c
  WHERE c."venda_id" = "vendas"."id";
