import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A minimal tar (ustar) writer and reader for the data directory: regular files and folders,
 * names under 100 characters or split with the ustar prefix. Enough for PostgreSQL's data
 * directory, whose copy this way is native file copying instead of PGlite's in-memory dump.
 */
const BLOCO = 512;

function octal(valor: number, largura: number): string {
  return valor.toString(8).padStart(largura - 1, '0') + '\0';
}

function cabecalho(nome: string, tamanho: number, tipo: '0' | '5', mtime: number): Buffer {
  const header = Buffer.alloc(BLOCO);
  let prefixo = '';
  let curto = nome;
  if (Buffer.byteLength(nome) > 100) {
    const corte = nome.lastIndexOf('/', 155);
    prefixo = nome.slice(0, corte);
    curto = nome.slice(corte + 1);
    if (corte <= 0 || Buffer.byteLength(curto) > 100 || Buffer.byteLength(prefixo) > 155) {
      throw new Error(`Nome longo demais para o tar: ${nome}`);
    }
  }
  header.write(curto, 0, 100, 'utf8');
  header.write(octal(tipo === '5' ? 0o755 : 0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(tamanho, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write(tipo, 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefixo, 345, 155, 'utf8');
  let soma = 0;
  for (const byte of header) soma += byte;
  header.write(soma.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return header;
}

/** The tar of folder `pasta`, its entries named `raiz/...`, as a stream of chunks. */
export async function* tarDaPasta(pasta: string, raiz: string): AsyncGenerator<Buffer> {
  async function* visitar(absoluto: string, relativo: string): AsyncGenerator<Buffer> {
    const stat = await fs.stat(absoluto);
    yield cabecalho(`${relativo}/`, 0, '5', stat.mtimeMs);
    const entradas = await fs.readdir(absoluto, { withFileTypes: true });
    entradas.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entrada of entradas) {
      const filho = path.join(absoluto, entrada.name);
      const nome = `${relativo}/${entrada.name}`;
      if (entrada.isDirectory()) {
        yield* visitar(filho, nome);
      } else if (entrada.isFile()) {
        const info = await fs.stat(filho);
        yield cabecalho(nome, info.size, '0', info.mtimeMs);
        let lidos = 0;
        for await (const pedaco of createReadStream(filho)) {
          lidos += (pedaco as Buffer).length;
          yield pedaco as Buffer;
        }
        if (lidos !== info.size) throw new Error(`Arquivo mudou durante a cópia: ${nome}`);
        const resto = lidos % BLOCO;
        if (resto) yield Buffer.alloc(BLOCO - resto);
      }
    }
  }
  yield* visitar(pasta, raiz);
  yield Buffer.alloc(BLOCO * 2);
}

export interface EntradaTar {
  nome: string;
  tipo: 'arquivo' | 'pasta' | 'outro';
  conteudo: Buffer;
}

/** The entries of a tar in memory; throws on a damaged one. */
export function lerTar(tar: Buffer): EntradaTar[] {
  const entradas: EntradaTar[] = [];
  let offset = 0;
  while (offset + BLOCO <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCO);
    if (header.every((byte) => byte === 0)) return entradas;
    const texto = (inicio: number, fim: number) =>
      header.subarray(inicio, fim).toString('utf8').replace(/\0.*$/s, '');
    let soma = 0;
    for (let i = 0; i < BLOCO; i++) soma += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(texto(148, 156).trim(), 8) !== soma) throw new Error('cabeçalho corrompido');
    const tamanho = parseInt(texto(124, 136).trim() || '0', 8);
    if (!Number.isSafeInteger(tamanho) || tamanho < 0) throw new Error('tamanho inválido');
    const prefixo = texto(345, 500);
    const nome = prefixo ? `${prefixo}/${texto(0, 100)}` : texto(0, 100);
    const flag = texto(156, 157);
    const inicio = offset + BLOCO;
    if (inicio + tamanho > tar.length) throw new Error('arquivo truncado');
    entradas.push({
      nome,
      tipo: flag === '5' ? 'pasta' : flag === '0' || flag === '' ? 'arquivo' : 'outro',
      conteudo: tar.subarray(inicio, inicio + tamanho),
    });
    offset = inicio + Math.ceil(tamanho / BLOCO) * BLOCO;
  }
  throw new Error('arquivo truncado');
}

/**
 * Writes the database folder of a tar into `destino`: the folder holding PG_VERSION is its root
 * (`pgdata/` in the Prumo's backups), every entry must be inside it, none may climb out ("..").
 */
export async function extrairBanco(tar: Buffer, destino: string): Promise<void> {
  const entradas = lerTar(tar);
  // Each database's folder has a PG_VERSION too: the shortest path is the data directory's.
  const versao = entradas
    .filter((entrada) => /(^|\/)PG_VERSION$/.test(entrada.nome))
    .sort((a, b) => a.nome.length - b.nome.length)[0];
  if (!versao) throw new Error('não contém um banco de dados');
  const raiz = versao.nome.slice(0, -'PG_VERSION'.length);
  await fs.mkdir(destino, { recursive: true });
  for (const entrada of entradas) {
    if (entrada.tipo === 'outro') continue;
    if (!entrada.nome.startsWith(raiz)) {
      if (raiz.startsWith(entrada.nome) && entrada.tipo === 'pasta') continue; // a parent folder
      throw new Error(`entrada fora do banco: ${entrada.nome}`);
    }
    const relativo = entrada.nome.slice(raiz.length).replace(/\/$/, '');
    if (!relativo) continue;
    const partes = relativo.split('/');
    if (partes.some((parte) => parte === '' || parte === '.' || parte === '..')) {
      throw new Error(`nome inválido: ${entrada.nome}`);
    }
    const alvo = path.join(destino, ...partes);
    if (entrada.tipo === 'pasta') {
      await fs.mkdir(alvo, { recursive: true });
    } else {
      await fs.mkdir(path.dirname(alvo), { recursive: true });
      await fs.writeFile(alvo, entrada.conteudo, { mode: 0o600 });
    }
  }
}
