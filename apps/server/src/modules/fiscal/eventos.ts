// A note's life after its issue (issue 29): its cancellation (event 110111), its correction
// letters (CC-e, event 110110) and the voiding of numbers SEFAZ never authorized (inutilização).
// As in emission, what goes to SEFAZ is guarded before it leaves and recorded before the answer
// reaches the user: the note's evento_em_andamento is taken with a conditional UPDATE, so two
// requests at once send one event; an event SEFAZ says it already has (573, a send whose answer
// was lost) is fetched back from the protocol query and recorded.
import {
  DEVOLUCOES_MENSAGENS,
  EVENTO_CANCELAMENTO,
  EVENTO_CARTA_CORRECAO,
  EVENTOS_MENSAGENS,
  FISCAL_MENSAGENS,
  MAXIMO_CORRECOES,
  MODELO_LABELS,
  PRAZO_CANCELAMENTO_MS,
  TIPO_EVENTO_LABELS,
  mensagemSefazEvento,
  type CancelamentoResultado,
  type CancelarNotaInput,
  type EventoNfe,
  type EventosDaNota,
  type Inutilizacao,
  type InutilizacaoInput,
  type ModeloFiscal,
  type NotaFiscal,
  type SituacaoNota,
  type TipoEventoNfe,
} from '@prumo/shared/fiscal';
import { toISODate } from '@prumo/shared/dates';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { comAuditoria, type Ator } from '../auditoria/auditoria.repository';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { alterarStatusVenda, getVenda } from '../vendas/vendas.repository';
import { desfazerDevolucao } from './devolucoes';
import { devolucoesDaNota } from './devolucoes.repository';
import { ServicoFiscal } from './emissao';
import {
  dataDaSefaz,
  homologada,
  registroDoRetorno,
  valoresDaInutilizacao,
  type Faixa,
  type Registro,
} from './eventos-registro';
import {
  eventoDaNota,
  eventoEmCurso,
  eventosDaNota,
  inserirEventoNfe,
  inserirInutilizacao,
  inutilizacao,
  inutilizacoesSobrepostas,
  numerosUsados,
  proximoNumero,
  soltarEvento,
  tomarEvento,
  ultimaSequencia,
  type EventoEmAndamento,
} from './eventos.repository';
import {
  atualizarNota,
  getConfiguracaoFiscal,
  getNota,
  notaRow,
  registrarEvento,
  type NotaRow,
} from './fiscal.repository';
import {
  CSTAT,
  SefazErro,
  SefazMensagemInvalida,
  SefazSemResposta,
  type RetornoEvento,
  type RetornoInutilizacao,
  type SefazClient,
} from './sefaz/sefaz-client';
import type { notaFiscalEventos } from './fiscal.table';

const M = EVENTOS_MENSAGENS;
const DECLARACAO = '<?xml version="1.0" encoding="UTF-8"?>';
/** How many used numbers a refused inutilização names. */
const NOMEADOS = 10;

/** An event SEFAZ registered, as it is kept. */
interface PedidoDeEvento {
  sequencia: number;
  texto: string;
  enviar: (cliente: SefazClient, cnpj: string) => Promise<RetornoEvento>;
  /** What the note becomes once SEFAZ registers it (a cancellation: Cancelada). */
  situacao?: SituacaoNota;
  /** The timeline's line once registered. */
  descricao: string;
}

/** The deadline of a note's cancellation, once authorized. */
function prazoDeCancelamento(nota: NotaRow): Date | null {
  if (!nota.autorizadaEm) return null;
  return new Date(nota.autorizadaEm.getTime() + PRAZO_CANCELAMENTO_MS[nota.modelo as ModeloFiscal]);
}

/**
 * Why the note cannot be cancelled now, or null. These checks run again once the note's slot is
 * taken (another request may have changed the note meanwhile); the slot itself is not one.
 */
