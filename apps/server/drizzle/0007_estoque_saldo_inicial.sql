-- The stock ledger explains every product's stock: products that already held stock before the
-- ledger existed get one entrada "Estoque inicial" for it (recorded by the system, dated today in
-- the default company time zone). A fresh database has no products here and gets no rows.
INSERT INTO "estoque_movimentacoes" ("produto_id", "tipo", "quantidade", "data", "motivo")
SELECT "id", 'entrada', "estoque", (now() AT TIME ZONE 'America/Sao_Paulo')::date, 'Estoque inicial'
FROM "produtos"
WHERE "estoque" > 0;
