import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ProdutoEspecifico } from '@prumo/shared/produtos';
import { money, percent, quantity, timestamps } from '../../db/columns';
import { importacaoId } from '../importacao/importacao.table';
import { arquivos } from '../arquivos/arquivos.table';
import { categorias } from '../categorias/categorias.table';

/** The product catalogue: every field of the add form (spec part 2, section 3.1). */
export const produtos = pgTable(
  'produtos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Identity
    nome: varchar({ length: 200 }).notNull(),
    codigoInterno: varchar({ length: 50 }),
    codigoBarras: varchar({ length: 50 }),
    categoriaId: integer()
      .notNull()
      .default(1)
      .references(() => categorias.id, { onDelete: 'restrict' }),
    // Flags
    movimentaEstoque: boolean().notNull().default(true),
    habilitarNotaFiscal: boolean().notNull().default(true),
    possuiVariacoes: boolean().notNull().default(false),
    possuiComposicao: boolean().notNull().default(false),
    ativo: boolean().notNull().default(true),
    vendidoSeparadamente: boolean().notNull().default(true),
    comercializavelPdv: boolean().notNull().default(true),
    // Units
    unidadeMedida: varchar({ length: 10 }).notNull().default('UN'),
    entradaUnidade: varchar({ length: 10 }).notNull().default('UN'),
    entradaQuantidade: quantity().notNull().default(1),
    saidaUnidade: varchar({ length: 10 }).notNull().default('UN'),
    saidaQuantidade: quantity().notNull().default(1),
    // Measures (kg, m)
    peso: quantity().notNull().default(0),
    largura: quantity().notNull().default(0),
    altura: quantity().notNull().default(0),
    comprimento: quantity().notNull().default(0),
    comissao: percent(7).notNull().default(0),
    descricao: text(),
    // Values: custo_final and valor_venda_sugerido are computed by the shared rule on every save
    custo: money().notNull().default(0),
    despesasAcessorias: money().notNull().default(0),
    outrasDespesas: money().notNull().default(0),
    custoFinal: money().notNull().default(0),
    lucroSugerido: percent(7).notNull().default(50),
    lucroUtilizado: percent(7).notNull().default(0),
    valorVendaSugerido: money().notNull().default(0),
    /** The sale value used (valorVendaUtilizado). */
    preco: money().notNull().default(1),
    // Stock
    estoque: quantity().notNull().default(0),
    estoqueMinimo: quantity().notNull().default(0),
    estoqueMaximo: quantity().notNull().default(0),
    // Fiscal
    codBeneficio: varchar({ length: 10 }),
    ncm: varchar({ length: 10 }),
    cest: varchar({ length: 9 }),
    origem: smallint().notNull().default(0),
    pesoLiquido: quantity().notNull().default(0),
    pesoBruto: quantity().notNull().default(0),
    numeroFci: varchar({ length: 36 }),
    // Search: accent- and case-free copies kept by the database (normalize_search is immutable),
    // so that searching and sorting 20,000 products needs no function call per row.
    nomeBusca: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`normalize_search(${produtos.nome})`),
    codigosBusca: text()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`normalize_search(coalesce(${produtos.codigoBarras}, '') || ' ' || coalesce(${produtos.codigoInterno}, ''))`,
      ),
    produtoEspecifico: varchar({ length: 20 })
      .$type<ProdutoEspecifico>()
      .notNull()
      .default('nao_usar'),
    /** The spreadsheet import that created it (set by the database; null otherwise). */
    importacaoId: importacaoId(),
    ...timestamps,
  },
  (table) => [
    index('produtos_importacao_id_idx').on(table.importacaoId),
    check('produtos_estoque_nao_negativo', sql`${table.estoque} >= 0`),
    check('produtos_preco_positivo', sql`${table.preco} > 0`),
    check('produtos_origem_check', sql`${table.origem} IN (0, 1, 2)`),
    uniqueIndex('produtos_codigo_interno_unique').on(sql`lower(${table.codigoInterno})`),
    uniqueIndex('produtos_codigo_barras_unique').on(table.codigoBarras),
    index('produtos_categoria_id_idx').on(table.categoriaId),
    // The list's default order (GET /api/produtos sorts by nome_busca, nome, id): a page is read
    // in index order and the scan stops after it.
    index('produtos_nome_busca_idx').on(table.nomeBusca, table.nome, table.id),
    // fastupdate off: every insert goes straight into the trigram index. With the default
    // pending list, PGlite (which has no autovacuum) keeps new products unindexed until 4 MB pile
    // up, searches read that list row by row and the planner prefers a full scan.
    index('produtos_nome_busca_trgm_idx')
      .using('gin', sql`${table.nomeBusca} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('produtos_codigos_busca_trgm_idx')
      .using('gin', sql`${table.codigosBusca} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** Photos of a product, stored as arquivos; the first (by ordem, id) is the one lists show. */
export const produtoFotos = pgTable(
  'produto_fotos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id, { onDelete: 'cascade' }),
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id, { onDelete: 'cascade' }),
    ordem: integer().notNull().default(0),
  },
  (table) => [
    index('produto_fotos_produto_id_idx').on(table.produtoId, table.ordem, table.id),
    uniqueIndex('produto_fotos_arquivo_id_unique').on(table.arquivoId),
  ],
);
