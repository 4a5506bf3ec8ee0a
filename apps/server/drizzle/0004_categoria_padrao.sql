-- 'Categoria Padrão' is the default product group (spec part 2, section 9): id 1 in every
-- database, demo or not. The identity sequence then continues after it.
INSERT INTO "categorias" ("id", "nome", "descricao") OVERRIDING SYSTEM VALUE
VALUES (1, 'Categoria Padrão', 'Grupo usado quando nenhum outro é escolhido')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"categorias"', 'id'), (SELECT max("id") FROM "categorias"));