function motivoParaNaoCancelar(nota: NotaRow, agora = new Date()): string | null {
  if (nota.substituidaPorId) return M.tentativaSubstituida;
  if (nota.situacao !== 'Autorizada') return M.naoCancelavel(nota.situacao);
  const prazo = prazoDeCancelamento(nota);
  if (prazo && prazo.getTime() <= agora.getTime()) {
    return M.prazoEsgotado(nota.modelo as ModeloFiscal);
  }
  return null;
}

/** Why the note takes no correction letter now, or null. */
function motivoParaNaoCorrigir(nota: NotaRow, registradas: number): string | null {
  if (nota.modelo !== 55) return M.correcaoSoNfe;
  if (nota.situacao !== 'Autorizada') return M.correcaoNaoAutorizada(nota.situacao);
  if (registradas >= MAXIMO_CORRECOES) return M.limiteCorrecoes;
  return null;
}

/** Why the note's number cannot be voided now, or null. */
function motivoParaNaoInutilizar(nota: NotaRow): string | null {
  if (!['Rascunho', 'Rejeitada'].includes(nota.situacao) || nota.substituidaPorId) {
    return M.naoInutilizavel;
  }
  if (nota.envioIncerto) return M.envioIncerto;
  return null;
}

const recusar = (motivo: string | null) => {
  if (motivo) throw new AppError('REGRA_VIOLADA', motivo);
};

/** A failure to reach SEFAZ as the user reads it. */
function erroDaSefaz(erro: unknown): unknown {
  if (erro instanceof SefazSemResposta) return new AppError('REGRA_VIOLADA', M.semResposta);
  if (erro instanceof SefazMensagemInvalida) return new AppError('REGRA_VIOLADA', erro.message);
  if (erro instanceof SefazErro) {
    return new AppError('REGRA_VIOLADA', `${FISCAL_MENSAGENS.sefazIndisponivel} (${erro.message})`);
  }
  return erro;
}

/** The event SEFAZ registered (135/155) from its answer, with the procEventoNFe built. */
export class EventosFiscais {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  /** The module's one service (fiscalRoutes made it for this database). */
  private servico(): ServicoFiscal {
    const servico = ServicoFiscal.de(this.db);
    if (!servico) throw new Error('Serviço fiscal não iniciado');
    return servico;
  }

  private async nota(id: number): Promise<NotaRow> {
    const nota = await notaRow(this.db, id);
    if (!nota) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
    return nota;
  }

  /** GET /api/notas-fiscais/:id/eventos: the registered events and what may be done now. */
  async situacao(id: number, agora = new Date()): Promise<EventosDaNota> {
    const nota = await this.nota(id);
    const eventos = await eventosDaNota(this.db, id);
    const correcoes = eventos.filter((evento) => evento.tipo_evento === EVENTO_CARTA_CORRECAO);
    const prazo = nota.situacao === 'Autorizada' ? prazoDeCancelamento(nota) : null;
    const ocupada = eventoEmCurso(nota, agora) ? M.eventoEmAndamento : null;
    const naoCancela =
      motivoParaNaoCancelar(nota, agora) ?? (await this.referenciada(nota)) ?? ocupada;
    const naoCorrige = motivoParaNaoCorrigir(nota, correcoes.length) ?? ocupada;
    const naoInutiliza = motivoParaNaoInutilizar(nota) ?? ocupada;
    return {
      cancelamento: {
        permitido: naoCancela === null,
        prazo_ate: prazo?.toISOString() ?? null,
        restante_segundos: prazo
          ? Math.max(0, Math.floor((prazo.getTime() - agora.getTime()) / 1000))
          : null,
        motivo: naoCancela,
      },
      correcao: {
        permitida: naoCorrige === null,
        restantes: nota.modelo === 55 ? MAXIMO_CORRECOES - correcoes.length : 0,
        motivo: naoCorrige,
      },
      inutilizacao: { permitida: naoInutiliza === null, motivo: naoInutiliza },
      eventos,
    };
  }

