import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { UploadedFile } from '../../http/multipart';
import { arquivos } from './arquivos.table';

/** What a list shows of a file (never its content). */
export const arquivoInfoColumns = {
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

export async function getArquivo(db: Executor, id: number) {
  const [row] = await db.select().from(arquivos).where(eq(arquivos.id, id)).limit(1);
  return row;
}

export async function deleteArquivos(db: Executor, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(arquivos).where(inArray(arquivos.id, ids));
}
