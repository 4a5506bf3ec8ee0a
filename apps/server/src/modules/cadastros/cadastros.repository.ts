import { and, count, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import {
  CADASTRO_MENSAGENS,
  type CadastroDados,
  type CadastroDetalhe,
  type CadastroListItem,
  type CadastroListQuery,
  type CadastroSort,
} from '@prumo/shared/cadastros';
import type { Database, Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import {
  containsSearch,
  isoUtc,
  jsonObjectText,
  pageOf,
  ptBrKey,
  sortOrder,
  type SortColumns,
} from '../../db/sql-helpers';
import { badRequest } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { deleteArquivos, insertArquivo, lerArquivo } from '../arquivos/arquivos.repository';
import { cadastroAnexos, cadastroContatos, cadastros } from './cadastros.table';

type CadastroInsert = typeof cadastros.$inferInsert;

/** What each sort key of the list orders by (the indexes of migration 0018 cover them). */
const CADASTRO_SORT_COLUMNS: SortColumns<CadastroSort> = {
  nome: ptBrKey(cadastros.nome),
  email: ptBrKey(cadastros.email),
};

/**
 * GET /api/cadastros: sorted by name the pt-BR way unless `sort` says otherwise, one query; with
 * `limit`, one page and (a second query) how many the filter matches.
 */
export function listCadastros(
  db: Executor,
  query: CadastroListQuery = {},
): Promise<{ items: CadastroListItem[]; total: number | undefined }> {
  const { rows, total } = listCadastrosQueries(db, query);
  return pageOf(rows, () => total, query);
}

/** The SQL GET /api/cadastros runs for a query (checked by listas.explain.test.ts). */
export function listCadastrosSql(
  db: Executor,
  query: CadastroListQuery = {},
): { rows: SQL; total: SQL } {
  const { rows, total } = listCadastrosQueries(db, query);
  const page = query.limit === undefined ? rows : rows.limit(query.limit).offset(query.offset ?? 0);
  return { rows: page.getSQL(), total: total.getSQL() };
}

/** The list's filter (tipo and search) and its order: the list's and its export's. */
function listFiltro(query: CadastroListQuery) {
  return {
    where: and(
      query.tipo ? eq(cadastros.tipo, query.tipo) : undefined,
      query.q ? sql`(${containsSearch(query.q, cadastros.nome, cadastros.email)})` : undefined,
    ),
    order: sortOrder(CADASTRO_SORT_COLUMNS, query, {
      sort: 'nome',
      order: 'asc',
      id: cadastros.id,
    }),
  };
}

/** The statements of GET /api/cadastros (the rows, paged by pageOf, and the total), not yet run. */
function listCadastrosQueries(db: Executor, query: CadastroListQuery) {
  const { where, order } = listFiltro(query);
  const rows = db
    .select({
      id: cadastros.id,
      nome: cadastros.nome,
      email: cadastros.email,
      // The spec's list shows one phone: the main one, or the mobile when there is none.
      telefone: sql<string | null>`coalesce(${cadastros.telefone}, ${cadastros.celular})`,
      tipo: cadastros.tipo,
    })
    .from(cadastros)
    .where(where)
    .orderBy(...order);
  return { rows, total: db.select({ total: count() }).from(cadastros).where(where) };
}

/**
 * One page of GET /api/cadastros/exportar: the list's filter and order, with the fields the
 * import reads. Without `documentos` (a `user`), an employee's CPF and RG are left out, as in
 * the record's detail.
 */
export function exportCadastros(
  db: Executor,
  query: CadastroListQuery,
  pagina: { limit: number; offset: number },
  { documentos }: { documentos: boolean },
) {
  const { where, order } = listFiltro(query);
  const c = cadastros;
  const oculto = <T>(column: AnyColumn) =>
    documentos
      ? sql<T>`${column}`
      : sql<T>`CASE WHEN ${c.tipo} <> 'funcionario' THEN ${column} END`;
  return db
    .select({
      nome: c.nome,
      razao_social: c.razaoSocial,
      tipo_cliente: c.tipoCliente,
      tipo_fornecedor: c.tipoFornecedor,
      tipo_transportadora: c.tipoTransportadora,
      situacao: c.situacao,
      cnpj: c.cnpj,
      cpf: oculto<string | null>(c.cpf),
      rg: oculto<string | null>(c.rg),
      inscricao_estadual: c.inscricaoEstadual,
      data_nascimento: c.dataNascimento,
      sexo: c.sexo,
      email: c.email,
      telefone: c.telefone,
      celular: c.celular,
      cep: c.cep,
      logradouro: c.logradouro,
      numero: c.numero,
      complemento: c.complemento,
      bairro: c.bairro,
      cidade: c.cidade,
      uf: c.uf,
      limite_credito: c.limiteCredito,
      comissao: c.comissao,
      observacoes: c.observacoes,
    })
    .from(c)
    .where(where)
    .orderBy(...order)
    .limit(pagina.limit)
    .offset(pagina.offset);
}

/**
 * The columns a payload sets (absent keys are left out: unchanged on update). A município from
 * the IBGE table names the city and the UF, whatever cidade_uf said.
 */
function toColumns(dados: CadastroDados): Partial<CadastroInsert> {
  if (dados.codigo_municipio != null) {
    const municipio = municipioPorCodigo(dados.codigo_municipio);
    if (!municipio) {
      throw badRequest(CADASTRO_MENSAGENS.municipio, {
        codigo_municipio: CADASTRO_MENSAGENS.municipio,
      });
    }
    dados = { ...dados, cidade: municipio.nome, uf: municipio.uf };
  }
  const columns: Partial<CadastroInsert> = {
    tipo: dados.tipo,
    tipoCliente: dados.tipo_cliente,
    tipoFornecedor: dados.tipo_fornecedor,
    tipoTransportadora: dados.tipo_transportadora,
    situacao: dados.situacao,
    nome: dados.nome,
    razaoSocial: dados.razao_social,
    email: dados.email,
    telefone: dados.telefone,
    celular: dados.celular,
    fax: dados.fax,
    site: dados.site,
    vendedorResponsavel: dados.vendedor_responsavel,
    enderecoTipo: dados.endereco_tipo,
    cep: dados.cep,
    logradouro: dados.logradouro,
    numero: dados.numero,
    complemento: dados.complemento,
    bairro: dados.bairro,
    cidade: dados.cidade,
    uf: dados.uf,
    codigoMunicipio: dados.codigo_municipio,
    indicadorIe: dados.indicador_ie,
    limiteCredito: dados.limite_credito,
    permitirUltrapassarLimite: dados.permitir_ultrapassar_limite,
    observacoes: dados.observacoes,
    cnpj: dados.cnpj,
    inscricaoEstadual: dados.inscricao_estadual,
    cpf: dados.cpf,
    rg: dados.rg,
    dataNascimento: dados.data_nascimento,
    sexo: dados.sexo,
    comissao: dados.comissao,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Partial<CadastroInsert>;
}

/** A stored file's description as JSON the database writes (as the API answers it). */
const arquivoInfoJson = (arquivo: string) =>
  sql.raw(`json_build_object('id', ${arquivo}.id, 'nome', ${arquivo}.nome,
    'tipo_mime', ${arquivo}.tipo_mime, 'tamanho', ${arquivo}.tamanho,
    'created_at', to_char(${arquivo}.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);

/** The record's fields as the API answers them, computed by the database: every field, no other. */
function detalheFields(documentosOcultos: SQL): Record<keyof CadastroDetalhe, AnyColumn | SQL> {
  const c = cadastros;
  const semDocumentos = <T>(value: AnyColumn | SQL) =>
    sql<T>`CASE WHEN NOT ${documentosOcultos} THEN ${value} END`;
  const texto = (column: AnyColumn) => sql`nullif(${column}, '')`;
  return {
    id: c.id,
    tipo: c.tipo,
    tipo_cliente: c.tipoCliente,
    tipo_fornecedor: c.tipoFornecedor,
    tipo_transportadora: c.tipoTransportadora,
    situacao: c.situacao,
    nome: c.nome,
    nome_fantasia: sql`CASE WHEN ${c.tipo} = 'transportadora' THEN ${c.nome} END`,
    razao_social: c.razaoSocial,
    email: c.email,
    telefone: c.telefone,
    celular: c.celular,
    fax: c.fax,
    site: c.site,
    vendedor_responsavel: c.vendedorResponsavel,
    endereco_tipo: c.enderecoTipo,
    cep: c.cep,
    logradouro: c.logradouro,
    numero: c.numero,
    complemento: c.complemento,
    bairro: c.bairro,
    // As formatCidadeUf: "Cidade/UF", "/UF" or the city alone.
    cidade_uf: sql`CASE WHEN ${texto(c.uf)} IS NULL THEN ${texto(c.cidade)}
      ELSE coalesce(${texto(c.cidade)}, '') || '/' || ${c.uf} END`,
    cidade: c.cidade,
    uf: c.uf,
    codigo_municipio: c.codigoMunicipio,
    indicador_ie: c.indicadorIe,
    limite_credito: c.limiteCredito,
    permitir_ultrapassar_limite: c.permitirUltrapassarLimite,
    observacoes: c.observacoes,
    cnpj: c.cnpj,
    inscricao_estadual: c.inscricaoEstadual,
    cpf: semDocumentos(c.cpf),
    rg: semDocumentos(c.rg),
    data_nascimento: c.dataNascimento,
    sexo: c.sexo,
    comissao: c.comissao,
    // As joinEndereco: "Logradouro, número", either alone, or null.
    endereco: sql`nullif(concat_ws(', ', ${texto(c.logradouro)}, ${texto(c.numero)}), '')`,
    estado: c.uf,
    cnpj_cpf: semDocumentos(sql`coalesce(${c.cnpj}, ${c.cpf})`),
    contatos: sql`coalesce((
      SELECT json_agg(json_build_object('nome', ct.nome, 'email', ct.email,
        'telefone', ct.telefone, 'cargo', ct.cargo) ORDER BY ct.ordem)
      FROM cadastro_contatos ct WHERE ct.cadastro_id = ${c}.id), '[]'::json)`,
    foto: sql`(SELECT ${arquivoInfoJson('a')} FROM arquivos a WHERE a.id = ${c}.foto_arquivo_id)`,
    anexos: sql`CASE WHEN ${documentosOcultos} THEN '[]'::json ELSE coalesce((
      SELECT json_agg(${arquivoInfoJson('a')} ORDER BY a.id)
      FROM cadastro_anexos ca JOIN arquivos a ON a.id = ca.arquivo_id
      WHERE ca.cadastro_id = ${c}.id), '[]'::json) END`,
    created_at: isoUtc(c.createdAt),
    updated_at: isoUtc(c.updatedAt),
  };
}

// A record with its contacts, photo and attachments as the JSON text of the answer, in one
// statement prepared once: the registry's detail is read every time a customer is picked or
// opened. The subqueries name the table (Drizzle leaves a one-table select's columns
// unqualified). An employee's CPF, RG and attachments are left out unless `documentos`.
const cadastroJson = preparedPerDatabase((db) =>
  db
    .select({
      data: jsonObjectText(
        detalheFields(
          sql`(${cadastros.tipo} = 'funcionario' AND NOT ${sql.placeholder('documentos')}::boolean)`,
        ),
      ),
    })
    .from(cadastros)
    .where(eq(cadastros.id, sql.placeholder('id')))
    .prepare('cadastro_detalhe'),
);

/**
 * GET /api/cadastros/{id} (and the answers of POST and PUT): the record's JSON text (see
 * CadastroDetalhe), or undefined. Without `documentos` (a `user`), an employee's CPF, RG and
 * attachments are null and empty.
 */
export async function getCadastroJson(
  db: Database,
  id: number,
  { documentos }: { documentos: boolean },
): Promise<string | undefined> {
  const [row] = await cadastroJson(db).execute({ id, documentos });
  return row?.data;
}

/** tipo, nome, e-mail and photo of a record, for permission checks, messages and e-mails. */
export async function findCadastroResumo(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: cadastros.id,
      tipo: cadastros.tipo,
      nome: cadastros.nome,
      email: cadastros.email,
      fotoArquivoId: cadastros.fotoArquivoId,
    })
    .from(cadastros)
    .where(eq(cadastros.id, id))
    .limit(1);
  return row;
}

async function replaceContatos(
  tx: Executor,
  cadastroId: number,
  contatos: CadastroDados['contatos'],
) {
  if (contatos === undefined) return;
  await tx.delete(cadastroContatos).where(eq(cadastroContatos.cadastroId, cadastroId));
  if (contatos.length === 0) return;
  await tx.insert(cadastroContatos).values(
    contatos.map((contato, ordem) => ({
      cadastroId,
      ordem,
      nome: contato.nome,
      email: contato.email,
      telefone: contato.telefone,
      cargo: contato.cargo,
    })),
  );
}

async function addAnexos(tx: Executor, cadastroId: number, files: UploadedFile[]) {
  for (const file of files) {
    const arquivoId = await insertArquivo(tx, file);
    await tx.insert(cadastroAnexos).values({ cadastroId, arquivoId });
  }
}

export interface CadastroArquivos {
  foto?: UploadedFile;
  anexos: UploadedFile[];
}

/** Inserts a record with its contacts, photo and attachments; call inside a transaction. */
export async function createCadastro(
  tx: Executor,
  dados: CadastroDados,
  files: CadastroArquivos = { anexos: [] },
): Promise<number> {
  const fotoArquivoId = files.foto ? await insertArquivo(tx, files.foto) : null;
  const [created] = await tx
    .insert(cadastros)
    .values({ ...(toColumns(dados) as CadastroInsert), fotoArquivoId })
    .returning({ id: cadastros.id });
  const id = created!.id;
  await replaceContatos(tx, id, dados.contatos);
  await addAnexos(tx, id, files.anexos);
  return id;
}

/** Ids of the given files that are attachments of the record. */
export async function anexoIdsOf(tx: Executor, cadastroId: number, arquivoIds: number[]) {
  if (arquivoIds.length === 0) return [];
  const rows = await tx
    .select({ arquivoId: cadastroAnexos.arquivoId })
    .from(cadastroAnexos)
    .where(
      and(eq(cadastroAnexos.cadastroId, cadastroId), inArray(cadastroAnexos.arquivoId, arquivoIds)),
    );
  return rows.map((row) => row.arquivoId);
}

export async function countAnexos(tx: Executor, cadastroId: number): Promise<number> {
  return tx.$count(cadastroAnexos, eq(cadastroAnexos.cadastroId, cadastroId));
}

/**
 * Updates the columns present in `dados` (absent ones stay), replaces the contacts when sent,
 * replaces or removes the photo and removes/adds attachments. Call inside a transaction.
 */
export async function updateCadastro(
  tx: Executor,
  id: number,
  fotoAtual: number | null,
  dados: CadastroDados,
  files: CadastroArquivos,
): Promise<void> {
  const columns: Partial<CadastroInsert> = { ...toColumns(dados), updatedAt: sql`now()` as never };
  delete columns.tipo;
  let fotoAntiga: number | null = null;
  if (files.foto) {
    columns.fotoArquivoId = await insertArquivo(tx, files.foto);
    fotoAntiga = fotoAtual;
  } else if (dados.remover_foto) {
    columns.fotoArquivoId = null;
    fotoAntiga = fotoAtual;
  }
  await tx.update(cadastros).set(columns).where(eq(cadastros.id, id));
  if (fotoAntiga) await deleteArquivos(tx, [fotoAntiga]);
  await replaceContatos(tx, id, dados.contatos);
  // The link rows go with their files (ON DELETE CASCADE).
  if (dados.anexos_remover?.length) await deleteArquivos(tx, dados.anexos_remover);
  await addAnexos(tx, id, files.anexos);
}

/**
 * Deletes a record, its contacts, photo and attachments. A foreign key of other data (a sale,
 * quote or order) makes the DELETE fail; the caller's transaction then keeps everything.
 */
export async function deleteCadastro(tx: Executor, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ fotoArquivoId: cadastros.fotoArquivoId })
    .from(cadastros)
    .where(eq(cadastros.id, id))
    .for('update');
  if (!row) return false;
  const anexos = await tx
    .select({ arquivoId: cadastroAnexos.arquivoId })
    .from(cadastroAnexos)
    .where(eq(cadastroAnexos.cadastroId, id));
  await tx.delete(cadastros).where(eq(cadastros.id, id));
  await deleteArquivos(tx, [
    ...anexos.map((anexo) => anexo.arquivoId),
    ...(row.fotoArquivoId ? [row.fotoArquivoId] : []),
  ]);
  return true;
}

/** The stored photo of a record. */
export function getFoto(db: Executor, cadastroId: number) {
  return lerArquivo(
    db,
    db.select({ id: cadastros.fotoArquivoId }).from(cadastros).where(eq(cadastros.id, cadastroId)),
  );
}

/** One attachment of a record (undefined when the file is not attached to it). */
export function getAnexo(db: Executor, cadastroId: number, arquivoId: number) {
  return lerArquivo(
    db,
    db
      .select({ id: cadastroAnexos.arquivoId })
      .from(cadastroAnexos)
      .where(
        and(eq(cadastroAnexos.cadastroId, cadastroId), eq(cadastroAnexos.arquivoId, arquivoId)),
      ),
  );
}

/** id and nome of every record, as a subquery another module joins by id (customers, employees). */
export function nomesDeCadastros<Alias extends string>(db: Executor, alias: Alias) {
  return db.select({ id: cadastros.id, nome: cadastros.nome }).from(cadastros).as(alias);
}

/** How to reach some records (collections: phone, preferring the mobile, and e-mail), one query. */
export async function contatosDeCadastros(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: cadastros.id,
      nome: cadastros.nome,
      telefone: sql<string | null>`coalesce(${cadastros.celular}, ${cadastros.telefone})`,
      email: cadastros.email,
    })
    .from(cadastros)
    .where(inArray(cadastros.id, [...ids]));
}