  /**
   * POST /api/notas-fiscais/:id/cancelar: the cancellation event within the deadline; with
   * `cancelar_venda`, the sale is then cancelled by the sales module's own move (its stock and
   * receivables return through their ledgers, once). The note's cancellation stands even when
   * the sale's fails: the answer says why.
   */
  async cancelar(
    usuario: AuthenticatedUser,
    id: number,
    entrada: Required<CancelarNotaInput>,
  ): Promise<CancelamentoResultado> {
    const nota = await this.nota(id);
    recusar(motivoParaNaoCancelar(nota) ?? (await this.referenciada(nota)));
    const { justificativa } = entrada;
    const eventoId = await this.registrarEvento(
      usuario,
      nota,
      EVENTO_CANCELAMENTO,
      async (atual) => {
        recusar(motivoParaNaoCancelar(atual) ?? (await this.referenciada(atual)));
        return {
          sequencia: 1,
          texto: justificativa,
          enviar: (cliente, cnpj) =>
            cliente.cancelar({
              chave: atual.chave,
              protocolo: atual.protocolo ?? '',
              justificativa,
              cnpj,
            }),
          situacao: 'Cancelada',
          descricao: `Cancelada: ${justificativa}`,
        };
      },
    );
    const venda =
      entrada.cancelar_venda && nota.vendaId !== null
        ? await this.cancelarVenda(usuario, nota, nota.vendaId, justificativa)
        : { cancelada: false, aviso: null };
    const devolucao = await this.desfazerDevolucao(usuario, nota, justificativa);
    return {
      nota: (await getNota(this.db, id))!,
      evento: (await eventoDaNota(this.db, id, eventoId))!,
      venda_cancelada: venda.cancelada,
      aviso: venda.aviso ?? devolucao,
    };
  }

  /** A note a live return references is not cancelled (SEFAZ refuses it): why, or null. */
  private async referenciada(nota: NotaRow): Promise<string | null> {
    const quantas = await devolucoesDaNota(this.db, nota.id);
    return quantas > 0 ? DEVOLUCOES_MENSAGENS.notaComDevolucao(quantas) : null;
  }

  /**
   * A return's note cancelled or voided: the return is undone (stock and title), once. Answers
   * what the user is told (also on the note's timeline), or null for a note that is not a
   * return's.
   */
  private async desfazerDevolucao(
    usuario: AuthenticatedUser,
    nota: NotaRow,
    justificativa: string,
  ): Promise<string | null> {
    if (nota.devolucaoId === null) return null;
    let aviso: string;
    try {
      await desfazerDevolucao(this.db, this.config, usuario, nota, justificativa);
      aviso = DEVOLUCOES_MENSAGENS.devolucaoDesfeita;
    } catch (erro) {
      if (!(erro instanceof AppError)) throw erro;
      aviso = DEVOLUCOES_MENSAGENS.devolucaoNaoDesfeita(erro.message);
    }
    await registrarEvento(this.db, {
      notaId: nota.id,
      tipo: 'devolucao',
      descricao: aviso,
      usuarioId: usuario.id,
    });
    return aviso;
  }

  private async cancelarVenda(
    usuario: AuthenticatedUser,
    nota: NotaRow,
    vendaId: number,
    justificativa: string,
  ) {
    const motivo = `${MODELO_LABELS[nota.modelo as ModeloFiscal]} nº ${nota.numero} cancelada: ${justificativa}`;
    try {
      await comAuditoria(this.db, usuario, (tx) =>
        alterarStatusVenda(
          tx,
          vendaId,
          { status: 'Cancelada', motivo: motivo.slice(0, 200) },
          {
            usuario,
            timeZone: this.config.timeZone,
            descontoLimite: this.config.vendas.descontoLimite,
          },
        ),
      );
      return { cancelada: true, aviso: null };
    } catch (erro) {
      if (!(erro instanceof AppError)) throw erro;
      const jaCancelada = (await getVenda(this.db, vendaId))?.status === 'Cancelada';
      return {
        cancelada: jaCancelada,
        aviso: jaCancelada ? M.vendaJaCancelada : M.vendaNaoCancelada(erro.message),
      };
    }
  }

