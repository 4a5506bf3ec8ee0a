import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  formatCidadeUf,
  joinEndereco,
  type CadastroDados,
  type CadastroDetalhe,
  type CadastroListItem,
  type CadastroListQuery,
} from '@prumo/shared/cadastros';
import type { Executor } from '../../db/database';
import { containsSearch, ptBrOrder } from '../../db/sql-helpers';
import type { UploadedFile } from '../../http/multipart';
import {
  deleteArquivos,
  insertArquivo,
  lerArquivo,
  listArquivosInfo,
} from '../arquivos/arquivos.repository';
import { cadastroAnexos, cadastroContatos, cadastros } from './cadastros.table';

type CadastroRow = typeof cadastros.$inferSelect;
type CadastroInsert = typeof cadastros.$inferInsert;

/**
 * GET /api/cadastros: sorted the pt-BR way, one query; with `limit`, one page and (a second
 * query) how many the filter matches.
 */
export async function listCadastros(
  db: Executor,
  query: CadastroListQuery = {},
): Promise<{ items: CadastroListItem[]; total: number | undefined }> {
  const where = and(
    query.tipo ? eq(cadastros.tipo, query.tipo) : undefined,
    query.q ? sql`(${containsSearch(query.q, cadastros.nome, cadastros.email)})` : undefined,
  );
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
    .orderBy(ptBrOrder(cadastros.nome));
  if (query.limit === undefined) return { items: await rows, total: undefined };
  const [items, [totals]] = await Promise.all([
    rows.limit(query.limit).offset(query.offset ?? 0),
    db.select({ total: count() }).from(cadastros).where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

/** The columns a payload sets (absent keys are left out: unchanged on update). */
function toColumns(dados: CadastroDados): Partial<CadastroInsert> {
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

type ArquivoInfoRow = {
  id: number;
  nome: string;
  tipoMime: string;
  tamanho: number;
  createdAt: Date;
};
const toArquivoInfo = (row: ArquivoInfoRow) => ({
  id: row.id,
  nome: row.nome,
  tipo_mime: row.tipoMime,
  tamanho: row.tamanho,
  created_at: row.createdAt.toISOString(),
});

function toDetalhe(
  row: CadastroRow,
  contatos: Array<{
    nome: string;
    email: string | null;
    telefone: string | null;
    cargo: string | null;
  }>,
  foto: ArquivoInfoRow | undefined,
  anexos: ArquivoInfoRow[],
): CadastroDetalhe {
  return {
    id: row.id,
    tipo: row.tipo,
    tipo_cliente: row.tipoCliente,
    tipo_fornecedor: row.tipoFornecedor,
    tipo_transportadora: row.tipoTransportadora,
    situacao: row.situacao,
    nome: row.nome,
    nome_fantasia: row.tipo === 'transportadora' ? row.nome : null,
    razao_social: row.razaoSocial,
    email: row.email,
    telefone: row.telefone,
    celular: row.celular,
    fax: row.fax,
    site: row.site,
    vendedor_responsavel: row.vendedorResponsavel,
    endereco_tipo: row.enderecoTipo,
    cep: row.cep,
    logradouro: row.logradouro,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade_uf: formatCidadeUf(row.cidade, row.uf),
    cidade: row.cidade,
    uf: row.uf,
    limite_credito: row.limiteCredito,
    permitir_ultrapassar_limite: row.permitirUltrapassarLimite,
    observacoes: row.observacoes,
    cnpj: row.cnpj,
    inscricao_estadual: row.inscricaoEstadual,
    cpf: row.cpf,
    rg: row.rg,
    data_nascimento: row.dataNascimento,
    sexo: row.sexo,
    comissao: row.comissao,
    endereco: joinEndereco(row.logradouro, row.numero),
    estado: row.uf,
    cnpj_cpf: row.cnpj ?? row.cpf,
    contatos,
    foto: foto ? toArquivoInfo(foto) : null,
    anexos: anexos.map(toArquivoInfo),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A record with its contacts, photo and attachments (four queries). */
export async function getCadastro(db: Executor, id: number): Promise<CadastroDetalhe | undefined> {
  const [row] = await db.select().from(cadastros).where(eq(cadastros.id, id)).limit(1);
  if (!row) return undefined;
  const [contatos, foto, anexos] = await Promise.all([
    db
      .select({
        nome: cadastroContatos.nome,
        email: cadastroContatos.email,
        telefone: cadastroContatos.telefone,
        cargo: cadastroContatos.cargo,
      })
      .from(cadastroContatos)
      .where(eq(cadastroContatos.cadastroId, id))
      .orderBy(asc(cadastroContatos.ordem)),
    row.fotoArquivoId ? listArquivosInfo(db, [row.fotoArquivoId]) : Promise.resolve([]),
    listArquivosInfo(
      db,
      db
        .select({ id: cadastroAnexos.arquivoId })
        .from(cadastroAnexos)
        .where(eq(cadastroAnexos.cadastroId, id)),
    ),
  ]);
  return toDetalhe(row, contatos, foto[0], anexos);
}

/** tipo, nome and photo of a record, for permission checks and messages. */
export async function findCadastroResumo(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: cadastros.id,
      tipo: cadastros.tipo,
      nome: cadastros.nome,
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
