import { asc, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database';
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
