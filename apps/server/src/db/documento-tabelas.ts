import { asc, eq, sql, type Subquery } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type SelectedFields,
} from 'drizzle-orm/pg-core';
import { money, quantity } from './columns';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from './database';

/*
 * The child tables every document has (a quote, a service order; the fiscal notes and contracts
 * to come): its lines of products and services, its history and its attachments. The shared
 * columns, checks and indexes are declared here once; each module's *.table.ts names its tables
 * and brings the keys to its own and the catalogue's tables (db/ imports no module).
 */

type Colunas = Record<string, PgColumnBuilderBase>;

/** A key to the row this one belongs to (its document, its file): deleted with it. */
export const ownerKey = (owner: () => AnyPgColumn) =>
  integer().notNull().references(owner, { onDelete: 'cascade' });

/** An index's name part for a column key: produtoId → produto_id. */
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The column `key` of a table built here (the callers' keys are checked by their types). */
const column = (table: object, key: string) =>
  (table as Record<string, AnyPgColumn>)[key] as AnyPgColumn;

/** A document's delivery address (a quote's, a service order's). */
export const enderecoDeEntrega = () => ({
  cep: varchar({ length: 10 }),
  logradouro: varchar({ length: 200 }),
  numeroEndereco: varchar({ length: 20 }),
  complemento: varchar({ length: 100 }),
  bairro: varchar({ length: 100 }),
  cidade: varchar({ length: 100 }),
  uf: varchar({ length: 2 }),
});

type CampoDoEndereco =
  'cep' | 'logradouro' | 'numero_endereco' | 'complemento' | 'bairro' | 'cidade' | 'uf';

/** The delivery address of the API (input or answer) as enderecoDeEntrega's columns. */
export const colunasDoEndereco = (endereco: Record<CampoDoEndereco, string | null>) => ({
  cep: endereco.cep,
  logradouro: endereco.logradouro,
  numeroEndereco: endereco.numero_endereco,
  complemento: endereco.complemento,
  bairro: endereco.bairro,
  cidade: endereco.cidade,
  uf: endereco.uf,
});

/** What every line of products or services saves: its place, name and prices at that moment. */
const colunasDaLinha = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  ordem: smallint().notNull(),
  /** The catalogue's name when saved, or the text typed for a line outside it. */
  nome: varchar({ length: 200 }).notNull(),
  detalhes: varchar({ length: 500 }),
  quantidade: quantity().notNull(),
  valor: money().notNull(),
  desconto: money().notNull().default(0),
  subtotal: money().notNull(),
});

/**
 * A table of a document's lines of products or services: the shared columns and `colunas` (the
 * document's key, the catalogue item's key, what the document adds); a positive quantity, an
 * index on the document's lines in order and one on the item.
 */
export function tabelaDeLinhas<N extends string, C extends Colunas>(
  nome: N,
  colunas: C,
  chaves: { documento: keyof C & string; item: keyof C & string },
) {
  return pgTable(nome, { ...colunasDaLinha(), ...colunas }, (table) => [
    check(`${nome}_quantidade_check`, sql`${table.quantidade} > 0`),
    index(`${nome}_ordem_idx`).on(column(table, chaves.documento), table.ordem),
    index(`${nome}_${snake(chaves.item)}_idx`).on(column(table, chaves.item)),
  ]);
}

/**
 * A child table of a document (its history, its attachments): an identity id and `colunas`;
 * an index `${nome}_${indice}_idx` on the document's key (`ordenado`: with the id, for reading
 * in order), and `outro`, the index on the other key (the author, the file).
 */
