// The dry run and the run of an import: every row read from the stored file, checked with the
// kind's form schema and matched by the chosen key; the run writes through the modules' own
// functions in ONE transaction.
import { sql } from 'drizzle-orm';
import {
  CAMPOS_IMPORTACAO,
  CHAVES_IMPORTACAO,
  IMPORTACAO_MENSAGENS as M,
  IMPORTACAO_POR_PAGINA,
  lerTextoDaCelula,
  type AcaoLinha,
  type ErroLinha,
  type ImportacaoOpcoes,
  type ImportacaoSimulacao,
  type LinhaSimulada,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import type { Database } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { AppError, badRequest } from '../../http/errors';
import { comAuditoria, type Ator } from '../auditoria/auditoria.repository';
import { marcarTransacaoDaImportacao, updateImportacao } from './importacao.repository';
import type { LinhaRecusada } from './importacao.table';
import { DEFINICOES, lerValores, type Indice } from './importacao.tipos';
import type { PlanilhaLida } from './planilha-leitura';
import { LINHAS_POR_COLETA, liberarMemoria } from './memoria';

/**
 * The options checked against the sheet's header: known fields, existing columns, each column
 * feeding one field, every required field and the key's field mapped. 400 with the field.
 */
export function validarOpcoes(
  tipo: TipoImportacao,
  opcoes: ImportacaoOpcoes,
  cabecalhos: readonly string[],
): void {
  const campos = CAMPOS_IMPORTACAO[tipo];
  const usadas = new Map<string, string>();
  for (const [chave, cabecalho] of Object.entries(opcoes.mapeamento)) {
    if (!campos.some((c) => c.chave === chave)) {
      throw badRequest(M.campoDesconhecido(chave), {
        [`mapeamento.${chave}`]: M.campoDesconhecido(chave),
      });
    }
    if (cabecalho === null || cabecalho === '') continue;
    if (!cabecalhos.includes(cabecalho)) {
      const mensagem = M.cabecalhoDesconhecido(cabecalho);
      throw badRequest(mensagem, { [`mapeamento.${chave}`]: mensagem });
    }
    if (usadas.has(cabecalho)) {
      const mensagem = M.colunaRepetida(cabecalho);
      throw badRequest(mensagem, { [`mapeamento.${chave}`]: mensagem });
    }
    usadas.set(cabecalho, chave);
  }
  const mapeado = (chave: string) => !!opcoes.mapeamento[chave];
  for (const campo of campos) {
    if (campo.obrigatorio && !mapeado(campo.chave)) {
      const mensagem = M.campoObrigatorioSemColuna(campo.rotulo);
      throw badRequest(mensagem, { [`mapeamento.${campo.chave}`]: mensagem });
    }
  }
  const chave = CHAVES_IMPORTACAO[tipo].find((c) => c.chave === opcoes.chave);
  if (!chave) throw badRequest(M.chaveInvalida, { chave: M.chaveInvalida });
  // The opening stock's key says how the Produto column is read, not a column of its own.
  const campoDaChave = tipo === 'estoque' ? 'produto' : chave.chave;
  if (!mapeado(campoDaChave)) {
    const mensagem = M.chaveSemColuna(chave.rotulo);
    throw badRequest(mensagem, { chave: mensagem });
  }
}

export interface LinhaLida {
  /** The sheet's row number (the header is row 1 unless blank rows sit above it). */
  linha: number;
  /** The mapped fields' cells, trimmed. */
  textos: Record<string, string>;
}

/** The filled rows under the header, with the mapped cells; blank rows are skipped. */
export function* linhasDaPlanilha(
  planilha: PlanilhaLida,
  mapeamento: ImportacaoOpcoes['mapeamento'],
): Generator<LinhaLida> {
  const colunas = Object.entries(mapeamento)
    .filter((par): par is [string, string] => !!par[1])
    .map(([campo, cabecalho]) => [campo, planilha.cabecalhos.indexOf(cabecalho)] as const);
  for (let i = 0; i < planilha.linhas.length; i++) {
    const celulas = planilha.linhas[i]!;
    if (celulas.every((celula) => celula.trim() === '')) continue;
    const textos: Record<string, string> = {};
    for (const [campo, indice] of colunas) textos[campo] = lerTextoDaCelula(celulas[indice] ?? '');
    yield { linha: planilha.linha_cabecalho + i + 1, textos };
  }
}

/** How many rows have something in them. */
export function contarLinhas(planilha: PlanilhaLida): number {
  return planilha.linhas.filter((celulas) => celulas.some((celula) => celula.trim() !== '')).length;
}

export interface Avaliacao {
  linha: number;
  acao: AcaoLinha;
  textos: Record<string, string>;
  erros: ErroLinha[];
  registroId: number | null;
  dados?: unknown;
}

/** One row: read, matched by the key, checked by the kind's schema; writes nothing. */
export function avaliar(
  tipo: TipoImportacao,
  opcoes: ImportacaoOpcoes,
  indice: Indice,
  vistas: Map<string, number>,
  { linha, textos }: LinhaLida,
): Avaliacao {
  const definicao = DEFINICOES[tipo];
  const recusar = (erros: ErroLinha[]): Avaliacao => ({
    linha,
    acao: 'recusar',
    textos,
    erros,
    registroId: null,
  });
  const chave = definicao.chaveDe(opcoes.chave, textos);
  let registroId: number | null = null;
  if (chave !== null) {
    const primeira = vistas.get(chave);
    if (primeira !== undefined) {
      const campo = tipo === 'estoque' ? 'produto' : opcoes.chave;
      return recusar([{ campo, mensagem: M.chaveRepetida(primeira) }]);
    }
    vistas.set(chave, linha);
    if (!definicao.sempreCria) {
      const id = indice.porChave[opcoes.chave]?.get(chave);
      if (id === -1) {
        const rotulo = CHAVES_IMPORTACAO[tipo].find((c) => c.chave === opcoes.chave)!.rotulo;
        return recusar([{ campo: opcoes.chave, mensagem: M.chaveAmbigua(rotulo) }]);
      }
      registroId = id ?? null;
    }
  }
  if (registroId !== null && opcoes.existentes === 'ignorar') {
    return { linha, acao: 'ignorar', textos, erros: [], registroId };
  }
  const { valores, erros: errosDeCelula } = lerValores(tipo, textos);
  const preparo = definicao.preparar(valores, registroId, indice, opcoes.chave);
  // A cell that could not be read is said once, not again as "required" by the schema.
  const erros = [
    ...errosDeCelula,
    ...preparo.erros.filter((e) => !errosDeCelula.some((c) => c.campo === e.campo)),
  ];
  if (erros.length) return recusar(erros);
  return {
    linha,
    acao: registroId === null ? 'criar' : 'atualizar',
    textos,
    erros: [],
    registroId,
    dados: preparo.dados,
  };
}

// ---------------------------------------------------------------------------------------------
// Dry run

interface Simulacao {
  contagem: Pick<ImportacaoSimulacao, 'criar' | 'atualizar' | 'ignorar' | 'recusar'>;
  linhas: LinhaSimulada[];
  em: number;
}

/**
 * The last few dry runs, for a minute, so paging through one does not check every row again
 * (the file of an import never changes; the records it is matched against may, hence the minute).
 * Two at most: a dry run of a 100,000-row file holds every row's values (tens of MB).
 */
const simulacoes = new Map<string, Simulacao>();
const SIMULACOES_GUARDADAS = 2;
const SIMULACAO_VALIDA_MS = 60_000;

export async function simular(
  db: Database,
  importacao: { id: number; tipo: TipoImportacao },
  planilha: PlanilhaLida,
  opcoes: ImportacaoOpcoes,
  pagina: number,
  soErros: boolean,
): Promise<ImportacaoSimulacao> {
  const chaveCache = JSON.stringify([importacao.id, planilha.folha, opcoes]);
  let simulacao = simulacoes.get(chaveCache);
  if (!simulacao || Date.now() - simulacao.em > SIMULACAO_VALIDA_MS) {
    const indice = await DEFINICOES[importacao.tipo].carregarIndice(db);
    const vistas = new Map<string, number>();
    const contagem = { criar: 0, atualizar: 0, ignorar: 0, recusar: 0 };
    const linhas: LinhaSimulada[] = [];
    for (const lida of linhasDaPlanilha(planilha, opcoes.mapeamento)) {
      const { linha, acao, textos, erros } = avaliar(importacao.tipo, opcoes, indice, vistas, lida);
      contagem[acao]++;
      linhas.push({ linha, acao, valores: textos, erros });
    }
    simulacao = { contagem, linhas, em: Date.now() };
    simulacoes.delete(chaveCache);
    simulacoes.set(chaveCache, simulacao);
    if (simulacoes.size > SIMULACOES_GUARDADAS) simulacoes.delete(simulacoes.keys().next().value!);
  }
  const escolhidas = soErros
    ? simulacao.linhas.filter((l) => l.acao === 'recusar')
    : simulacao.linhas;
  const inicio = (pagina - 1) * IMPORTACAO_POR_PAGINA;
  return {
    ...simulacao.contagem,
    linhas: escolhidas.slice(inicio, inicio + IMPORTACAO_POR_PAGINA),
    total_linhas: escolhidas.length,
    pagina,
    por_pagina: IMPORTACAO_POR_PAGINA,
  };
}

// ---------------------------------------------------------------------------------------------
// Run

/** A run in this process: its progress (GET /:id) and the cancel request (POST /:id/cancelar). */
export interface Execucao {
  processadas: number;
  cancelar: boolean;
  fim: Promise<void>;
}
export const execucoes = new Map<number, Execucao>();

/** Rows per batch: one savepoint (one INSERT for new products), then a look at the cancel request. */
const LOTE = 200;

class Cancelada extends Error {}
class RecusadasNoTudo extends Error {
  constructor(readonly recusadas: LinhaRecusada[]) {
    super('recusadas no modo tudo');
  }
}

/** Why the database or the module refused a row's write, in pt-BR; undefined for a real fault. */
function motivoDaRecusa(erro: unknown): string | undefined {
  if (erro instanceof AppError) return erro.message;
  switch (pgErrorCode(erro)) {
    case PG_ERROR.uniqueViolation:
      return 'Já existe um registro com estes dados.';
    case PG_ERROR.checkViolation:
      return 'A linha violaria uma regra dos dados.';
    case PG_ERROR.stringTooLong:
    case PG_ERROR.numericOutOfRange:
    case PG_ERROR.invalidTextRepresentation:
      return 'Valor inválido ou longo demais.';
    default:
      return undefined;
  }
}

/**
 * Runs an import in the background of this process. The whole import is ONE database
 * transaction: in 'tudo' mode any refused row rolls all of it back (status Falhou with the
 * count); in 'validas' mode each row is written in a savepoint, so a row the database refuses is
 * listed and the rest stays. A cancel rolls everything back. A kill -9 in the middle leaves
 * nothing of the import either: the transaction never commits, and the row still 'Em andamento'
 * is marked Falhou on the next read (encerrarSeAbandonada).
 */
export function iniciarExecucao(
  db: Database,
  id: number,
  tipo: TipoImportacao,
  planilha: PlanilhaLida,
  opcoes: ImportacaoOpcoes,
  ator: NonNullable<Ator>,
  timeZone: string,
): Execucao {
  const execucao: Execucao = { processadas: 0, cancelar: false, fim: Promise.resolve() };
  execucoes.set(id, execucao);
  execucao.fim = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => executar(db, id, tipo, planilha, opcoes, ator, timeZone, execucao))
    .finally(() => {
      execucoes.delete(id);
      // The records changed: a dry run kept from before would tell the old story.
      simulacoes.clear();
    });
  return execucao;
}

