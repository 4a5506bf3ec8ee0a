// Every table of every module, for the typed query API (db.query.*) and for drizzle-kit.
export * from '../modules/arquivos/arquivos.table';
export * from '../modules/auth/auth.table';
export * from '../modules/cadastros/cadastros.table';
export * from '../modules/categorias/categorias.table';
export * from '../modules/custos-adicionais/custos-adicionais.table';
export * from '../modules/estoque/estoque.table';
export * from '../modules/etiquetas/etiquetas.table';
export * from '../modules/produtos/produtos.table';
export * from '../modules/tabelas-precos/tabelas-precos.table';
export * from '../modules/usuarios/usuarios.table';
export * from '../modules/auditoria/auditoria.table';
export * from '../modules/idempotencia/idempotencia.table';