function tabelaFilha<N extends string, C extends Colunas>(
  nome: N,
  colunas: C,
  chaves: { documento: keyof C & string; indice: string; ordenado: boolean },
  outro: (coluna: (key: string) => AnyPgColumn) => PgTableExtraConfigValue,
) {
  return pgTable(
    nome,
    { id: integer().primaryKey().generatedAlwaysAsIdentity(), ...colunas },
    (table) => {
      const daTabela = (key: string) => column(table, key);
      const documento = daTabela(chaves.documento);
      return [
        chaves.ordenado
          ? index(`${nome}_${chaves.indice}_idx`).on(documento, table.id)
          : index(`${nome}_${chaves.indice}_idx`).on(documento),
        outro(daTabela),
      ];
    },
  );
}

/**
 * A document's history: `colunas` (its key, the status column, the author's key to usuarios),
 * a note and the moment; read in order per document.
 */
export function tabelaDeHistorico<N extends string, C extends Colunas>(
  nome: N,
  colunas: C & { usuarioId: PgColumnBuilderBase },
  chaves: { documento: keyof C & string; indice: string },
) {
  const comNota = {
    ...colunas,
    observacao: varchar({ length: 500 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  };
  return tabelaFilha(nome, comNota, { ...chaves, ordenado: true }, (coluna) =>
    index(`${nome}_usuario_id_idx`).on(coluna('usuarioId')),
  );
}

/** A document's attachments: `colunas` (its key and arquivoId), each file attached once. */
export function tabelaDeAnexos<N extends string, C extends Colunas>(
  nome: N,
  colunas: C & { arquivoId: PgColumnBuilderBase },
  chaves: { documento: keyof C & string; indice: string },
) {
  return tabelaFilha(nome, colunas, { ...chaves, ordenado: false }, (coluna) =>
    uniqueIndex(`${nome}_arquivo_id_unique`).on(coluna('arquivoId')),
  );
}

/** A subquery of the users' names (the usuarios module's nomesDeUsuarios). */
type Autores = Subquery & { id: AnyPgColumn; nome: AnyPgColumn };

/** The shared columns of a line, as read (its place only orders them). */
type LinhaLida = Omit<
  ReturnType<typeof tabelaDeLinhas<'linha', Record<never, never>>>['$inferSelect'],
  'ordem'
>;

/** A table tabelaDeLinhas built: the shared columns, whatever else it has. */
type TabelaDeLinhas = PgTable & { [K in keyof ReturnType<typeof colunasDaLinha>]: AnyPgColumn };

/**
 * A document's lines of one table as the API answers them, in their order: the shared columns
 * and `extra` (the item's id, the unit...). `documento` is the table's key to its document.
 */
export function lerLinhas<E extends SelectedFields>(
  db: Executor,
  tabela: TabelaDeLinhas,
  documento: AnyPgColumn,
  id: number,
  extra: E,
): Promise<Array<LinhaLida & SelectResultFields<E>>> {
  return db
    .select({
      id: tabela.id,
      nome: tabela.nome,
      detalhes: tabela.detalhes,
      quantidade: tabela.quantidade,
      valor: tabela.valor,
      desconto: tabela.desconto,
      subtotal: tabela.subtotal,
      ...extra,
    })
    .from(tabela as PgTable)
    .where(eq(documento, id))
    .orderBy(asc(tabela.ordem)) as Promise<Array<LinhaLida & SelectResultFields<E>>>;
}

/**
 * All the child tables of a document in one call: `${prefixo}_produtos` and `_servicos` (lines,
 * their item keys produtoId and servicoId), `_historico` (its status column in `historico`) and
 * `_anexos`, each keyed to the document by `documento.chave`. `indice` names the document in the
 * history's and attachments' index names, as the migrations created them.
 */
export function tabelasDoDocumento<
  P extends string,
  D extends string,
  CP extends Colunas & { produtoId: PgColumnBuilderBase; unidadeMedida: PgColumnBuilderBase },
  CS extends Colunas & { servicoId: PgColumnBuilderBase },
  CH extends Colunas,
>(
  prefixo: P,
  documento: { chave: D; id: () => AnyPgColumn; indice: string },
  colunas: {
    /** The history's author (usuarios.id) and the attachments' file (arquivos.id). */
    referencias: { usuario: () => AnyPgColumn; arquivo: () => AnyPgColumn };
    produtos: CP;
    servicos: CS;
    /** The history's status column, its only key. */
    historico: CH;
  },
) {
  const { chave, indice } = documento;
  const doDocumento = () =>
    ({ [chave]: ownerKey(documento.id) }) as Record<D, ReturnType<typeof ownerKey>>;
  const produtos = tabelaDeLinhas(
    `${prefixo}_produtos` as `${P}_produtos`,
    { ...doDocumento(), ...colunas.produtos },
    { documento: chave, item: 'produtoId' },
  );
  const servicos = tabelaDeLinhas(
    `${prefixo}_servicos` as `${P}_servicos`,
    { ...doDocumento(), ...colunas.servicos },
    { documento: chave, item: 'servicoId' },
  );
  const historico = tabelaDeHistorico(
    `${prefixo}_historico` as `${P}_historico`,
    {
      ...doDocumento(),
      ...colunas.historico,
      usuarioId: integer().references(colunas.referencias.usuario, { onDelete: 'no action' }),
    },
    { documento: chave, indice },
  );
  const anexos = tabelaDeAnexos(
    `${prefixo}_anexos` as `${P}_anexos`,
    { ...doDocumento(), arquivoId: ownerKey(colunas.referencias.arquivo) },
    { documento: chave, indice },
  );
  // The history's one column of its own is its status (status, situacao).
  const [statusKey] = Object.keys(colunas.historico) as [keyof CH & string];
  return {
    produtos,
    servicos,
    /** The document's product and service lines as the API answers them, each in its order. */
    lerLinhas: (db: Executor, id: number) =>
      Promise.all([
        lerLinhas(db, produtos, column(produtos, chave), id, {
          produto_id: produtos.produtoId,
          unidade_medida: produtos.unidadeMedida,
        }),
        lerLinhas(db, servicos, column(servicos, chave), id, { servico_id: servicos.servicoId }),
      ]),
    historico,
    anexos,
    /**
     * The document's history as the API answers it, oldest first; `autor` is a subquery of the
     * users' (id, nome), which db/ cannot import.
     */
    lerHistorico: async (db: Executor, id: number, autor: Autores) => {
      const linhas = await db
        .select({
          status: column(historico, statusKey),
          usuario_nome: autor.nome,
          observacao: historico.observacao,
          createdAt: historico.createdAt,
        })
        .from(historico as PgTable)
        .leftJoin(autor, eq(autor.id, historico.usuarioId))
        .where(eq(column(historico, chave), id))
        .orderBy(asc(historico.id));
      type Status = (typeof historico.$inferSelect)[keyof CH & string];
      return linhas.map(({ status, usuario_nome, observacao, createdAt }) => ({
        [statusKey]: status,
        usuario_nome: usuario_nome as string | null,
        observacao,
        created_at: (createdAt as Date).toISOString(),
      })) as unknown as Array<
        Record<keyof CH & string, Status> & {
          usuario_nome: string | null;
          observacao: string | null;
          created_at: string;
        }
      >;
    },
    /** What anexosDoDocumento (the arquivos module) needs to know of the attachments' table. */
    vinculoDosAnexos: {
      tabela: anexos,
      documento: column(anexos, chave),
      arquivo: column(anexos, 'arquivoId'),
      vinculo: (documentoId: number, arquivoId: number) =>
        ({ [chave]: documentoId, arquivoId }) as unknown as typeof anexos.$inferInsert,
    },
    /** The history line of a status change (documentoComStatus's historico.linha). */
    linhaDoHistorico: (
      documentoId: number,
      status: unknown,
      usuarioId: number,
      observacao: string | null,
    ) =>
      ({
        [chave]: documentoId,
        [statusKey]: status,
        usuarioId,
        observacao,
      }) as unknown as typeof historico.$inferInsert,
  };
}
