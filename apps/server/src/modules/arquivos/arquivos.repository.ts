import { and, asc, count, eq, inArray, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/database';
import { badRequest, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import { arquivos } from './arquivos.table';

/** What a list shows of a file (never its content). */
const arquivoInfoColumns = {
  id: arquivos.id,
  nome: arquivos.nome,
  tipoMime: arquivos.tipoMime,
  tamanho: arquivos.tamanho,
  createdAt: arquivos.createdAt,
};

export async function insertArquivo(db: Executor, file: UploadedFile): Promise<number> {
  const [row] = await db
    .insert(arquivos)
    .values({
      nome: file.nome,
      tipoMime: file.tipoMime,
      tamanho: file.tamanho,
      conteudo: file.conteudo,
    })
    .returning({ id: arquivos.id });
  return row!.id;
}

/**
 * What a screen shows of stored files (never their bytes), oldest first: by ids, or by a
 * subquery of the owner's table that selects them (one query either way).
 */
export function listArquivosInfo(db: Executor, ids: number[] | SQLWrapper) {
  return db
    .select(arquivoInfoColumns)
    .from(arquivos)
    .where(inArray(arquivos.id, ids))
    .orderBy(asc(arquivos.id));
}

/** A stored file to download: name, type and bytes (the file the ids or subquery select). */
export async function lerArquivo(db: Executor, ids: number[] | SQLWrapper) {
  const [row] = await db
    .select({ nome: arquivos.nome, tipoMime: arquivos.tipoMime, conteudo: arquivos.conteudo })
    .from(arquivos)
    .where(inArray(arquivos.id, ids))
    .limit(1);
  return row;
}

export async function deleteArquivos(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(arquivos).where(inArray(arquivos.id, ids));
}

/**
 * The files attached to a document (a service order, a quote...), kept in a link table of
 * (document id, arquivo id): listing, adding up to a maximum, reading one and removing one,
 * the same way for every document that has attachments.
 */
export function anexosDoDocumento<T extends PgTable>(opcoes: {
  tabela: T;
  documento: AnyPgColumn;
  arquivo: AnyPgColumn;
  /** The row that links a new file to its document. */
  vinculo: (documentoId: number, arquivoId: number) => T['$inferInsert'];
  maximo: number;
  mensagens: { demais: string; naoEncontrado: string };
}) {
  const { tabela, documento, arquivo, mensagens } = opcoes;

  /** The document's files as a subquery of arquivo ids (optionally only one of them). */
  const ids = (db: Executor, documentoId: number, arquivoId?: number) =>
    db
      .select({ id: arquivo })
      .from(tabela as PgTable)
      .where(
        and(
          eq(documento, documentoId),
          arquivoId === undefined ? undefined : eq(arquivo, arquivoId),
        ),
      );

  return {
    /** What the document's answer shows of its files (never their bytes). */
    async listar(db: Executor, documentoId: number) {
      const anexos = await listArquivosInfo(db, ids(db, documentoId));
      return anexos.map((anexo) => ({
        id: anexo.id,
        nome: anexo.nome,
        tipo_mime: anexo.tipoMime,
        tamanho: anexo.tamanho,
        created_at: anexo.createdAt.toISOString(),
      }));
    },

    /** Files already checked by size and content; the caller has locked the document. */
    async adicionar(tx: Transaction, documentoId: number, files: readonly UploadedFile[]) {
      const [existentes] = await tx
        .select({ n: count() })
        .from(tabela as PgTable)
        .where(eq(documento, documentoId));
      if ((existentes?.n ?? 0) + files.length > opcoes.maximo) {
        throw badRequest(mensagens.demais, { anexos: mensagens.demais });
      }
      for (const file of files) {
        const arquivoId = await insertArquivo(tx, file);
        await tx.insert(tabela).values(opcoes.vinculo(documentoId, arquivoId));
      }
    },

    /** The file to download, or undefined. */
    ler(db: Executor, documentoId: number, arquivoId: number) {
      return lerArquivo(db, ids(db, documentoId, arquivoId));
    },

    /** The link and the file; 404 when the document has no such file. */
    async remover(tx: Transaction, documentoId: number, arquivoId: number) {
      const removidos = await tx
        .delete(tabela)
        .where(and(eq(documento, documentoId), eq(arquivo, arquivoId)))
        .returning({ arquivoId: arquivo });
      if (removidos.length === 0) throw notFound(mensagens.naoEncontrado);
      await deleteArquivos(tx, [arquivoId]);
    },
  };
}
