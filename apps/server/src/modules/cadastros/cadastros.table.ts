import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type {
  EnderecoTipo,
  Sexo,
  Situacao,
  TipoCadastro,
  TipoCliente,
  TipoFornecedor,
  TipoTransportadora,
} from '@prumo/shared/cadastros';
import { money, percent, timestamps } from '../../db/columns';
import { importacaoId } from '../importacao/importacao.table';
import { arquivos } from '../arquivos/arquivos.table';

/**
 * Customers, suppliers, employees and carriers in one table (spec section 3): `tipo` says which,
 * and each form's fields are columns (null where a tipo has no such field). Documents are stored
 * normalised (CPF 11 digits, CNPJ 14 upper-case characters, CEP 8 digits) so that a unique index
 * finds a duplicate CPF/CNPJ within the same tipo. Later modules (sales, quotes, orders) refer to
 * cadastros(id) with ON DELETE RESTRICT, so a record in use cannot be deleted.
 */
export const cadastros = pgTable(
  'cadastros',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tipo: text().$type<TipoCadastro>().notNull(),
    tipoCliente: text().$type<TipoCliente>(),
    tipoFornecedor: text().$type<TipoFornecedor>(),
    tipoTransportadora: text().$type<TipoTransportadora>(),
    situacao: text().$type<Situacao>().notNull().default('ativo'),
    /** The name shown everywhere; a carrier's nome fantasia. */
    nome: varchar({ length: 255 }).notNull(),
    razaoSocial: varchar({ length: 255 }),
    email: varchar({ length: 254 }),
    telefone: varchar({ length: 20 }),
    celular: varchar({ length: 20 }),
    fax: varchar({ length: 20 }),
    site: varchar({ length: 255 }),
    vendedorResponsavel: varchar({ length: 120 }),
    enderecoTipo: text().$type<EnderecoTipo>(),
    cep: varchar({ length: 8 }),
    logradouro: varchar({ length: 255 }),
    numero: varchar({ length: 20 }),
    complemento: varchar({ length: 120 }),
    bairro: varchar({ length: 120 }),
    cidade: varchar({ length: 120 }),
    uf: varchar({ length: 2 }),
    /** IBGE code of the município (the fiscal note's cMun); cidade and uf follow it. */
    codigoMunicipio: integer(),
    /** indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte. */
    indicadorIe: smallint(),
    limiteCredito: money(),
    permitirUltrapassarLimite: boolean().notNull().default(false),
    observacoes: text(),
    cnpj: varchar({ length: 14 }),
    inscricaoEstadual: varchar({ length: 20 }),
    cpf: varchar({ length: 11 }),
    rg: varchar({ length: 20 }),
    dataNascimento: date({ mode: 'string' }),
    sexo: text().$type<Sexo>(),
    comissao: percent(5),
    fotoArquivoId: integer().references(() => arquivos.id, { onDelete: 'set null' }),
    /** The spreadsheet import that created it (set by the database; null otherwise). */
    importacaoId: importacaoId(),
    ...timestamps,
  },
  (t) => [
    index('cadastros_importacao_id_idx').on(t.importacaoId),
    // The list: WHERE tipo = $1 ORDER BY normalize_search(nome), nome.
    index('cadastros_tipo_nome_idx').on(t.tipo, sql`normalize_search(${t.nome})`, t.nome),
    // The list sorted by e-mail.
    index('cadastros_tipo_email_idx').on(t.tipo, sql`normalize_search(${t.email})`, t.email, t.id),
    index('cadastros_nome_busca_trgm_idx').using(
      'gin',
      sql`normalize_search(${t.nome}) gin_trgm_ops`,
      sql`normalize_search(${t.email}) gin_trgm_ops`,
    ),
    uniqueIndex('cadastros_tipo_cpf_unique').on(t.tipo, t.cpf),
    uniqueIndex('cadastros_tipo_cnpj_unique').on(t.tipo, t.cnpj),
    index('cadastros_foto_arquivo_id_idx').on(t.fotoArquivoId),
    check(
      'cadastros_tipo_check',
      sql`${t.tipo} IN ('cliente', 'fornecedor', 'funcionario', 'transportadora')`,
    ),
    check(
      'cadastros_situacao_check',
      sql`${t.situacao} IN ('ativo', 'inativo') OR (${t.tipo} = 'funcionario' AND ${t.situacao} IN ('ferias', 'licenca'))`,
    ),
    check(
      'cadastros_tipo_cliente_check',
      sql`${t.tipoCliente} IS NULL OR (${t.tipo} = 'cliente' AND ${t.tipoCliente} IN ('pessoa-fisica', 'pessoa-juridica', 'estrangeiro'))`,
    ),
    check(
      'cadastros_tipo_fornecedor_check',
      sql`${t.tipoFornecedor} IS NULL OR (${t.tipo} = 'fornecedor' AND ${t.tipoFornecedor} IN ('pessoa-fisica', 'pessoa-juridica', 'mei'))`,
    ),
    check(
      'cadastros_tipo_transportadora_check',
      sql`${t.tipoTransportadora} IS NULL OR (${t.tipo} = 'transportadora' AND ${t.tipoTransportadora} IN ('transportadora', 'correios', 'entrega_propria'))`,
    ),
    check(
      'cadastros_endereco_tipo_check',
      sql`${t.enderecoTipo} IS NULL OR ${t.enderecoTipo} IN ('residencial', 'comercial', 'entrega', 'cobranca')`,
    ),
    check(
      'cadastros_sexo_check',
      sql`${t.sexo} IS NULL OR ${t.sexo} IN ('masculino', 'feminino', 'outro')`,
    ),
    check(
      'cadastros_indicador_ie_check',
      sql`${t.indicadorIe} IS NULL OR ${t.indicadorIe} IN (1, 2, 9)`,
    ),
    check(
      'cadastros_comissao_check',
      sql`${t.comissao} IS NULL OR ${t.comissao} BETWEEN 0 AND 100`,
    ),
    check(
      'cadastros_limite_credito_check',
      sql`${t.limiteCredito} IS NULL OR ${t.limiteCredito} >= 0`,
    ),
  ],
);

/** The Contatos section: people to talk to at a customer, supplier, carrier or employee. */
export const cadastroContatos = pgTable(
  'cadastro_contatos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cadastroId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'cascade' }),
    ordem: smallint().notNull(),
    nome: varchar({ length: 120 }).notNull(),
    email: varchar({ length: 254 }),
    telefone: varchar({ length: 20 }),
    cargo: varchar({ length: 80 }),
  },
  (t) => [index('cadastro_contatos_cadastro_id_idx').on(t.cadastroId, t.ordem)],
);

/** Attachments of a record (files in `arquivos`). */
export const cadastroAnexos = pgTable(
  'cadastro_anexos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cadastroId: integer()
      .notNull()
      .references(() => cadastros.id, { onDelete: 'cascade' }),
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('cadastro_anexos_cadastro_id_idx').on(t.cadastroId),
    uniqueIndex('cadastro_anexos_arquivo_id_unique').on(t.arquivoId),
  ],
);
