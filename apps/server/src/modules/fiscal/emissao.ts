// Issuing NF-e and NFC-e: from a finalized sale to an authorized note, and what happens when
// SEFAZ rejects or does not answer. What goes outside is written first and sent after
// (ARCHITECTURE.md, "Outside services"): the note and its number are committed before the XML is
// sent; the authorized nfeProc is committed before the answer reaches the user; a send that got
// no answer is consulted by key before anything is sent again, so SEFAZ never sees a duplicate.
import {
  AMBIENTE_LABELS,
  EVENTO_CANCELAMENTO,
  EVENTOS_MENSAGENS,
  FISCAL_MENSAGENS,
  FISCAL_TEXTOS,
  MODELO_LABELS,
  TP_AMB,
  type CenarioSimulacao,
  type ConfiguracaoFiscal,
  type EmitirNotaInput,
  type ModeloFiscal,
  type NotaFiscal,
  type StatusFiscal,
} from '@prumo/shared/fiscal';
import { codigoNumericoValido, gerarCodigoNumerico, montarChave } from '@prumo/shared/fiscal';
import type { UF } from '@prumo/shared/brasil';
import { toISODate } from '@prumo/shared/dates';
import type { Empresa } from '@prumo/shared/configuracoes';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/database';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors';
import { AppError, notFound } from '../../http/errors';
import { carregarChaveCofre, criarCofre, type Cofre } from '../../seguranca/cofre';
import { comAuditoria, type Ator } from '../auditoria/auditoria.repository';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { enfileirarEmail } from '../emails/emails.repository';
import { lerCertificadoA1 } from './certificado/certificado';
import {
  autoridadeTeste,
  gerarCertificadoTeste,
  type AutoridadeTeste,
} from './certificado/certificado-teste';
import {
  anteciparFila,
  atualizarNota,
  configuracaoRow,
  getConfiguracaoFiscal,
  getNota,
  inserirNota,
  notaDaVenda as notaVivaDaVenda,
  notaRow,
  notasAutorizadasNaSimulacao,
  notasDaFila,
  registrarEvento,
  reservarNumero,
  soltarFila,
  tomarFila,
  salvarCaSimulacao,
  salvarCertificado,
  salvarStatusSefaz,
  tamanhoDaFila,
  transportadoraFiscal,
  vendaFiscal,
  type NotaRow,
} from './fiscal.repository';
import { assinarTexto, assinarXml } from './nfe/assinatura';
import { conferirNota } from './nfe/conferencia';
import { validarXml } from './nfe/esquemas';
import type { CertificadoPem, NotaDados } from './nfe/nfe-dados';
import { montarNfe } from './nfe/nfe-xml';
import { lerNfe } from './danfe/nfe-leitura';
import {
  homologada,
  registroDoRetorno,
  valoresDaInutilizacao,
  type Faixa,
} from './eventos-registro';
import { eventoEmCurso, inserirEventoNfe, inserirInutilizacao } from './eventos.repository';
import type { DevolucaoFiscal } from './devolucoes.repository';
import { devolucaoFiscal } from './devolucoes.repository';
import { notaDaDevolucao } from './nota-da-devolucao';
import { notaDaVenda } from './nota-da-venda';
import { emailAutomaticoDaNota } from './nota-email';
import { montarNfeProc } from './sefaz/mensagens';
import {
  lerCertificadosCa,
  SefazClient,
  SefazErro,
  SefazIndisponivel,
  type RetornoAutorizacao,
  type ProtocoloNfe,
} from './sefaz/sefaz-client';
import {
  iniciarSimuladorSefaz,
  type CenarioSefaz,
  type SimuladorSefaz,
} from './sefaz/sefaz-simulador';

/** cStat of a note SEFAZ accepted (100, or 150 when it came late) or denied. */
const AUTORIZADA = new Set([100, 150]);
const DENEGADA = new Set([110, 205, 301, 302, 303]);
/** SEFAZ answered that it is stopped: nothing was processed. */
const PARALISADA = new Set([108, 109]);
/** The key is not in SEFAZ's base (consulta). */
const NAO_CONSTA = 217;

type VendaDaNota = NonNullable<Awaited<ReturnType<typeof vendaFiscal>>>;

/**
 * What a note is built from: a finalized sale (with what the request added), or a return and
 * its original note (issue 29, item 4).
 */
export type OrigemDaNota =
  | {
      venda: VendaDaNota;
      cpfConsumidor: string | null;
      transportadora: Awaited<ReturnType<typeof transportadoraFiscal>>;
      modalidadeFrete: 0 | 1 | 9 | null;
    }
  | { devolucao: DevolucaoFiscal };

/** The queue's lease outlasts a pass (20 notes, each within SEFAZ's time limit). */
const FILA_LEASE_MS = 10 * 60_000;
const FILA_LOTE = 20;

/** How long the queue waits before trying a note again: 30 s doubling up to 30 min. */
export function esperaDaFila(tentativas: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tentativas - 1), 30 * 60_000);
}

export interface ContextoEmissao {
  configuracao: ConfiguracaoFiscal;
  certificado: CertificadoPem;
  cliente: SefazClient;
  uf: string;
}

/** One service per database: the routes and the tests reach the one of theirs. */
const servicos = new WeakMap<Database, ServicoFiscal>();

export class ServicoFiscal {
  static de(db: Database): ServicoFiscal | undefined {
    return servicos.get(db);
  }

