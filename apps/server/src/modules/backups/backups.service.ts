import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { localParts } from '@prumo/shared/dates';
import {
  BACKUP_NOME_REGEX,
  BACKUPS_MANTIDOS,
  type BackupArquivo,
} from '@prumo/shared/configuracoes';
import type { Database } from '../../db/database';
import { extrairBanco, tarDaPasta } from './tar';

/** Where the backups of the embedded database are kept: DATA_DIR/backups. */
export function pastaBackups(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** The PGlite behind a Drizzle database, or null when it is PostgreSQL. */
export function pgliteDe(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

// --- time in the company's time zone ----------------------------------------------------------

interface PartesLocais {
  ano: number;
  mes: number;
  dia: number;
  hora: number;
  minuto: number;
}

/** The calendar fields of an instant in the given time zone. */
export function partesLocais(instante: Date, timeZone: string): PartesLocais {
  const partes = localParts(instante, timeZone);
  return {
    ano: Number(partes.year),
    mes: Number(partes.month),
    dia: Number(partes.day),
    hora: Number(partes.hour),
    minuto: Number(partes.minute),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms (São Paulo: -3 h). */
function deslocamento(instante: number, timeZone: string): number {
  const p = partesLocais(new Date(instante), timeZone);
  const comoUtc = Date.UTC(p.ano, p.mes - 1, p.dia, p.hora, p.minuto);
  return comoUtc - Math.floor(instante / 60_000) * 60_000;
}

/** The instant the zone's clock reads dia/mes/ano hora:00 (mes and dia may overflow). */
export function instanteLocal(
  ano: number,
  mes: number,
  dia: number,
  hora: number,
  timeZone: string,
): Date {
  const comoUtc = Date.UTC(ano, mes - 1, dia, hora);
  const primeiro = comoUtc - deslocamento(comoUtc, timeZone);
  return new Date(comoUtc - deslocamento(primeiro, timeZone));
}

/** The latest moment, at or before `agora`, the zone's clock read `hora`:00. */
export function ultimoHorario(agora: Date, hora: number, timeZone: string): Date {
  const hoje = partesLocais(agora, timeZone);
  const horario = instanteLocal(hoje.ano, hoje.mes, hoje.dia, hora, timeZone);
  if (horario.getTime() <= agora.getTime()) return horario;
  return instanteLocal(hoje.ano, hoje.mes, hoje.dia - 1, hora, timeZone);
}

/**
 * Whether the daily backup is due: automatic backups on and no backup made since the last time
 * the clock read the chosen hour. A server that was off at that hour makes it when it starts; one
 * restarted after the day's backup does not make it again.
 */
export function backupPendente(
  agora: Date,
  estado: { automatico: boolean; hora: number; ultimoBackup: Date | null },
  timeZone: string,
): boolean {
  if (!estado.automatico) return false;
  if (!estado.ultimoBackup) return true;
  return estado.ultimoBackup.getTime() < ultimoHorario(agora, estado.hora, timeZone).getTime();
}

// --- the files --------------------------------------------------------------------------------

/** Sorts names by the moment they carry, then by their same-minute number. */
function chaveDoNome(nome: string): string {
  const match = BACKUP_NOME_REGEX.exec(nome);
  if (!match) return '';
  const [, ano, mes, dia, hora, minuto, seq] = match;
  return `${ano}${mes}${dia}${hora}${minuto}${(seq ?? '1').padStart(3, '0')}`;
}

/** "prumo-2026-11-23-0200" for the given instant in the company's time zone. */
export function baseDoNome(instante: Date, timeZone: string): string {
  const p = partesLocais(instante, timeZone);
  const dois = (n: number) => String(n).padStart(2, '0');
  return `prumo-${p.ano}-${dois(p.mes)}-${dois(p.dia)}-${dois(p.hora)}${dois(p.minuto)}`;
}

/** The kept backups, newest first. Half-written files (temporary names) never count. */
export async function listarBackups(pasta: string): Promise<BackupArquivo[]> {
  let nomes: string[];
  try {
    nomes = await fs.readdir(pasta);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const validos = nomes.filter((nome) => BACKUP_NOME_REGEX.test(nome));
  const arquivos = await Promise.all(
    validos.map(async (nome) => {
      const stat = await fs.stat(path.join(pasta, nome)).catch(() => null);
      return stat?.isFile()
        ? { nome, tamanho: stat.size, criado_em: stat.mtime.toISOString() }
        : null;
    }),
  );
  return arquivos
    .filter((arquivo): arquivo is BackupArquivo => arquivo !== null)
    .sort((a, b) => chaveDoNome(b.nome).localeCompare(chaveDoNome(a.nome)));
}

/** The path of a kept backup, or null: the name must be one the server gives (no "../"). */
export async function caminhoDoBackup(pasta: string, nome: string): Promise<string | null> {
  if (!BACKUP_NOME_REGEX.test(nome) || path.basename(nome) !== nome) return null;
  const caminho = path.join(pasta, nome);
  const stat = await fs.stat(caminho).catch(() => null);
  return stat?.isFile() ? caminho : null;
}

/** Removes all but the newest `manter` backups; answers the removed names. */
export async function podarBackups(pasta: string, manter = BACKUPS_MANTIDOS): Promise<string[]> {
  const sobrando = (await listarBackups(pasta)).slice(manter);
  await Promise.all(sobrando.map(({ nome }) => fs.rm(path.join(pasta, nome), { force: true })));
  return sobrando.map(({ nome }) => nome);
}

const PARCIAL = '.parcial';

/** Temporary files a backup interrupted by a crash left behind. */
export async function limparParciais(pasta: string): Promise<void> {
  const nomes = await fs.readdir(pasta).catch(() => [] as string[]);
  await Promise.all(
    nomes
      .filter((nome) => nome.endsWith(PARCIAL))
      .map((nome) => fs.rm(path.join(pasta, nome), { recursive: true, force: true })),
  );
}

/** The folder of a PGlite on disk, or null for one in memory. */
function pastaDoBanco(client: PGlite): string | null {
  const dataDir = client.dataDir;
  return dataDir && !dataDir.includes('://') ? dataDir : null;
}

/**
 * A consistent copy of the embedded database's folder into `destino`: a CHECKPOINT writes
 * everything to the data files, then the folder is copied (native file copy) while no
 * transaction is open and no statement runs (PGlite's two locks), so the database waits only for
 * the copy; the tar and its compression are made from the copy after. A database in memory
 * (tests) is dumped by PGlite instead.
 */
export async function copiarBanco(client: PGlite, destino: string): Promise<string> {
  await client.exec('CHECKPOINT');
  // Read before the copy: a write in between makes the copy newer than this, never older.
  const lsn = await posicaoDoLog(client);
  const origem = pastaDoBanco(client);
  if (origem) {
    await client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => fs.cp(origem, destino, { recursive: true })),
    );
  } else {
    const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
    await extrairBanco(Buffer.from(await tar.arrayBuffer()), destino);
  }
  return lsn;
}

/** Where the database's log is: unchanged, the data is unchanged. */
export async function posicaoDoLog(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return rows[0]!.lsn;
}

async function nomeLivre(pasta: string, base: string): Promise<string> {
  for (let seq = 1; seq < 1000; seq++) {
    const nome = seq === 1 ? `${base}.tar.gz` : `${base}-${seq}.tar.gz`;
    const existe = await fs.stat(path.join(pasta, nome)).catch(() => null);
    if (!existe) return nome;
  }
  throw new Error('Backups demais no mesmo minuto.');
}

/**
 * Makes a backup now into `pasta`: written under a temporary name, flushed to disk and renamed,
 * so a half-written file never counts; then only the newest BACKUPS_MANTIDOS are kept.
 */
export async function criarBackup(
  client: PGlite,
  pasta: string,
  timeZone: string,
  agora: () => Date = () => new Date(),
): Promise<BackupArquivo & { lsn: string }> {
  await fs.mkdir(pasta, { recursive: true });
  const copia = path.join(pasta, `copia-${process.pid}-${Date.now()}${PARCIAL}`);
  const nome = await nomeLivre(pasta, baseDoNome(agora(), timeZone));
  const final = path.join(pasta, nome);
  const temporario = `${final}${PARCIAL}`;
  let lsn: string;
  try {
    lsn = await copiarBanco(client, copia);
    await pipeline(
      Readable.from(tarDaPasta(copia, 'pgdata')),
      zlib.createGzip({ level: 6 }),
      createWriteStream(temporario),
    );
    const arquivo = await fs.open(temporario, 'r+');
    try {
      await arquivo.sync();
    } finally {
      await arquivo.close();
    }
    await fs.rename(temporario, final);
  } catch (error) {
    await fs.rm(temporario, { force: true });
    throw error;
  } finally {
    await fs.rm(copia, { recursive: true, force: true });
  }
  await podarBackups(pasta);
  const stat = await fs.stat(final);
  return { nome, tamanho: stat.size, criado_em: stat.mtime.toISOString(), lsn };
}

// --- the daily schedule -----------------------------------------------------------------------

export interface AgendadorOpcoes {
  /** The admin's choice: on or off, and the hour. */
  preferencias: () => Promise<{ automatico: boolean; hora: number }>;
  /** The newest kept backup's moment, or null. */
  ultimoBackup: () => Promise<Date | null>;
  fazerBackup: () => Promise<unknown>;
  timeZone: string;
  agora?: () => Date;
  /** How often it looks at the clock (a minute). */
  intervaloMs?: number;
  /** The first look after start, so a start is not slowed by a catch-up backup. */
  atrasoInicialMs?: number;
  /** After a failure (a full disk), how long before trying again. */
  esperaAposFalhaMs?: number;
  log?: (mensagem: string, erro?: unknown) => void;
}

/**
 * The daily backup: every minute it asks whether one is due (backupPendente) and makes it.
 * Looking at the clock instead of sleeping until the hour keeps it right across restarts, a
 * changed hour, and a machine that slept.
 */
export class AgendadorBackup {
  private timer: NodeJS.Timeout | undefined;
  private primeiro: NodeJS.Timeout | undefined;
  private rodando: Promise<boolean> | undefined;
  private falhouEm = 0;

  constructor(private readonly opcoes: AgendadorOpcoes) {}

  private agora(): Date {
    return this.opcoes.agora?.() ?? new Date();
  }

  /** One look: makes the backup if it is due; answers whether it made one. */
  verificar(): Promise<boolean> {
    this.rodando ??= this.verificarAgora().finally(() => {
      this.rodando = undefined;
    });
    return this.rodando;
  }

  private async verificarAgora(): Promise<boolean> {
    const agora = this.agora();
    const espera = this.opcoes.esperaAposFalhaMs ?? 60 * 60_000;
    if (this.falhouEm && agora.getTime() - this.falhouEm < espera) return false;
    try {
      const { automatico, hora } = await this.opcoes.preferencias();
      const ultimoBackup = await this.opcoes.ultimoBackup();
      if (!backupPendente(agora, { automatico, hora, ultimoBackup }, this.opcoes.timeZone)) {
        return false;
      }
      await this.opcoes.fazerBackup();
      this.falhouEm = 0;
      return true;
    } catch (error) {
      this.falhouEm = agora.getTime();
      this.opcoes.log?.('Backup automático falhou', error);
      return false;
    }
  }

  iniciar(): void {
    const olhar = () => void this.verificar();
    this.primeiro = setTimeout(olhar, this.opcoes.atrasoInicialMs ?? 30_000);
    this.primeiro.unref();
    this.timer = setInterval(olhar, this.opcoes.intervaloMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops looking; waits for a backup under way to finish. */
  async parar(): Promise<void> {
    clearTimeout(this.primeiro);
    clearInterval(this.timer);
    await this.rodando;
  }
}
