import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  FonteEtiqueta,
  PadraoEtiqueta,
  PosicaoCodigoBarras,
  SimNao,
  TamanhoFonteValor,
  TamanhoPagina,
} from '@prumo/shared/etiquetas';
import { millimetres, timestamps } from '../../db/columns';

/** Millimetres with two decimals. */
const simNao = () => varchar({ length: 3 }).$type<SimNao>().notNull();

/**
 * Label templates (spec part 2, section 3.4). Column names are the payload's (camel case in
 * TypeScript, snake case in the database and the answers). Option values are the reconciled set
 * of @prumo/shared/etiquetas.
 */
export const etiquetas = pgTable(
  'etiquetas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: varchar({ length: 120 }).notNull(),
    padrao: varchar({ length: 20 }).$type<PadraoEtiqueta>().notNull(),
    margemSuperior: millimetres().notNull(),
    margemLateral: millimetres().notNull(),
    densidadeVertical: millimetres().notNull(),
    densidadeHorizontal: millimetres().notNull(),
    alturaEtiqueta: millimetres().notNull(),
    larguraEtiqueta: millimetres().notNull(),
    fonteEtiqueta: varchar({ length: 20 }).$type<FonteEtiqueta>().notNull(),
    tamanhoFonte: smallint().notNull(),
    limiteCaracteres: smallint().notNull(),
    colunasPagina: smallint().notNull(),
    linhasPagina: smallint().notNull(),
    tamanhoPagina: varchar({ length: 10 }).$type<TamanhoPagina>().notNull(),
    descricaoTopo: boolean().notNull(),
    exibirCodigoInterno: simNao(),
    exibirCodigoBarras: simNao(),
    exibirNumeroCodigoBarras: simNao(),
    exibirValorProduto: simNao(),
    tamanhoFonteValor: varchar({ length: 10 }).$type<TamanhoFonteValor>().notNull(),
    posicaoCodigoBarras: varchar({ length: 10 }).$type<PosicaoCodigoBarras>().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('etiquetas_nome_unique').on(sql`normalize_search(${table.nome})`),
    check('etiquetas_colunas_check', sql`${table.colunasPagina} >= 1`),
    check('etiquetas_linhas_check', sql`${table.linhasPagina} >= 0`),
    check('etiquetas_tamanho_fonte_check', sql`${table.tamanhoFonte} BETWEEN 6 AND 16`),
    check(
      'etiquetas_tamanho_pagina_check',
      sql`${table.tamanhoPagina} IN ('a4', 'a3', 'carta', 'legal')`,
    ),
  ],
);
