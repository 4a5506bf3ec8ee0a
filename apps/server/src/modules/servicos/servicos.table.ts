import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { LocalIncidenciaIss } from '@prumo/shared/servicos';
import { money, percent, timestamps } from '../../db/columns';
import { importacaoId } from '../importacao/importacao.table';
import { cadastros } from '../cadastros/cadastros.table';

/**
 * The service catalogue (spec part 2, sections 2.9 and 3.7): every field of the add/edit form,
 * its Fiscal and Fornecedores tabs included. `preco` is the form's valorVenda; `duracao` is in
 * minutes. Service orders and sales refer to servicos(id) with ON DELETE RESTRICT, so a service
 * in use cannot be deleted (it can be deactivated).
 */
export const servicos = pgTable(
  'servicos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 200 }).notNull(),
    codigoInterno: varchar({ length: 50 }),
    categoria: varchar({ length: 120 }).notNull().default('Geral'),
    /** The sale value (the form's valorVenda). */
    preco: money().notNull().default(0),
    valorCusto: money().notNull().default(0),
    /** Percent of the sale value. */
    comissao: percent(5).notNull().default(0),
    /** Minutes. */
    duracao: integer().notNull().default(60),
    descricao: text(),
    ativo: boolean().notNull().default(true),
    // Fiscal
    ncm: varchar({ length: 8 }),
    cfop: varchar({ length: 4 }),
    aliquotaIcms: percent(5),
    aliquotaIpi: percent(5),
    // NFS-e: cTribNac of the national list (6 digits), NBS (9), the ISS rate (0 to 5 %), where
    // the ISS is due and whether the customer withholds it.
    codigoTributacaoNacional: varchar({ length: 6 }),
    codigoNbs: varchar({ length: 9 }),
    aliquotaIss: percent(5),
    localIncidenciaIss: varchar({ length: 15 })
      .$type<LocalIncidenciaIss>()
      .notNull()
      .default('estabelecimento'),
    issRetido: boolean().notNull().default(false),
    // Fornecedores: the main supplier is a registry record of tipo fornecedor
    fornecedorId: integer().references(() => cadastros.id, { onDelete: 'restrict' }),
    codigoFornecedor: varchar({ length: 60 }),
    // Search: accent- and case-free copies kept by the database (normalize_search is immutable).
    nomeBusca: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`normalize_search(${servicos.nome})`),
    categoriaBusca: text()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`normalize_search(${servicos.categoria})`),
    /** The spreadsheet import that created it (set by the database; null otherwise). */
    importacaoId: importacaoId(),
    ...timestamps,
  },
  (table) => [
    index('servicos_importacao_id_idx').on(table.importacaoId),
    check('servicos_preco_nao_negativo', sql`${table.preco} >= 0`),
    check('servicos_valor_custo_nao_negativo', sql`${table.valorCusto} >= 0`),
    check('servicos_comissao_check', sql`${table.comissao} BETWEEN 0 AND 100`),
    check('servicos_duracao_positiva', sql`${table.duracao} > 0`),
    check(
      'servicos_aliquotas_check',
      sql`coalesce(${table.aliquotaIcms}, 0) BETWEEN 0 AND 100 AND coalesce(${table.aliquotaIpi}, 0) BETWEEN 0 AND 100`,
    ),
    check(
      'servicos_codigo_tributacao_nacional_check',
      sql`${table.codigoTributacaoNacional} ~ '^[0-9]{6}$'`,
    ),
    check('servicos_codigo_nbs_check', sql`${table.codigoNbs} ~ '^[0-9]{9}$'`),
    check('servicos_aliquota_iss_check', sql`${table.aliquotaIss} BETWEEN 0 AND 5`),
    check(
      'servicos_local_incidencia_iss_check',
      sql`${table.localIncidenciaIss} IN ('estabelecimento', 'tomador')`,
    ),
    uniqueIndex('servicos_codigo_interno_unique').on(sql`lower(${table.codigoInterno})`),
    // The list: ORDER BY nome_busca, nome, id; the categoria filter and sort; sort by preco, duracao.
    index('servicos_nome_busca_idx').on(table.nomeBusca, table.nome, table.id),
    index('servicos_categoria_busca_idx').on(
      table.categoriaBusca,
      table.nomeBusca,
      table.nome,
      table.id,
    ),
    index('servicos_preco_idx').on(table.preco, table.id),
    index('servicos_duracao_idx').on(table.duracao, table.id),
    index('servicos_fornecedor_id_idx').on(table.fornecedorId),
    index('servicos_nome_busca_trgm_idx').using('gin', sql`${table.nomeBusca} gin_trgm_ops`),
    index('servicos_categoria_busca_trgm_idx').using(
      'gin',
      sql`${table.categoriaBusca} gin_trgm_ops`,
    ),
  ],
);
