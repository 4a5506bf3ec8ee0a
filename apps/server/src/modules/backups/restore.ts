import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../../db/data-dir-lock';
import { migrationsFolder, pgliteOptions } from '../../db/database';
import { extrairBanco, lerTar, type EntradaTar } from './tar';

const gunzip = promisify(zlib.gunzip);

/** An error whose pt-BR message is all the person restoring needs to read. */
export class RestauracaoError extends Error {
  override name = 'RestauracaoError';
}

const invalido = (arquivo: string, motivo: string) =>
  new RestauracaoError(`O arquivo ${arquivo} não é um backup válido do Prumo (${motivo}).`);

/** Reads and checks a backup: gzip, a tar, a PostgreSQL data directory inside. */
export async function lerBackup(arquivo: string): Promise<Buffer> {
  let conteudo: Buffer;
  try {
    conteudo = await fs.readFile(arquivo);
  } catch {
    throw new RestauracaoError(`Arquivo não encontrado: ${arquivo}`);
  }
  if (conteudo.length < 2 || conteudo[0] !== 0x1f || conteudo[1] !== 0x8b) {
    throw invalido(arquivo, 'não é um .tar.gz');
  }
  let tar: Buffer;
  try {
    tar = await gunzip(conteudo);
  } catch {
    throw invalido(arquivo, 'compressão corrompida ou arquivo incompleto');
  }
  let entradas: EntradaTar[];
  try {
    entradas = lerTar(tar);
  } catch (error) {
    throw invalido(arquivo, `tar ${(error as Error).message}`);
  }
  if (!entradas.some((entrada) => /(^|\/)PG_VERSION$/.test(entrada.nome))) {
    throw invalido(arquivo, 'não contém um banco de dados');
  }
  return tar;
}

function carimbo(agora: Date): string {
  return agora.toISOString().replace(/[:T]/g, '-').replace(/\..*$/, '');
}

export interface Restauracao {
  /** Where the database that was replaced was kept (null: DATA_DIR had none). */
  anterior: string | null;
  /** Migrations the backup had applied (the server applies newer ones when it starts). */
  migracoes: number;
}

/**
 * Restores a backup into DATA_DIR/pgdata. It takes the data directory's lock, so it refuses while
 * the server runs; unpacks and opens the backup beside the current database (PGlite replays its
 * log and it must answer a query); only then moves the current database aside
 * (DATA_DIR/pgdata-antes-da-restauracao-<data>) and puts the restored one in its place.
 */
export async function restaurarBackup(
  arquivo: string,
  dataDir: string,
  log: (mensagem: string) => void = () => undefined,
): Promise<Restauracao> {
  const tar = await lerBackup(arquivo);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    throw new RestauracaoError(
      `${(error as Error).message} Pare o servidor (Ctrl+C no terminal do npm start) e rode a restauração de novo.`,
    );
  }
  const agora = new Date();
  const destino = path.join(dataDir, 'pgdata');
  const restaurando = path.join(dataDir, `pgdata-restaurando-${carimbo(agora)}`);
  try {
    log(`Descompactando ${path.basename(arquivo)}...`);
    await fs.rm(restaurando, { recursive: true, force: true });
    try {
      await extrairBanco(tar, restaurando);
    } catch (error) {
      await fs.rm(restaurando, { recursive: true, force: true });
      throw invalido(arquivo, (error as Error).message);
    }
    log('Abrindo o banco restaurado para conferir...');
    let migracoes: number;
    const client = new PGlite(restaurando, pgliteOptions);
    try {
      await client.waitReady;
      const resultado = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      migracoes = resultado.rows[0]?.n ?? 0;
      await client.exec('CHECKPOINT');
    } catch (error) {
      await client.close().catch(() => undefined);
      await fs.rm(restaurando, { recursive: true, force: true });
      throw invalido(arquivo, `o banco não abriu: ${(error as Error).message}`);
    }
    await client.close();
    const conhecidas = await contarMigracoes();
    if (migracoes > conhecidas) {
      await fs.rm(restaurando, { recursive: true, force: true });
      throw new RestauracaoError(
        `O backup é de uma versão mais nova do Prumo (${migracoes} migrações; esta versão conhece ${conhecidas}). Atualize o Prumo antes de restaurar.`,
      );
    }

    let anterior: string | null = null;
    if (await existe(destino)) {
      anterior = path.join(dataDir, `pgdata-antes-da-restauracao-${carimbo(agora)}`);
      await fs.rename(destino, anterior);
    }
    await fs.rename(restaurando, destino);
    return { anterior, migracoes };
  } finally {
    unlock();
  }
}

async function existe(caminho: string): Promise<boolean> {
  return (await fs.stat(caminho).catch(() => null)) !== null;
}

async function contarMigracoes(): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