  /** POST /api/notas-fiscais/:id/correcoes: the next correction letter of an authorized NF-e. */
  async corrigir(ator: Ator, id: number, correcao: string): Promise<EventoNfe> {
    const nota = await this.nota(id);
    const registradas = () => ultimaSequencia(this.db, id, EVENTO_CARTA_CORRECAO);
    recusar(motivoParaNaoCorrigir(nota, await registradas()));
    // The sequence is read with the slot held: two letters at once never take the same one.
    const eventoId = await this.registrarEvento(
      ator,
      nota,
      EVENTO_CARTA_CORRECAO,
      async (atual) => {
        const ultima = await registradas();
        recusar(motivoParaNaoCorrigir(atual, ultima));
        const sequencia = ultima + 1;
        return {
          sequencia,
          texto: correcao,
          enviar: (cliente, cnpj) =>
            cliente.corrigir({ chave: atual.chave, correcao, nSeqEvento: sequencia, cnpj }),
          descricao: `Carta de correção nº ${sequencia}: ${correcao}`,
        };
      },
    );
    return (await eventoDaNota(this.db, id, eventoId))!;
  }

  /**
   * Sends one event of the note with its slot taken, and records what SEFAZ answered: the
   * event and the note's change in one transaction when registered; the refusal on the
   * timeline (then 409 with its reason in pt-BR) when not. `montar` checks the note as it is
   * once the slot is held (refusing throws) and makes the request. Answers the event's id.
   */
  private async registrarEvento(
    ator: Ator,
    nota: NotaRow,
    tipo: TipoEventoNfe,
    montar: (atual: NotaRow) => PedidoDeEvento | Promise<PedidoDeEvento>,
  ) {
    const { cliente } = await this.servico().contexto(ator);
    const cnpj = (await getEmpresa(this.db, this.config)).documento ?? '';
    const rotulo = TIPO_EVENTO_LABELS[tipo];
    const pedido = await this.comVez(ator, nota.id, tipo, montar);
    let retorno: RetornoEvento;
    let registro: Registro | null;
    try {
      retorno = await pedido.enviar(cliente, cnpj);
      registro =
        registroDoRetorno(retorno, pedido.texto) ??
        (retorno.evento?.cStat === CSTAT.eventoDuplicado
          ? await this.eventoJaRegistrado(cliente, nota.chave, tipo, pedido)
          : null);
    } catch (erro) {
      await this.soltar(ator, nota.id, falhaNaLinhaDoTempo(rotulo, erro));
      throw erroDaSefaz(erro);
    }
    if (!registro) {
      const cStat = retorno.evento?.cStat ?? retorno.cStat;
      const xMotivo = retorno.evento?.xMotivo ?? retorno.xMotivo;
      await this.soltar(ator, nota.id, {
        tipo: 'rejeicao',
        descricao: `${rotulo} recusado pela SEFAZ`,
        cStat,
        xMotivo,
        xml: retorno.xml,
      });
      throw new AppError('REGRA_VIOLADA', mensagemSefazEvento(cStat, xMotivo));
    }
    const usuarioId = ator?.id ?? null;
    const feito = registro;
    return comAuditoria(this.db, ator, async (tx) => {
      await atualizarNota(tx, nota.id, {
        eventoEmAndamento: null,
        ...(pedido.situacao ? { situacao: pedido.situacao } : {}),
      });
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: tipo === EVENTO_CANCELAMENTO ? 'cancelamento' : 'correcao',
        descricao: pedido.descricao,
        cStat: feito.cStat,
        xMotivo: feito.xMotivo,
        xml: feito.xml,
        usuarioId,
      });
      return inserirEventoNfe(tx, {
        notaId: nota.id,
        tipoEvento: tipo,
        sequencia: pedido.sequencia,
        texto: feito.texto,
        protocolo: feito.protocolo,
        cStat: feito.cStat,
        xMotivo: feito.xMotivo,
        registradoEm: feito.registradoEm,
        xml: feito.xml,
        usuarioId,
      });
    });
  }

  /**
   * SEFAZ already has the event (573): an earlier send whose answer never came. The protocol
   * query brings the registered one back, to be recorded as if answered now.
   */
  private async eventoJaRegistrado(
    cliente: SefazClient,
    chave: string,
    tipo: TipoEventoNfe,
    pedido: PedidoDeEvento,
  ): Promise<Registro | null> {
    const consulta = await cliente.consultarProtocolo(chave);
    const achado = consulta.eventos.find(
      (evento) =>
        evento.tpEvento === tipo &&
        evento.nSeqEvento === pedido.sequencia &&
        (evento.cStat === CSTAT.eventoRegistrado ||
          evento.cStat === CSTAT.eventoRegistradoSemVinculo),
    );
    if (!achado) return null;
    return {
      cStat: achado.cStat,
      xMotivo: achado.xMotivo,
      protocolo: achado.nProt,
      registradoEm: dataDaSefaz(achado.dhRegEvento),
      texto: achado.texto ?? pedido.texto,
      xml: `${DECLARACAO}${achado.xml}`,
    };
  }

  /**
   * Takes the note's slot for a request to SEFAZ (409 while another holds it) and answers what
   * `preparar` makes of the note as it is now; when that refuses, the slot is given back.
   */
  private async comVez<T>(
    ator: Ator,
    notaId: number,
    evento: EventoEmAndamento,
    preparar: (atual: NotaRow) => T | Promise<T>,
  ): Promise<T> {
    const tomado = await comAuditoria(this.db, ator, (tx) => tomarEvento(tx, notaId, evento));
    if (!tomado) throw new AppError('REGRA_VIOLADA', M.eventoEmAndamento);
    try {
      return await preparar(await this.nota(notaId));
    } catch (erro) {
      await this.soltar(ator, notaId, null);
      throw erro;
    }
  }

  /** Gives the slot back after a failure or a refusal, with what happened on the timeline. */
  private async soltar(ator: Ator, notaId: number, linha: LinhaDoTempo | null): Promise<void> {
    await comAuditoria(this.db, ator, async (tx) => {
      await soltarEvento(tx, notaId);
      if (linha) await registrarEvento(tx, { ...linha, notaId, usuarioId: ator?.id ?? null });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Inutilização.

  /**
   * POST /api/fiscal/inutilizacoes: a range of the série never used, in the ambiente in use.
   * Numbers a note holds, numbers already voided and numbers the série has not reached are
   * refused, named.
   */
  async inutilizarFaixa(ator: Ator, entrada: InutilizacaoInput): Promise<Inutilizacao> {
    const { ambiente } = await getConfiguracaoFiscal(this.db);
    const faixa = {
      modelo: entrada.modelo as ModeloFiscal,
      serie: entrada.serie,
      inicio: entrada.numero_inicial,
      fim: entrada.numero_final,
      justificativa: entrada.justificativa,
    };
    const serie = { ambiente, modelo: faixa.modelo, serie: faixa.serie };
    const proximo = await proximoNumero(this.db, faixa.modelo, faixa.serie);
    if (faixa.fim >= proximo) throw recusaNoCampo('numero_final', M.numeroAFrente(proximo));
    const usados = await numerosUsados(this.db, serie, faixa.inicio, faixa.fim, NOMEADOS + 1);
    if (usados.length > 0) {
      const nomeados = usados.slice(0, NOMEADOS);
      const mensagem = M.numerosUsados(faixa.modelo, nomeados, usados.length > NOMEADOS);
      throw recusaNoCampo('numero_inicial', mensagem);
    }
    const inutilizadas = await inutilizacoesSobrepostas(this.db, serie, faixa.inicio, faixa.fim);
    if (inutilizadas.length > 0) {
      throw recusaNoCampo('numero_inicial', M.numerosInutilizados(inutilizadas));
    }
    const { cliente } = await this.servico().contexto(ator);
    const retorno = await this.pedirInutilizacao(cliente, faixa).catch((erro: unknown) => {
      throw erroDaSefaz(erro);
    });
    if (!homologada(retorno)) {
      throw new AppError('REGRA_VIOLADA', mensagemSefazEvento(retorno.cStat, retorno.xMotivo));
    }
    const id = await comAuditoria(this.db, ator, (tx) =>
      inserirInutilizacao(tx, valoresDaInutilizacao(ambiente, faixa, retorno, ator)),
    );
    const { xml: _xml, ...registrada } = (await inutilizacao(this.db, id))!;
    return registrada;
  }

  /**
   * POST /api/notas-fiscais/:id/inutilizar: a Rascunho or Rejeitada note that will not be sent
   * gives up its number; the note becomes Inutilizada (a return's note undoes its return).
   */
  async inutilizarNota(
    ator: AuthenticatedUser,
    id: number,
    justificativa: string,
  ): Promise<NotaFiscal> {
    const nota = await this.nota(id);
    recusar(motivoParaNaoInutilizar(nota));
    const { cliente } = await this.servico().contexto(ator);
    const faixa = {
      modelo: nota.modelo as ModeloFiscal,
      serie: nota.serie,
      inicio: nota.numero,
      fim: nota.numero,
      justificativa,
    };
    await this.comVez(ator, id, 'inutil', (atual) => recusar(motivoParaNaoInutilizar(atual)));
    let retorno: RetornoInutilizacao;
    try {
      retorno = await this.pedirInutilizacao(cliente, faixa);
    } catch (erro) {
      await this.soltar(ator, id, falhaNaLinhaDoTempo('Inutilização', erro));
      throw erroDaSefaz(erro);
    }
    if (!homologada(retorno)) {
      await this.soltar(ator, id, {
        tipo: 'rejeicao',
        descricao: 'Inutilização recusada pela SEFAZ',
        cStat: retorno.cStat,
        xMotivo: retorno.xMotivo,
        xml: retorno.xml,
      });
      throw new AppError('REGRA_VIOLADA', mensagemSefazEvento(retorno.cStat, retorno.xMotivo));
    }
    await comAuditoria(this.db, ator, async (tx) => {
      await inserirInutilizacao(tx, valoresDaInutilizacao(nota.ambiente, faixa, retorno, ator));
      await atualizarNota(tx, id, {
        situacao: 'Inutilizada',
        protocolo: retorno.nProt,
        eventoEmAndamento: null,
      });
      await registrarEvento(tx, {
        notaId: id,
        tipo: 'inutilizacao',
        descricao: `Número ${nota.numero} inutilizado na SEFAZ: ${justificativa}`,
        cStat: retorno.cStat,
        xMotivo: retorno.xMotivo,
        xml: retorno.xml,
        usuarioId: ator?.id ?? null,
      });
    });
    await this.desfazerDevolucao(ator, nota, justificativa);
    return (await getNota(this.db, id))!;
  }

  /** NFeInutilizacao4 for the company's CNPJ, in this year (AA) of the company's calendar. */
  private async pedirInutilizacao(cliente: SefazClient, faixa: Faixa) {
    const cnpj = (await getEmpresa(this.db, this.config)).documento ?? '';
    const ano = Number(toISODate(new Date(), this.config.timeZone).slice(0, 4));
    return cliente.inutilizar({ ...faixa, cnpj, ano });
  }
}

type LinhaDoTempo = Omit<typeof notaFiscalEventos.$inferInsert, 'notaId' | 'usuarioId'>;

/** A failure to reach SEFAZ, as the note's timeline keeps it (nothing for other errors). */
function falhaNaLinhaDoTempo(rotulo: string, erro: unknown): LinhaDoTempo | null {
  return erro instanceof SefazErro
    ? { tipo: 'erro', descricao: `${rotulo}: ${erro.message}` }
    : null;
}

const recusaNoCampo = (campo: string, mensagem: string) =>
  new AppError('REGRA_VIOLADA', mensagem, { [campo]: mensagem });