  private readonly cofre: Cofre;
  private simulador?: Promise<SimuladorSefaz>;
  private cenario: CenarioSimulacao = 'normal';
  private cache?: { versao: string; contexto: Omit<ContextoEmissao, 'configuracao'> };
  private timer?: NodeJS.Timeout;
  private filaRodando?: Promise<number>;
  private readonly outrasFilas: Array<() => Promise<number>> = [];

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly log: (mensagem: string, erro?: unknown) => void = () => {},
  ) {
    this.cofre = criarCofre(
      carregarChaveCofre({ env: config.fiscal.chaveSegredos, dataDir: config.dataDir }),
    );
    servicos.set(db, this);
  }

  cifrar(dado: Buffer | string): string {
    return this.cofre.cifrar(dado);
  }

  // -------------------------------------------------------------------------------------------
  // The certificate and SEFAZ's client.

  /** Reads an uploaded .pfx and stores it encrypted (the route checks the CNPJ). */
  async guardarCertificado(ator: Ator, pfx: Buffer, senha: string) {
    const { info } = lerCertificadoA1(pfx, senha);
    await comAuditoria(this.db, ator, (tx) =>
      salvarCertificado(
        tx,
        { pfx: this.cofre.cifrar(pfx.toString('base64')), senha: this.cofre.cifrar(senha) },
        info,
      ),
    );
    this.cache = undefined;
    return info;
  }

  /** The simulation's CA: stored on first use, so its certificates outlive a restart. */
  /** The simulation's CA, which the simulated national NFS-e issuer trusts too (nfse/). */
  autoridadeDaSimulacao(): Promise<AutoridadeTeste> {
    return this.caDaSimulacao();
  }

  private async caDaSimulacao(): Promise<AutoridadeTeste> {
    const row = await configuracaoRow(this.db);
    if (row?.simulacaoCaCertificado && row.simulacaoCaChaveCifrada) {
      return autoridadeTeste({
        certificadoPem: row.simulacaoCaCertificado,
        chavePem: this.cofre.decifrar(row.simulacaoCaChaveCifrada).toString('utf8'),
      });
    }
    const ca = autoridadeTeste();
    const forge = (await import('node-forge')).default;
    await salvarCaSimulacao(this.db, {
      certificadoPem: ca.certificadoPem,
      chaveCifrada: this.cofre.cifrar(forge.pki.privateKeyToPem(ca.chave)),
    });
    return ca;
  }

  private async iniciarSimulador(): Promise<SimuladorSefaz> {
    const ca = await this.caDaSimulacao();
    const simulador = await iniciarSimuladorSefaz({ autoridade: ca });
    simulador.definirCenario(cenarioDoSimulador(this.cenario));
    // What it authorized before the app restarted: a SEFAZ never forgets a note.
    simulador.lembrar(await notasAutorizadasNaSimulacao(this.db));
    return simulador;
  }

  /** The simulated SEFAZ of the ambiente de simulação (started on first use, in-process). */
  obterSimulador(): Promise<SimuladorSefaz> {
    this.simulador ??= this.iniciarSimulador().catch((erro) => {
      this.simulador = undefined;
      throw erro;
    });
    return this.simulador;
  }

  async definirCenario(cenario: CenarioSimulacao): Promise<void> {
    this.cenario = cenario;
    (await this.obterSimulador()).definirCenario(cenarioDoSimulador(cenario));
    if (cenario === 'normal') await this.retomarFila();
  }

  /**
   * SEFAZ answers again: what waits in the queue is due now and, where the queue runs by itself,
   * a pass starts at once instead of at its next attempt (up to 30 minutes away).
   */
  private async retomarFila(): Promise<void> {
    await anteciparFila(this.db);
    if (this.config.fiscal.filaIntervaloMs > 0) {
      void this.processarFila().catch((erro) => this.log('Fila fiscal', erro));
    }
  }

  /**
   * In the ambiente de simulação without a certificate, one is made for the company (valid only
   * with the simulated SEFAZ), so a new user issues notes with nothing to set up.
   */
  private async certificadoDaSimulacao(ator: Ator): Promise<void> {
    const empresa = await getEmpresa(this.db, this.config);
    const ca = await this.caDaSimulacao();
    const teste = gerarCertificadoTeste({
      cnpj: empresa.documento ?? '00000000000000',
      razaoSocial: empresa.razao_social.toUpperCase(),
      ca,
    });
    await this.guardarCertificado(ator, teste.pfx, teste.senha);
  }

  /**
   * Settings, certificate and client, or an error that says what is missing. `ator` is who
   * caused it (the simulation's certificate is made on first use, in their name).
   */
  async contexto(ator: Ator): Promise<ContextoEmissao> {
    let row = await configuracaoRow(this.db);
    if (!row) throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.fiscalNaoConfigurado);
    if (row.ambiente !== 'simulacao' && this.config.fiscal.somenteSimulacao) {
      throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.somenteSimulacao);
    }
    if (!row.certificadoCifrado && row.ambiente === 'simulacao') {
      await this.certificadoDaSimulacao(ator);
      row = await configuracaoRow(this.db);
    }
    if (!row?.certificadoCifrado || !row.certificadoSenhaCifrada) {
      throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.semCertificado);
    }
    const configuracao = await getConfiguracaoFiscal(this.db);
    const empresa = await getEmpresa(this.db, this.config);
    const uf = empresa.uf ?? 'SP';
    const versao = `${row.updatedAt.toISOString()}|${uf}|${row.ambiente}`;
    if (this.cache?.versao !== versao) {
      const pfx = Buffer.from(
        this.cofre.decifrar(row.certificadoCifrado).toString('utf8'),
        'base64',
      );
      const senha = this.cofre.decifrar(row.certificadoSenhaCifrada).toString('utf8');
      const { pem } = lerCertificadoA1(pfx, senha);
      const simulacao = row.ambiente === 'simulacao' ? await this.obterSimulador() : undefined;
      const cliente = new SefazClient({
        uf,
        tpAmb: TP_AMB[row.ambiente],
        certificado: pem,
        ca: simulacao
          ? [simulacao.caPem]
          : this.config.fiscal.caDir
            ? lerCertificadosCa(this.config.fiscal.caDir)
            : [],
        timeoutMs: row.tempoLimiteSegundos * 1000,
        timeZone: this.config.timeZone,
        urls: simulacao?.urls,
      });
      this.cache?.contexto.cliente.fechar();
      this.cache = { versao, contexto: { certificado: pem, cliente, uf } };
    }
    return { configuracao, ...this.cache.contexto };
  }

  // -------------------------------------------------------------------------------------------
  // Emission.

  /**
   * POST /api/notas-fiscais. A sale has at most one live note per modelo: asking again answers
   * the one there is (`criada` false).
   */
  async emitir(
    ator: Ator,
    entrada: EmitirNotaInput,
  ): Promise<{ nota: NotaFiscal; criada: boolean }> {
    const modelo = entrada.modelo as ModeloFiscal;
    const existente = await notaVivaDaVenda(this.db, entrada.venda_id, modelo);
    if (existente) return { nota: (await getNota(this.db, existente.id))!, criada: false };

    const venda = await vendaFiscal(this.db, entrada.venda_id);
    if (!venda) throw notFound(FISCAL_MENSAGENS.vendaNaoEncontrada);
    if (venda.status !== 'Finalizada')
      throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.vendaNaoFinalizada);
    if (modelo === 55 && !venda.cliente)
      throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.vendaSemCliente);
    const contexto = await this.contexto(ator);
    const ativa =
      modelo === 55 ? contexto.configuracao.nfe_ativa : contexto.configuracao.nfce_ativa;
    if (!ativa) throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.modeloDesativado(modelo));
    const transportadora = entrada.transportadora_id
      ? await transportadoraFiscal(this.db, entrada.transportadora_id)
      : null;
    if (entrada.transportadora_id && !transportadora) {
      throw notFound('Transportadora não encontrada');
    }

    const serie =
      modelo === 55 ? contexto.configuracao.nfe_serie : contexto.configuracao.nfce_serie;
    const empresa = await getEmpresa(this.db, this.config);
    const emitidaEm = new Date();
    let nota: NotaRow;
    try {
      nota = await comAuditoria(this.db, ator, async (tx) => {
        const numero = await reservarNumero(tx, modelo, serie);
        const base = this.dadosDaNota(contexto, empresa, {
          modelo,
          serie,
          numero,
          emitidaEm,
          venda,
          cpfConsumidor: entrada.cpf_consumidor ?? null,
          transportadora,
          modalidadeFrete: entrada.modalidade_frete ?? null,
        });
        const inserida = await inserirNota(tx, {
          modelo,
          serie,
          numero,
          chave: chaveDe(base),
          codigoNumerico: base.codigoNumerico,
          ambiente: contexto.configuracao.ambiente,
          vendaId: venda.id,
          cpfConsumidor: entrada.cpf_consumidor ?? null,
          destinatarioNome: base.destinatario?.nome ?? null,
          destinatarioDocumento: base.destinatario?.cnpj ?? base.destinatario?.cpf ?? null,
          valorTotal: venda.valor_final,
          emitidaEm,
          usuarioId: ator?.id ?? null,
        });
        await registrarEvento(tx, {
          notaId: inserida.id,
          tipo: 'emissao',
          descricao: `${MODELO_LABELS[modelo]} nº ${numero} (série ${serie}) criada para a venda nº ${venda.numero}`,
          usuarioId: ator?.id ?? null,
        });
        return inserida;
      });
    } catch (erro) {
      // Two requests for one sale at once: the second finds the first's note.
      if (pgErrorCode(erro) === PG_ERROR.uniqueViolation) {
        const outra = await notaVivaDaVenda(this.db, entrada.venda_id, modelo);
        if (outra) return { nota: (await getNota(this.db, outra.id))!, criada: false };
      }
      throw erro;
    }
    await this.prepararETransmitir(ator, nota, contexto, {
      venda,
      cpfConsumidor: entrada.cpf_consumidor ?? null,
      transportadora,
      modalidadeFrete: entrada.modalidade_frete ?? null,
    });
    // The sale's live note: this one, or the contingency note that replaced it.
    const viva = (await notaVivaDaVenda(this.db, venda.id, modelo)) ?? nota;
    return { nota: (await getNota(this.db, viva.id))!, criada: true };
  }

  private dadosDaNota(
    contexto: ContextoEmissao,
    empresa: Empresa,
    entrada: OrigemDaNota & {
      modelo: ModeloFiscal;
      serie: number;
      numero: number;
      emitidaEm: Date;
      codigoNumerico?: string;
      contingencia?: { inicio: Date; justificativa: string };
    },
  ): NotaDados {
    let codigoNumerico = entrada.codigoNumerico;
    if (!codigoNumerico || !codigoNumericoValido(codigoNumerico, entrada.numero)) {
      codigoNumerico = gerarCodigoNumerico(entrada.numero);
    }
    const comuns = {
      codigoNumerico,
      timeZone: this.config.timeZone,
      empresa,
      configuracao: contexto.configuracao,
    };
    if ('devolucao' in entrada) {
      return notaDaDevolucao({
        ...entrada,
        ...comuns,
        origem: lerNfe(entrada.devolucao.xmlOrigem),
      });
    }
    return notaDaVenda({ ...entrada, ...comuns });
  }

  /**
   * The NF-e of a return (finalidade 4), inside the transaction that records the return: its
   * number is taken and the note inserted (Rascunho) with it. enviarNotaNova sends it after.
   */
  async inserirNotaDaDevolucao(
    tx: Transaction,
    ator: Ator,
    contexto: ContextoEmissao,
    devolucao: DevolucaoFiscal,
  ): Promise<NotaRow> {
    if (!contexto.configuracao.nfe_ativa) {
      throw new AppError('REGRA_VIOLADA', FISCAL_MENSAGENS.modeloDesativado(55));
    }
    const serie = contexto.configuracao.nfe_serie;
    const emitidaEm = new Date();
    const numero = await reservarNumero(tx, 55, serie);
    const base = this.dadosDaNota(contexto, await getEmpresa(tx, this.config), {
      modelo: 55,
      serie,
      numero,
      emitidaEm,
      devolucao,
    });
    const nota = await inserirNota(tx, {
      modelo: 55,
      serie,
      numero,
      chave: chaveDe(base),
      codigoNumerico: base.codigoNumerico,
      ambiente: contexto.configuracao.ambiente,
      finalidade: 4,
      devolucaoId: devolucao.devolucao.id,
      destinatarioNome: base.destinatario?.nome ?? null,
      destinatarioDocumento: base.destinatario?.cnpj ?? base.destinatario?.cpf ?? null,
      valorTotal: devolucao.devolucao.valorTotal,
      emitidaEm,
      usuarioId: ator?.id ?? null,
    });
    await registrarEvento(tx, {
      notaId: nota.id,
      tipo: 'emissao',
      descricao: `NF-e de devolução nº ${numero} (série ${serie}) criada, referenciando a chave ${devolucao.devolucao.chaveReferenciada}`,
      usuarioId: ator?.id ?? null,
    });
    return nota;
  }

  /** Builds, signs, validates and sends a note just inserted (a return's). */
  enviarNotaNova(
    ator: Ator,
    nota: NotaRow,
    contexto: ContextoEmissao,
    origem: OrigemDaNota,
  ): Promise<NotaRow> {
    return this.prepararETransmitir(ator, nota, contexto, origem);
  }

  /** What a stored note is built from: its sale, or its return and the original note. */
  private async origemDaNota(nota: NotaRow): Promise<OrigemDaNota> {
    if (nota.devolucaoId !== null) {
      const devolucao = await devolucaoFiscal(this.db, nota.devolucaoId);
      if (!devolucao) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
      return { devolucao };
    }
    return {
      venda: (await vendaFiscal(this.db, nota.vendaId!))!,
      cpfConsumidor: nota.cpfConsumidor,
      transportadora: null,
      modalidadeFrete: null,
    };
  }

  /**
   * Checks, builds, signs and validates the note's XML, stores it, then sends it. What is
   * missing or fails the schema stays on the note as pendências (Rascunho) and is never sent.
   */
  private async prepararETransmitir(
    ator: Ator,
    nota: NotaRow,
    contexto: ContextoEmissao,
    origem: OrigemDaNota,
  ): Promise<NotaRow> {
    const contingencia =
      nota.tpEmis === 9 && nota.contingenciaInicio
        ? { inicio: nota.contingenciaInicio, justificativa: nota.contingenciaJustificativa ?? '' }
        : undefined;
    const empresa = await getEmpresa(this.db, this.config);
    const dados = this.dadosDaNota(contexto, empresa, {
      ...origem,
      modelo: nota.modelo as ModeloFiscal,
      serie: nota.serie,
      numero: nota.numero,
      emitidaEm: nota.emitidaEm,
      codigoNumerico: nota.codigoNumerico,
      contingencia,
    });
    const pendencias = conferirNota(dados);
    let xml: string | null = null;
    let qrCodeUrl: string | null = null;
    let chave = chaveDe(dados);
    if (pendencias.length === 0) {
      const montada = montarNfe(dados, {
        assinarQrCode: (texto) => assinarTexto(texto, contexto.certificado),
      });
      xml = assinarXml(montada.xml, 'infNFe', contexto.certificado);
      chave = montada.chave;
      qrCodeUrl = montada.qrCodeUrl;
      const validacao = await validarXml(xml, 'nfe');
      if (!validacao.valido) {
        pendencias.push(FISCAL_MENSAGENS.esquema(validacao.erros[0] ?? ''));
        xml = null;
      }
    }
    const atualizada = await comAuditoria(this.db, ator, async (tx) => {
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: pendencias.length ? 'pendencia' : 'assinatura',
        descricao: pendencias.length
          ? `Não enviada: ${pendencias.join('; ')}`
          : 'XML montado, assinado e validado no esquema oficial (PL_010 v1.30)',
        usuarioId: ator?.id ?? null,
      });
      return atualizarNota(tx, nota.id, {
        chave,
        codigoNumerico: dados.codigoNumerico,
        xml,
        qrcodeUrl: qrCodeUrl,
        pendencias,
        destinatarioNome: dados.destinatario?.nome ?? null,
        destinatarioDocumento: dados.destinatario?.cnpj ?? dados.destinatario?.cpf ?? null,
      });
    });
    if (!xml) return atualizada;
    // A contingency note is printed now and transmitted by the queue.
    if (atualizada.situacao === 'Em contingência') return atualizada;
    return this.enviar(ator, atualizada, contexto);
  }

  /**
   * Sends a signed note and records what SEFAZ said. A send with no answer leaves the note
   * marked (envio incerto): the next attempt consults its key first.
   */
  private async enviar(ator: Ator, nota: NotaRow, contexto: ContextoEmissao): Promise<NotaRow> {
    if (nota.envioIncerto) {
      const resolvida = await this.consultarAntesDeEnviar(ator, nota, contexto);
      if (resolvida) return resolvida;
    }
    const marcada = await comAuditoria(this.db, ator, async (tx) => {
      // Voiding the number holds the note's slot: then it is not sent (the row lock orders the
      // two; the voiding refuses a note already marked as sent).
      if (eventoEmCurso((await notaRow(tx, nota.id, true))!)) {
        throw new AppError('REGRA_VIOLADA', EVENTOS_MENSAGENS.eventoEmAndamento);
      }
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: 'transmissao',
        descricao: `Enviada à SEFAZ (${contexto.uf}, ${AMBIENTE_LABELS[contexto.configuracao.ambiente].toLowerCase()})`,
        usuarioId: ator?.id ?? null,
      });
      return atualizarNota(tx, nota.id, { envioIncerto: true, tentativas: nota.tentativas + 1 });
    });
    let retorno: RetornoAutorizacao;
    try {
      retorno = await contexto.cliente.autorizar(
        marcada.xml!,
        String(marcada.id).padStart(15, '0'),
      );
    } catch (erro) {
      if (!(erro instanceof SefazErro)) throw erro;
      return this.semResposta(ator, marcada, contexto, erro);
    }
    const prot = retorno.protNFe;
    if (prot?.cStat === 204) {
      // Duplicidade: SEFAZ already has this key. Its protocol is asked, never resent.
      const consultada = await this.consultarAntesDeEnviar(
        ator,
        { ...marcada, envioIncerto: true },
        contexto,
      );
      if (consultada) return consultada;
    }
    if (prot && (AUTORIZADA.has(prot.cStat) || DENEGADA.has(prot.cStat))) {
      return this.registrarProtocolo(ator, marcada, prot);
    }
    if (!prot && PARALISADA.has(retorno.cStat)) {
      return this.semResposta(
        ator,
        marcada,
        contexto,
        new SefazIndisponivel(`SEFAZ paralisada: ${retorno.cStat} ${retorno.xMotivo}`),
        { recebida: false },
      );
    }
    const cStat = prot?.cStat ?? retorno.cStat;
    const xMotivo = prot?.xMotivo ?? retorno.xMotivo;
    return comAuditoria(this.db, ator, async (tx) => {
      await registrarEvento(tx, {
        notaId: marcada.id,
        tipo: 'rejeicao',
        descricao: `Rejeitada pela SEFAZ: corrija e transmita de novo (o número ${marcada.numero} é mantido)`,
        cStat,
        xMotivo,
        xml: prot?.xml ?? null,
        usuarioId: ator?.id ?? null,
      });
      return atualizarNota(tx, marcada.id, {
        situacao: 'Rejeitada',
        cStat,
        xMotivo,
        envioIncerto: false,
        proximaTentativa: null,
      });
    });
  }

  /**
   * Stores the protocol and the nfeProc (note + protocol) in one transaction, with the e-mail
   * that takes the XML and the DANFE to the customer when Configurações → E-mail says so.
   */
  private async registrarProtocolo(
    ator: Ator,
    nota: NotaRow,
    prot: ProtocoloNfe,
  ): Promise<NotaRow> {
    const autorizada = AUTORIZADA.has(prot.cStat);
    const xmlAutorizado = montarNfeProc(nota.xml!, prot.xml);
    // A note is never held back by its e-mail: the customer's copy can be sent from its screen.
    const email = autorizada
      ? await emailAutomaticoDaNota(this.db, this.config, ator, nota, xmlAutorizado).catch(
          (erro: unknown) => {
            this.log('E-mail automático da nota', erro);
            return null;
          },
        )
      : null;
    return comAuditoria(this.db, ator, async (tx) => {
      // Another path may have got there first (the queue's query and the user's send, or a
      // cancellation since): a protocol is stored once, and a cancelled note stays cancelled.
      const atual = (await notaRow(tx, nota.id, true))!;
      if (atual.situacao === 'Cancelada' || (atual.protocolo !== null && atual.xmlAutorizado)) {
        return atual;
      }
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: autorizada ? 'autorizacao' : 'denegacao',
        descricao: autorizada
          ? `Autorizado o uso: protocolo ${prot.nProt}`
          : `Uso denegado: protocolo ${prot.nProt}`,
        cStat: prot.cStat,
        xMotivo: prot.xMotivo,
        xml: prot.xml,
        usuarioId: ator?.id ?? null,
      });
      const registrada = await atualizarNota(tx, nota.id, {
        situacao: autorizada ? 'Autorizada' : 'Denegada',
        protocolo: prot.nProt,
        autorizadaEm: prot.dhRecbto ? new Date(prot.dhRecbto) : new Date(),
        cStat: prot.cStat,
        xMotivo: prot.xMotivo,
        xmlAutorizado,
        envioIncerto: false,
        proximaTentativa: null,
      });
      if (email) await enfileirarEmail(tx, email);
      return registrada;
    });
  }

  /**
   * Asks SEFAZ what it has under the note's key before sending it again: authorized → the
   * protocol is stored and nothing is sent; not there → null (send it).
   */
  private async consultarAntesDeEnviar(
    ator: Ator,
    nota: NotaRow,
    contexto: ContextoEmissao,
  ): Promise<NotaRow | null> {
    const consulta = await contexto.cliente.consultarProtocolo(nota.chave);
    await registrarEvento(this.db, {
      notaId: nota.id,
      tipo: 'consulta',
      descricao: 'Consulta do protocolo pela chave',
      cStat: consulta.cStat,
      xMotivo: consulta.xMotivo,
      usuarioId: ator?.id ?? null,
    });
    if (
      consulta.protNFe &&
      (AUTORIZADA.has(consulta.protNFe.cStat) || DENEGADA.has(consulta.protNFe.cStat))
    ) {
      return this.registrarProtocolo(ator, nota, consulta.protNFe);
    }
    return null;
  }

  /**
   * SEFAZ did not answer (or is stopped). An NFC-e goes on at once in contingency under the
   * next number (the sale is not held up); the attempt is settled by the queue (cancelled if
   * SEFAZ got it after all, its number voided if not). An NF-e waits for the queue.
   */
  private async semResposta(
    ator: Ator,
    nota: NotaRow,
    contexto: ContextoEmissao,
    erro: SefazErro,
    opcoes: { recebida?: boolean } = {},
  ): Promise<NotaRow> {
    const incerto = opcoes.recebida ?? !(erro instanceof SefazIndisponivel);
    const registrada = await comAuditoria(this.db, ator, async (tx) => {
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: 'erro',
        descricao: erro.message,
        usuarioId: ator?.id ?? null,
      });
      return atualizarNota(tx, nota.id, {
        envioIncerto: incerto,
        proximaTentativa: new Date(Date.now() + esperaDaFila(nota.tentativas)),
      });
    });
    if (nota.modelo === 65 && nota.tpEmis === 1 && nota.substituidaPorId === null) {
      return this.emitirEmContingencia(ator, registrada, contexto);
    }
    return registrada;
  }

  private async emitirEmContingencia(ator: Ator, original: NotaRow, contexto: ContextoEmissao) {
    const venda = (await vendaFiscal(this.db, original.vendaId!))!;
    const empresa = await getEmpresa(this.db, this.config);
    const inicio = new Date();
    const justificativa = FISCAL_TEXTOS.justificativaContingencia;
    const nova = await comAuditoria(this.db, ator, async (tx) => {
      const numero = await reservarNumero(tx, 65, original.serie);
      // The attempt leaves the sale's one live slot first (the partial unique index); it points
      // at the note that replaces it once that one has its id.
      await atualizarNota(tx, original.id, { substituidaPorId: original.id });
      const base = this.dadosDaNota(contexto, empresa, {
        modelo: 65,
        serie: original.serie,
        numero,
        emitidaEm: inicio,
        venda,
        cpfConsumidor: original.cpfConsumidor,
        transportadora: null,
        modalidadeFrete: null,
        contingencia: { inicio, justificativa },
      });
      const inserida = await inserirNota(tx, {
        modelo: 65,
        serie: original.serie,
        numero,
        chave: chaveDe(base),
        codigoNumerico: base.codigoNumerico,
        tpEmis: 9,
        ambiente: original.ambiente,
        situacao: 'Em contingência',
        vendaId: original.vendaId,
        cpfConsumidor: original.cpfConsumidor,
        destinatarioNome: original.destinatarioNome,
        destinatarioDocumento: original.destinatarioDocumento,
        valorTotal: original.valorTotal,
        emitidaEm: inicio,
        contingenciaInicio: inicio,
        contingenciaJustificativa: justificativa,
        proximaTentativa: new Date(inicio.getTime() + esperaDaFila(1)),
        usuarioId: ator?.id ?? null,
      });
      await atualizarNota(tx, original.id, { substituidaPorId: inserida.id });
      await registrarEvento(tx, {
        notaId: original.id,
        tipo: 'contingencia',
        descricao: `Substituída pela NFC-e nº ${numero} em contingência; esta tentativa será conferida com a SEFAZ (cancelada ou inutilizada)`,
        usuarioId: ator?.id ?? null,
      });
      await registrarEvento(tx, {
        notaId: inserida.id,
        tipo: 'contingencia',
        descricao: `Emitida em contingência offline (tpEmis 9) no lugar da NFC-e nº ${original.numero}; será transmitida quando a SEFAZ responder`,
        usuarioId: ator?.id ?? null,
      });
      return inserida;
    });
    return this.prepararETransmitir(ator, nova, contexto, {
      venda,
      cpfConsumidor: original.cpfConsumidor,
      transportadora: null,
      modalidadeFrete: null,
    });
  }

  /**
   * POST /api/notas-fiscais/:id/transmitir: a Rascunho or Rejeitada note is rebuilt from the
   * sale and the catalogue as they are now, keeping its number, and sent; a contingency note is
   * sent as it was signed.
   */
  async transmitir(ator: Ator, id: number): Promise<NotaFiscal> {
    const nota = await notaRow(this.db, id);
    if (!nota) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
    if (
      !['Rascunho', 'Rejeitada', 'Em contingência'].includes(nota.situacao) ||
      nota.substituidaPorId
    ) {
      throw new AppError('TRANSICAO_INVALIDA', FISCAL_MENSAGENS.naoTransmissivel);
    }
    const contexto = await this.contexto(ator);
    if (nota.situacao === 'Em contingência') {
      await this.transmitirContingencia(ator, nota, contexto);
    } else if (nota.envioIncerto && (await this.consultarAntesDeEnviar(ator, nota, contexto))) {
      // SEFAZ had it: the protocol is stored, nothing is rebuilt.
    } else {
      await this.prepararETransmitir(ator, nota, contexto, await this.origemDaNota(nota));
    }
    return (await getNota(this.db, id))!;
  }

  private async transmitirContingencia(ator: Ator, nota: NotaRow, contexto: ContextoEmissao) {
    const enviada = await this.enviar(ator, nota, contexto);
    if (enviada.situacao === 'Em contingência') {
      return comAuditoria(this.db, ator, (tx) =>
        atualizarNota(tx, nota.id, {
          proximaTentativa: new Date(Date.now() + esperaDaFila(enviada.tentativas)),
        }),
      );
    }
    return enviada;
  }

  /** POST /api/notas-fiscais/:id/consultar: SEFAZ's protocol of the key, stored when there. */
  async consultar(ator: Ator, id: number): Promise<NotaFiscal> {
    const nota = await notaRow(this.db, id);
    if (!nota) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
    const contexto = await this.contexto(ator);
    try {
      if (nota.situacao === 'Autorizada' || nota.situacao === 'Denegada') {
        const consulta = await contexto.cliente.consultarProtocolo(nota.chave);
        await registrarEvento(this.db, {
          notaId: nota.id,
          tipo: 'consulta',
          descricao: 'Consulta do protocolo pela chave',
          cStat: consulta.cStat,
          xMotivo: consulta.xMotivo,
          usuarioId: ator?.id ?? null,
        });
      } else {
        await this.consultarAntesDeEnviar(ator, nota, contexto);
      }
    } catch (erro) {
      if (!(erro instanceof SefazErro)) throw erro;
      throw new AppError(
        'REGRA_VIOLADA',
        `${FISCAL_MENSAGENS.sefazIndisponivel} (${erro.message})`,
      );
    }
    return (await getNota(this.db, id))!;
  }

  // -------------------------------------------------------------------------------------------
  // The queue: contingency notes, sends without an answer, replaced attempts.

  /** One pass over what waits for SEFAZ; answers how many notes it settled. */
  processarFila(): Promise<number> {
    this.filaRodando ??= this.passarPelaFila().finally(() => {
      this.filaRodando = undefined;
    });
    return this.filaRodando;
  }

  private async passarPelaFila(): Promise<number> {
    const inicio = new Date();
    // Several app instances may share a database: one runs the queue at a time.
    if (!(await tomarFila(this.db, inicio, FILA_LEASE_MS))) return 0;
    let resolvidas = 0;
    let falhas = 0;
    try {
      for (const nota of await notasDaFila(this.db, inicio, FILA_LOTE)) {
        try {
          const contexto = await this.contexto(null);
          const depois = nota.substituidaPorId
            ? await this.liquidarTentativa(nota, contexto)
            : nota.situacao === 'Em contingência'
              ? await this.transmitirContingencia(null, nota, contexto)
              : await this.enviar(null, nota, contexto);
          if (depois.situacao !== nota.situacao) resolvidas++;
        } catch (erro) {
          falhas++;
          await atualizarNota(this.db, nota.id, {
            tentativas: nota.tentativas + 1,
            proximaTentativa: new Date(Date.now() + esperaDaFila(nota.tentativas + 1)),
          });
          if (!(erro instanceof SefazErro) && !(erro instanceof AppError)) {
            this.log('Fila fiscal: erro ao processar a nota', erro);
          }
        }
      }
      // The other documents that wait for an outside service (the NFS-e), under the same lease.
      for (const passo of this.outrasFilas) {
        try {
          resolvidas += await passo();
        } catch (erro) {
          falhas++;
          this.log('Fila fiscal: erro ao processar a fila das NFS-e', erro);
        }
      }
    } finally {
      const resultado = falhas
        ? `${resolvidas} resolvida(s), ${falhas} sem resposta da SEFAZ`
        : `${resolvidas} resolvida(s)`;
      await soltarFila(this.db, new Date(), resultado);
    }
    return resolvidas;
  }

  /** Another queue passed with this one's (nfse/: the NFS-e sent without an answer). */
  aoPassarPelaFila(passo: () => Promise<number>): void {
    this.outrasFilas.push(passo);
  }

  /**
   * An attempt a contingency note replaced: if SEFAZ authorized it after all, it is cancelled
   * (the contingency note stands for the sale); if SEFAZ never had it, its number is voided.
   */
  private async liquidarTentativa(nota: NotaRow, contexto: ContextoEmissao): Promise<NotaRow> {
    const empresa = await getEmpresa(this.db, this.config);
    let autorizada = nota.situacao === 'Autorizada' ? nota : null;
    let consulta: Awaited<ReturnType<SefazClient['consultarProtocolo']>> | null = null;
    if (!autorizada) {
      consulta = await contexto.cliente.consultarProtocolo(nota.chave);
      const prot = consulta.protNFe;
      if (prot && AUTORIZADA.has(prot.cStat))
        autorizada = await this.registrarProtocolo(null, nota, prot);
    }
    if (autorizada) {
      const substituta = await notaRow(this.db, nota.substituidaPorId!);
      const justificativa = `Emitida em duplicidade: substituída pela NFC-e ${substituta?.numero ?? ''} em contingência`;
      const evento = await contexto.cliente.cancelar({
        chave: nota.chave,
        protocolo: autorizada.protocolo ?? '',
        justificativa,
        cnpj: empresa.documento ?? '',
      });
      const registro = registroDoRetorno(evento, justificativa);
      const cancelada = registro !== null && (registro.cStat === 135 || registro.cStat === 155);
      return comAuditoria(this.db, null, async (tx) => {
        // Kept with the events a user sends: its procEventoNFe downloadable from the note.
        if (cancelada) {
          await inserirEventoNfe(tx, {
            notaId: nota.id,
            tipoEvento: EVENTO_CANCELAMENTO,
            sequencia: 1,
            ...registro,
            usuarioId: null,
          });
        }
        await registrarEvento(tx, {
          notaId: nota.id,
          tipo: 'cancelamento',
          descricao: cancelada ? `Cancelada: ${justificativa}` : 'Cancelamento recusado pela SEFAZ',
          cStat: evento.evento?.cStat ?? evento.cStat,
          xMotivo: evento.evento?.xMotivo ?? evento.xMotivo,
          xml: evento.procEvento ?? evento.xml,
        });
        return atualizarNota(tx, nota.id, {
          situacao: cancelada ? 'Cancelada' : 'Autorizada',
          envioIncerto: false,
          proximaTentativa: cancelada
            ? null
            : new Date(Date.now() + esperaDaFila(nota.tentativas + 1)),
          tentativas: nota.tentativas + 1,
        });
      });
    }
    if (consulta?.cStat !== NAO_CONSTA) {
      return atualizarNota(this.db, nota.id, {
        tentativas: nota.tentativas + 1,
        proximaTentativa: new Date(Date.now() + esperaDaFila(nota.tentativas + 1)),
      });
    }
    const faixa: Faixa = {
      modelo: nota.modelo as ModeloFiscal,
      serie: nota.serie,
      inicio: nota.numero,
      fim: nota.numero,
      justificativa: 'Numero nao utilizado: venda emitida em contingencia com o numero seguinte',
    };
    const inutilizacao = await contexto.cliente.inutilizar({
      ...faixa,
      ano: nota.emitidaEm.getFullYear() % 100,
      cnpj: empresa.documento ?? '',
    });
    const inutilizada = homologada(inutilizacao);
    return comAuditoria(this.db, null, async (tx) => {
      // Listed with the ranges a user voids (its procInutNFe downloadable).
      if (homologada(inutilizacao)) {
        await inserirInutilizacao(
          tx,
          valoresDaInutilizacao(nota.ambiente, faixa, inutilizacao, null),
        );
      }
      await registrarEvento(tx, {
        notaId: nota.id,
        tipo: 'inutilizacao',
        descricao: inutilizada
          ? `Número ${nota.numero} inutilizado na SEFAZ`
          : 'Inutilização recusada pela SEFAZ',
        cStat: inutilizacao.cStat,
        xMotivo: inutilizacao.xMotivo,
        xml: inutilizacao.xml ?? null,
      });
      return atualizarNota(tx, nota.id, {
        situacao: inutilizada ? 'Inutilizada' : nota.situacao,
        protocolo: inutilizacao.nProt ?? null,
        envioIncerto: false,
        proximaTentativa: inutilizada
          ? null
          : new Date(Date.now() + esperaDaFila(nota.tentativas + 1)),
        tentativas: nota.tentativas + 1,
      });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Status.

  /** GET /api/fiscal/status (and POST …/consultar with `consultarAgora`). */
  async status(ator: Ator, consultarAgora = false): Promise<StatusFiscal> {
    const configuracao = await getConfiguracaoFiscal(this.db);
    const pendencias = await this.pendenciasDeConfiguracao(configuracao);
    if (consultarAgora) {
      const contexto = await this.contexto(ator);
      const em = new Date();
      try {
        const retorno = await contexto.cliente.statusServico(
          configuracao.nfce_ativa && !configuracao.nfe_ativa ? 65 : 55,
        );
        await salvarStatusSefaz(this.db, {
          online: retorno.cStat === 107,
          cStat: retorno.cStat,
          xMotivo: retorno.xMotivo,
          em,
        });
        if (retorno.cStat === 107) await this.retomarFila();
      } catch (erro) {
        if (!(erro instanceof SefazErro)) throw erro;
        await salvarStatusSefaz(this.db, { online: false, cStat: null, xMotivo: erro.message, em });
      }
    }
    const row = await configuracaoRow(this.db);
    return {
      ambiente: configuracao.ambiente,
      nfe_ativa: configuracao.nfe_ativa,
      nfce_ativa: configuracao.nfce_ativa,
      nfse_ativa: configuracao.nfse_ativa,
      nfse_emissor_nacional: configuracao.nfse_emissor_nacional,
      pronto: pendencias.length === 0,
      pendencias,
      sefaz: {
        online: row?.sefazOnline ?? null,
        c_stat: row?.sefazCStat ?? null,
        x_motivo: row?.sefazXMotivo ?? null,
        consultado_em: row?.sefazConsultadoEm?.toISOString() ?? null,
      },
      fila_contingencia: await tamanhoDaFila(this.db),
      fila_executada_em: row?.filaExecutadaEm?.toISOString() ?? null,
      fila_resultado: row?.filaResultado ?? null,
      cenario_simulacao: configuracao.ambiente === 'simulacao' ? this.cenario : null,
    };
  }

  private async pendenciasDeConfiguracao(cfg: ConfiguracaoFiscal): Promise<string[]> {
    const empresa = await getEmpresa(this.db, this.config);
    const pendencias: string[] = [];
    if (!(await configuracaoRow(this.db))) return [FISCAL_MENSAGENS.fiscalNaoConfigurado];
    if (!cfg.certificado && cfg.ambiente !== 'simulacao')
      pendencias.push(FISCAL_MENSAGENS.semCertificado);
    if (cfg.certificado && cfg.certificado.dias_para_vencer < 0) {
      pendencias.push(FISCAL_MENSAGENS.certificadoVencido);
    }
    if (!empresa.documento || empresa.documento.length !== 14)
      pendencias.push('Empresa sem CNPJ em Configurações → Empresa');
    if (!empresa.inscricao_estadual) pendencias.push('Empresa sem inscrição estadual');
    if (!cfg.codigo_municipio) pendencias.push('Empresa sem município em Configurações → Fiscal');
    return pendencias;
  }

  // -------------------------------------------------------------------------------------------
  // Life cycle.

  iniciar(): void {
    const intervalo = this.config.fiscal.filaIntervaloMs;
    if (intervalo <= 0) return;
    this.timer = setInterval(
      () => void this.processarFila().catch((erro) => this.log('Fila fiscal', erro)),
      intervalo,
    );
    this.timer.unref();
  }

  async parar(): Promise<void> {
    clearInterval(this.timer);
    await this.filaRodando?.catch(() => {});
    this.cache?.contexto.cliente.fechar();
    const simulador = await this.simulador?.catch(() => undefined);
    await simulador?.parar();
    servicos.delete(this.db);
  }
}

/** The settings' scenario as the simulator takes it (stopped = 108, "momentaneamente"). */
function cenarioDoSimulador(cenario: CenarioSimulacao): CenarioSefaz {
  return cenario === 'paralisado' ? { tipo: 'paralisado', cStat: 108 } : { tipo: cenario };
}

/** The key of a note before its XML is built (the note row needs it when it is created). */
function chaveDe(dados: NotaDados): string {
  return montarChave({
    uf: dados.emitente.endereco.uf as UF,
    emissao: toISODate(dados.emitidaEm, dados.timeZone),
    documento: dados.emitente.cnpj,
    modelo: dados.modelo,
    serie: dados.serie,
    numero: dados.numero,
    tipoEmissao: dados.tpEmis,
    codigoNumerico: dados.codigoNumerico,
  });
}