async function executar(
  db: Database,
  id: number,
  tipo: TipoImportacao,
  planilha: PlanilhaLida,
  opcoes: ImportacaoOpcoes,
  ator: NonNullable<Ator>,
  timeZone: string,
  execucao: Execucao,
): Promise<void> {
  const definicao = DEFINICOES[tipo];
  try {
    await comAuditoria(db, ator, async (tx) => {
      await marcarTransacaoDaImportacao(tx, id);
      const indice = await definicao.carregarIndice(tx);
      const contexto = { tx, usuarioId: ator.id, usuarioNome: ator.nome, timeZone, indice };
      const vistas = new Map<string, number>();
      const contagem = { criados: 0, atualizados: 0, ignorados: 0 };
      const recusadas: LinhaRecusada[] = [];
      let lote: Avaliacao[] = [];

      const contar = (itens: readonly Avaliacao[]) => {
        for (const item of itens) {
          if (item.acao === 'criar') contagem.criados++;
          else contagem.atualizados++;
        }
      };
      const gravar = (itens: readonly Avaliacao[]) =>
        tx.transaction((sp) => definicao.gravarLote(itens, { ...contexto, tx: sp }));
      /**
       * A batch in a savepoint; when the database refuses it, its rows one by one (each in a
       * savepoint of its own), so only the refused ones are left out.
       */
      async function gravarLote() {
        const itens = lote;
        lote = [];
        // All or nothing: after the first refusal the rest is only checked, to count.
        if (itens.length === 0 || (opcoes.modo === 'tudo' && recusadas.length)) return;
        await definicao.antesDoLote?.(itens, contexto);
        try {
          await gravar(itens);
          contar(itens);
          return;
        } catch (erro) {
          if (motivoDaRecusa(erro) === undefined) throw erro;
        }
        for (const item of itens) {
          try {
            await gravar([item]);
            contar([item]);
          } catch (erro) {
            const motivo = motivoDaRecusa(erro);
            if (motivo === undefined) throw erro;
            recusadas.push({ linha: item.linha, motivo });
          }
        }
      }

      let processadas = 0;
      for (const lida of linhasDaPlanilha(planilha, opcoes.mapeamento)) {
        const avaliacao = avaliar(tipo, opcoes, indice, vistas, lida);
        processadas++;
        if (avaliacao.acao === 'ignorar') contagem.ignorados++;
        else if (avaliacao.acao === 'recusar') {
          recusadas.push({ linha: avaliacao.linha, motivo: motivoDasLinhas(avaliacao.erros) });
        } else lote.push(avaliacao);
        if (processadas % LOTE === 0) {
          await gravarLote();
          execucao.processadas = processadas;
          if (execucao.cancelar) throw new Cancelada();
          if (processadas % LINHAS_POR_COLETA === 0) liberarMemoria();
        }
      }
      await gravarLote();
      execucao.processadas = processadas;
      if (execucao.cancelar) throw new Cancelada();
      if (opcoes.modo === 'tudo' && recusadas.length) throw new RecusadasNoTudo(recusadas);
      // In the same transaction: the import's one audit entry (trigger of migration 0034).
      await updateImportacao(tx, id, {
        status: 'Concluída',
        processadas,
        ...contagem,
        recusados: recusadas.length,
        recusadas,
        erro: null,
        concluidaEm: sql`now()` as unknown as Date,
      });
    });
  } catch (erro) {
    if (erro instanceof Cancelada) {
      await updateImportacao(db, id, { ...ZERADA, status: 'Cancelada', erro: M.cancelada });
    } else if (erro instanceof RecusadasNoTudo) {
      await updateImportacao(db, id, {
        ...ZERADA,
        status: 'Falhou',
        erro: M.falhouTudo(erro.recusadas.length),
        processadas: execucao.processadas,
        recusados: erro.recusadas.length,
        recusadas: erro.recusadas,
      });
    } else {
      console.error(`Importação ${id} falhou`, erro);
      await updateImportacao(db, id, { ...ZERADA, status: 'Falhou', erro: M.erroInesperado });
    }
  }
}

const ZERADA = {
  processadas: 0,
  criados: 0,
  atualizados: 0,
  ignorados: 0,
  recusados: 0,
  recusadas: null,
};

/** A refused row's reason for the CSV: each problem, with its field's label. */
export function motivoDasLinhas(erros: readonly ErroLinha[]): string {
  return erros.map((e) => e.mensagem).join('; ');
}
