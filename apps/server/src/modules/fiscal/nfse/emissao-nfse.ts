// Issuing national NFS-e (issue 30): from a concluded service order or a finished appointment to
// the NFS-e the national issuer generates, and its cancellation. As with the NF-e (ARCHITECTURE.md,
// "Outside services"): the note, its DPS number and Id are committed before the DPS is sent; the
// NFS-e answered is committed before the user is answered; a send that got no answer is followed
// by a query of the DPS's Id before anything is sent again, so a service is never invoiced twice.
import { formatDate, toISODate } from '@prumo/shared/dates';
import {
  NFSE_EMISSAO_MENSAGENS as M,
  NFSE_MENSAGENS,
  type CancelarNfseInput,
  type EmitirNfseInput,
  type Nfse,
} from '@prumo/shared/fiscal';
import { fromCentavos } from '@prumo/shared/money';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import { servicoNacionalPorCodigo } from '@prumo/shared/servicos-nacionais';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { PG_ERROR, pgErrorCode } from '../../../db/pg-errors';
import type { AuthenticatedUser } from '../../../http/authenticated-user';
import { AppError, notFound } from '../../../http/errors';
import { comAuditoria, type Ator } from '../../auditoria/auditoria.repository';
import { getEmpresa } from '../../configuracoes/configuracoes.repository';
import { enfileirarEmail } from '../../emails/emails.repository';
import { ServicoFiscal, type ContextoEmissao } from '../emissao';
import { reservarNumeroDps } from '../fiscal.repository';
import { assinarXml } from '../nfe/assinatura';
import { validarXml } from '../nfe/esquemas';
import { ratear } from '../nfe/nfe-xml';
import {
  agendamentoParaNfse,
  faturaDeContratoParaNfse,
  atualizarNfse,
  getNfse,
  inserirNfse,
  nfseAutomaticaDesde,
  nfseRow,
  nfsesIncertas,
  nfsesVivasDaOrigem,
  ordemParaNfse,
  origensParaNfseAutomatica,
  registrarEventoNfse,
  type LinhaDeServico,
  type NfseRow,
  type OrigemNfse,
} from '../nfse.repository';
import type { DpsDados, Tomador } from './dps-dados';
import { ALIQUOTA_ISS_MINIMA_RETIDA, idDaDps, informaAliquotaIss, montarDps } from './dps-xml';
import { emailAutomaticoDaNfse } from './nfse-email';
import { lerNfse } from './nfse-leitura';
import { montarPedidoCancelamento } from './nfse-xml';
import {
  SefinClient,
  SefinErro,
  SefinIndisponivel,
  SefinRecusa,
  SefinSemResposta,
} from './sefin-client';
import { ERROS_SEFIN, iniciarSimuladorSefin, type SimuladorSefin } from './sefin-simulador';

const somenteDigitos = (texto: string | null | undefined) => (texto ?? '').replace(/\D/g, '');

/** The lines of one service code: what one DPS declares. */
interface GrupoDeServicos {
  codigo: string;
  linhas: LinhaDeServico[];
  brutoCentavos: number;
  descontoCentavos: number;
}

/**
 * The order's services by code, each with its share of the document's discount (spread over the
 * services and the rest the document charges, by value, to the centavo).
 */
function gruposDaOrigem(origem: OrigemNfse): GrupoDeServicos[] {
  const porCodigo = new Map<string, LinhaDeServico[]>();
  for (const linha of origem.linhas) {
    if (!linha.codigo_tributacao_nacional) {
      throw new AppError('REGRA_VIOLADA', M.pendencias.servicoSemCodigo(linha.nome));
    }
    const lista = porCodigo.get(linha.codigo_tributacao_nacional) ?? [];
    lista.push(linha);
    porCodigo.set(linha.codigo_tributacao_nacional, lista);
  }
  const grupos = [...porCodigo].map(([codigo, linhas]) => ({
    codigo,
    linhas,
    brutoCentavos: linhas.reduce((soma, l) => soma + l.brutoCentavos, 0),
    descontoCentavos: linhas.reduce((soma, l) => soma + l.descontoCentavos, 0),
  }));
  const partes = ratear(origem.descontoDocumentoCentavos, [
    ...grupos.map((g) => g.brutoCentavos - g.descontoCentavos),
    origem.outrosCentavos,
  ]);
  return grupos.map((grupo, i) => ({
    ...grupo,
    descontoCentavos: grupo.descontoCentavos + partes[i]!,
  }));
}

const formatarReais = (centavosValor: number) =>
  fromCentavos(centavosValor).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

function descricaoDoGrupo(grupo: GrupoDeServicos): string {
  return grupo.linhas
    .map(
      (l) =>
        `${l.quantidade.toLocaleString('pt-BR')} × ${l.nome} (${formatarReais(l.brutoCentavos)})`,
    )
    .join('; ');
}

/** The company's tax regime as the DPS states it (an MEI by its CRT when the NFS-e's is unset). */
const regimeDoPrestador = (cfg: ContextoEmissao['configuracao']) => ({
  opcaoSimplesNacional: cfg.nfse_op_simples_nacional ?? (cfg.crt === 4 ? 2 : 3),
  regimeApuracaoSimples: cfg.nfse_regime_apuracao_sn,
  regimeEspecial: cfg.nfse_regime_especial,
});

const ROTULOS_DA_ORIGEM: Record<OrigemNfse['tipo'], string> = {
  ordem: 'Ordem de serviço',
  agendamento: 'Agendamento',
  contrato: 'Contrato',
};

const rotuloDaOrigem = (origem: OrigemNfse) =>
  `${ROTULOS_DA_ORIGEM[origem.tipo]} nº ${String(origem.numero).padStart(6, '0')}` +
  (origem.tipo === 'contrato' && origem.concluidaEm
    ? `, período de ${formatDate(toISODate(origem.concluidaEm))}`
    : '');

function tomadorDe(origem: OrigemNfse): Tomador | undefined {
  const c = origem.cliente;
  if (!c || !(somenteDigitos(c.cnpj) || somenteDigitos(c.cpf))) return undefined;
  const municipio = c.codigo_municipio ? municipioPorCodigo(c.codigo_municipio) : undefined;
  return {
    cnpj: somenteDigitos(c.cnpj) || null,
    cpf: somenteDigitos(c.cnpj) ? null : somenteDigitos(c.cpf),
    nome: c.razao_social || c.nome,
    endereco:
      municipio && c.logradouro && c.bairro && somenteDigitos(c.cep).length === 8
        ? {
            codigoMunicipio: municipio.codigo,
            cep: somenteDigitos(c.cep),
            logradouro: c.logradouro,
            numero: c.numero || 'S/N',
            complemento: c.complemento,
            bairro: c.bairro,
          }
        : undefined,
    telefone: c.telefone,
    email: c.email,
  };
}

/** A send without an answer is settled by the queue after this (the issuer's limit is 60 s). */
const ESPERA_INCERTA_MS = 90_000;

/** How many concluded orders and appointments one pass of the queue issues automatically. */
const AUTOMATICAS_POR_PASSADA = 10;

/** One service per database, as the NF-e's. */
const servicos = new WeakMap<Database, ServicoNfse>();

export class ServicoNfse {
  private simulador?: Promise<SimuladorSefin>;
  private cliente?: { versao: string; cliente: SefinClient };

  static de(db: Database): ServicoNfse | undefined {
    return servicos.get(db);
  }

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    servicos.set(db, this);
    ServicoFiscal.de(db)?.aoPassarPelaFila(() => this.processarIncertas());
    ServicoFiscal.de(db)?.aoPassarPelaFila(() => this.emitirAutomaticas());
  }

  /**
   * With "Emitir NFS-e ao concluir" on, the queue issues the NFS-e of each order and appointment
   * concluded since then that has none (as "Emitir NFS-e" would; one with pendências stays a
   * draft that says what to fix). Answers how many it issued.
   */
  async emitirAutomaticas(): Promise<number> {
    const desde = await nfseAutomaticaDesde(this.db);
    if (!desde) return 0;
    let emitidas = 0;
    for (const origem of await origensParaNfseAutomatica(this.db, desde, AUTOMATICAS_POR_PASSADA)) {
      try {
        if ((await this.emitir(null, origem)).criadas) emitidas++;
      } catch (erro) {
        // What the user would be told (no certificate, issuer down) waits for the next pass.
        if (!(erro instanceof AppError) && !(erro instanceof SefinErro)) throw erro;
      }
    }
    return emitidas;
  }

  /**
   * The fiscal queue's pass over the NFS-e sent without an answer: each is settled by the query
   * of its DPS's Id (stored when it became a note), or sent again. Answers how many it settled.
   */
  async processarIncertas(agora = new Date()): Promise<number> {
    const notas = await nfsesIncertas(this.db, new Date(agora.getTime() - ESPERA_INCERTA_MS), 10);
    if (notas.length === 0) return 0;
    const contexto = await this.contexto(null);
    let resolvidas = 0;
    for (const nota of notas) {
      const depois = await this.enviar(null, nota, contexto).catch((erro: unknown) => {
        if (erro instanceof SefinErro) return nota;
        throw erro;
      });
      if (depois.situacao !== nota.situacao) resolvidas++;
    }
    return resolvidas;
  }

  private fiscal(): ServicoFiscal {
    const fiscal = ServicoFiscal.de(this.db);
    if (!fiscal) throw new Error('Serviço fiscal não iniciado');
    return fiscal;
  }

  /**
   * The simulated national issuer (demo and tests), started once, trusting the simulation's CA
   * (as the SEFAZ simulator, a failed start is not kept).
   */
  obterSimulador(): Promise<SimuladorSefin> {
    this.simulador ??= (async () => {
      const empresa = await getEmpresa(this.db, this.config);
      const cfg = (await this.fiscal().contexto(null)).configuracao;
      const municipio = cfg.codigo_municipio ? municipioPorCodigo(cfg.codigo_municipio) : undefined;
      return iniciarSimuladorSefin({
        autoridade: await this.fiscal().autoridadeDaSimulacao(),
        timeZone: this.config.timeZone,
        cadastro: (cnpj) =>
          cnpj === somenteDigitos(empresa.documento)
            ? {
                cnpj,
                inscricaoMunicipal: cfg.inscricao_municipal,
                nome: empresa.razao_social,
                nomeFantasia: empresa.nome_fantasia,
                endereco: {
                  logradouro: empresa.logradouro ?? '',
                  numero: empresa.numero ?? '',
                  complemento: empresa.complemento,
                  bairro: empresa.bairro ?? '',
                  codigoMunicipio: municipio?.codigo ?? 0,
                  uf: municipio?.uf ?? empresa.uf ?? 'SP',
                  cep: empresa.cep ?? '',
                },
                telefone: empresa.telefone,
                email: empresa.email,
              }
            : undefined,
        nomes: {
          municipio: (codigo) => municipioPorCodigo(Number(codigo))?.nome ?? codigo,
          tributacaoNacional: (codigo) => servicoNacionalPorCodigo(codigo)?.descricao,
        },
      });
    })().catch((erro: unknown) => {
      // A start that failed is tried again by the next note, not kept: one failure left every
      // later NFS-e of the process a Rascunho (seen once in CI).
      this.simulador = undefined;
      throw erro;
    });
    return this.simulador;
  }

  async parar(): Promise<void> {
    this.cliente?.cliente.fechar();
    const simulador = await this.simulador?.catch(() => undefined);
    await simulador?.parar();
  }

  /** The fiscal context (certificate, settings) and the issuer's client for its ambiente. */
  private async contexto(ator: Ator): Promise<ContextoEmissao & { sefin: SefinClient }> {
    const contexto = await this.fiscal().contexto(ator);
    const cfg = contexto.configuracao;
    if (!cfg.nfse_emissor_nacional)
      throw new AppError('REGRA_VIOLADA', NFSE_MENSAGENS.emissorMunicipal);
    if (!cfg.nfse_ativa) throw new AppError('REGRA_VIOLADA', M.desativada);
    const simulacao = cfg.ambiente === 'simulacao' ? await this.obterSimulador() : undefined;
    const versao = `${cfg.ambiente}|${contexto.certificado.certificadoPem.length}|${simulacao?.url ?? ''}`;
    if (this.cliente?.versao !== versao) {
      this.cliente?.cliente.fechar();
      this.cliente = {
        versao,
        cliente: new SefinClient({
          tpAmb: cfg.ambiente === 'producao' ? 1 : 2,
          certificado: contexto.certificado,
          ca: simulacao ? [simulacao.caPem] : undefined,
          url: simulacao?.url,
          timeoutMs: cfg.tempo_limite_segundos * 1000,
        }),
      };
    }
    return { ...contexto, sefin: this.cliente.cliente };
  }

  private async origem(entrada: {
    ordemServicoId: number | null;
    vendaId: number | null;
    contratoFaturaId: number | null;
  }) {
    if (entrada.contratoFaturaId !== null) {
      const fatura = await faturaDeContratoParaNfse(this.db, entrada.contratoFaturaId);
      if (!fatura) throw notFound(M.faturaNaoEncontrada);
      return fatura;
    }
    if (entrada.ordemServicoId !== null) {
      const ordem = await ordemParaNfse(this.db, entrada.ordemServicoId);
      if (!ordem) throw notFound(M.ordemNaoEncontrada);
      if (!['concluida', 'entregue'].includes(ordem.situacao)) {
        throw new AppError('REGRA_VIOLADA', M.ordemNaoConcluida);
      }
      return ordem;
    }
    const agendamento = await agendamentoParaNfse(this.db, entrada.vendaId!);
    if (!agendamento) throw notFound(M.agendamentoNaoEncontrado);
    if (agendamento.situacao !== 'Concluído') {
      throw new AppError('REGRA_VIOLADA', M.agendamentoNaoConcluido);
    }
    return agendamento;
  }

  /** What the DPS of a group says (its number and date as stored). */
  private async dadosDaDps(
    contexto: ContextoEmissao,
    origem: OrigemNfse,
    grupo: GrupoDeServicos,
    nota: { serie: number; numero: number; emitidaEm: Date },
  ): Promise<DpsDados> {
    const cfg = contexto.configuracao;
    const empresa = await getEmpresa(this.db, this.config);
    const primeira = grupo.linhas[0]!;
    const tomador = tomadorDe(origem);
    const municipioEmpresa = cfg.codigo_municipio ?? 0;
    const noTomador =
      primeira.local_incidencia_iss === 'tomador' ? origem.cliente?.codigo_municipio : null;
    return {
      tpAmb: cfg.ambiente === 'producao' ? 1 : 2,
      emitidaEm: nota.emitidaEm,
      timeZone: this.config.timeZone,
      competencia: toISODate(origem.concluidaEm ?? nota.emitidaEm, this.config.timeZone),
      serie: nota.serie,
      numero: nota.numero,
      municipioEmissor: municipioEmpresa,
      prestador: {
        cnpj: somenteDigitos(empresa.documento),
        inscricaoMunicipal: cfg.inscricao_municipal,
        telefone: empresa.telefone,
        email: empresa.email,
        ...regimeDoPrestador(cfg),
      },
      tomador,
      servico: {
        municipioPrestacao: noTomador ?? municipioEmpresa,
        codigoTributacaoNacional: grupo.codigo,
        codigoNbs: primeira.codigo_nbs ?? '',
        descricao: descricaoDoGrupo(grupo),
        codigoInterno: primeira.codigo_interno,
        informacoesComplementares: rotuloDaOrigem(origem),
      },
      valores: {
        servicoCentavos: grupo.brutoCentavos,
        descontoIncondicionadoCentavos: grupo.descontoCentavos,
        tributacaoIssqn: 1,
        issRetido: grupo.linhas.some((l) => l.iss_retido),
        aliquotaIss: primeira.aliquota_iss,
      },
    };
  }

  private pendencias(contexto: ContextoEmissao, grupo: GrupoDeServicos): string[] {
    const cfg = contexto.configuracao;
    const lista: string[] = [];
    if (!cfg.inscricao_municipal) lista.push(M.pendencias.semInscricaoMunicipal);
    if (!cfg.codigo_municipio) lista.push(M.pendencias.semMunicipio);
    const retido = grupo.linhas.some((l) => l.iss_retido);
    const informaAliquota = informaAliquotaIss(regimeDoPrestador(cfg), retido);
    for (const linha of grupo.linhas) {
      if (!linha.codigo_nbs) lista.push(M.pendencias.servicoSemNbs(linha.nome));
      if (informaAliquota && !((linha.aliquota_iss ?? 0) >= ALIQUOTA_ISS_MINIMA_RETIDA)) {
        lista.push(M.pendencias.aliquotaRetida(linha.nome));
      }
    }
    return [...new Set(lista)];
  }

  /**
   * POST /api/nfse: the NFS-e of an order or appointment, one per service code, numbered in one
   * transaction and then sent. Asked again, it answers the ones there are (`criadas` false).
   */
  async emitir(ator: Ator, entrada: EmitirNfseInput): Promise<{ notas: Nfse[]; criadas: boolean }> {
    const chave = {
      ordemServicoId: entrada.ordem_servico_id ?? null,
      vendaId: entrada.venda_id ?? null,
      contratoFaturaId: entrada.contrato_fatura_id ?? null,
    };
    const daOrigem =
      chave.ordemServicoId !== null
        ? { ordemServicoId: chave.ordemServicoId }
        : chave.vendaId !== null
          ? { vendaId: chave.vendaId }
          : { contratoFaturaId: chave.contratoFaturaId! };
    const existentes = await nfsesVivasDaOrigem(this.db, daOrigem);
    if (existentes.length > 0) return { notas: await this.lidas(existentes), criadas: false };

    const origem = await this.origem(chave);
    if (origem.linhas.length === 0) throw new AppError('REGRA_VIOLADA', M.semServicos);
    const grupos = gruposDaOrigem(origem);
    const contexto = await this.contexto(ator);
    const cfg = contexto.configuracao;
    const empresa = await getEmpresa(this.db, this.config);
    const emitidaEm = new Date();
    let criadas: NfseRow[];
    try {
      criadas = await comAuditoria(this.db, ator, async (tx) => {
        const notas: NfseRow[] = [];
        for (const grupo of grupos) {
          const numero = await reservarNumeroDps(tx, cfg.ambiente, cfg.nfse_serie);
          const tomador = tomadorDe(origem);
          const nota = await inserirNfse(tx, {
            ambiente: cfg.ambiente,
            serie: cfg.nfse_serie,
            numeroDps: numero,
            idDps: idDaDps({
              municipioEmissor: cfg.codigo_municipio ?? 0,
              cnpj: somenteDigitos(empresa.documento),
              serie: cfg.nfse_serie,
              numero,
            }),
            ordemServicoId: chave.ordemServicoId,
            vendaId: chave.vendaId,
            contratoFaturaId: chave.contratoFaturaId,
            codigoTributacaoNacional: grupo.codigo,
            descricao: descricaoDoGrupo(grupo),
            tomadorNome: tomador?.nome ?? origem.cliente?.nome ?? null,
            tomadorDocumento: tomador?.cnpj ?? tomador?.cpf ?? null,
            competencia: toISODate(origem.concluidaEm ?? emitidaEm, this.config.timeZone),
            valorServicos: fromCentavos(grupo.brutoCentavos),
            valorDesconto: fromCentavos(grupo.descontoCentavos),
            issRetido: grupo.linhas.some((l) => l.iss_retido),
            valorLiquido: fromCentavos(grupo.brutoCentavos - grupo.descontoCentavos),
            emitidaEm,
            usuarioId: ator?.id ?? null,
          });
          await registrarEventoNfse(tx, {
            nfseId: nota.id,
            tipo: 'emissao',
            descricao: `DPS nº ${numero} (série ${cfg.nfse_serie}) criada: ${rotuloDaOrigem(origem)}`,
            usuarioId: ator?.id ?? null,
          });
          notas.push(nota);
        }
        return notas;
      });
    } catch (erro) {
      // Two requests for one order at once: the second finds the first's notes.
      if (pgErrorCode(erro) === PG_ERROR.uniqueViolation) {
        const outras = await nfsesVivasDaOrigem(this.db, daOrigem);
        if (outras.length > 0) return { notas: await this.lidas(outras), criadas: false };
      }
      throw erro;
    }
    for (const [i, nota] of criadas.entries()) {
      await this.prepararEEnviar(ator, nota, contexto, origem, grupos[i]!);
    }
    return { notas: await this.lidas(criadas), criadas: true };
  }

  private async lidas(notas: NfseRow[]): Promise<Nfse[]> {
    return Promise.all(notas.map(async (nota) => (await getNfse(this.db, nota.id))!));
  }

  /** Builds, signs and validates the DPS, stores it, and sends it; pendências stop it before. */
  private async prepararEEnviar(
    ator: Ator,
    nota: NfseRow,
    contexto: ContextoEmissao & { sefin: SefinClient },
    origem: OrigemNfse,
    grupo: GrupoDeServicos,
  ): Promise<NfseRow> {
    const pendencias = this.pendencias(contexto, grupo);
    let xml: string | null = null;
    if (pendencias.length === 0) {
      const dados = await this.dadosDaDps(contexto, origem, grupo, {
        serie: nota.serie,
        numero: nota.numeroDps,
        emitidaEm: nota.emitidaEm,
      });
      xml = assinarXml(montarDps(dados).xml, 'infDPS', contexto.certificado);
      const validacao = await validarXml(xml, 'DPS');
      if (!validacao.valido) {
        pendencias.push(`A DPS não passou na validação do esquema: ${validacao.erros[0] ?? ''}`);
        xml = null;
      }
    }
    const atualizada = await comAuditoria(this.db, ator, async (tx) => {
      await registrarEventoNfse(tx, {
        nfseId: nota.id,
        tipo: pendencias.length ? 'pendencia' : 'assinatura',
        descricao: pendencias.length
          ? `Não enviada: ${pendencias.join('; ')}`
          : 'DPS montada, assinada e validada no esquema oficial (leiaute 1.01)',
        usuarioId: ator?.id ?? null,
      });
      return atualizarNfse(tx, nota.id, { xmlDps: xml, pendencias });
    });
    return xml ? this.enviar(ator, atualizada, contexto) : atualizada;
  }

  /** Sends the stored DPS and records what the issuer said. */
  private async enviar(
    ator: Ator,
    nota: NfseRow,
    contexto: { sefin: SefinClient },
  ): Promise<NfseRow> {
    if (nota.envioIncerto) {
      const encontrada = await this.consultarDps(ator, nota, contexto);
      if (encontrada) return encontrada;
    }
    const marcada = await comAuditoria(this.db, ator, async (tx) => {
      await registrarEventoNfse(tx, {
        nfseId: nota.id,
        tipo: 'transmissao',
        descricao: 'DPS enviada ao emissor nacional',
        usuarioId: ator?.id ?? null,
      });
      return atualizarNfse(tx, nota.id, { envioIncerto: true });
    });
    try {
      const emitida = await contexto.sefin.emitir(marcada.xmlDps!);
      return this.registrarNfse(ator, marcada, emitida.xml);
    } catch (erro) {
      if (!(erro instanceof SefinErro)) throw erro;
      // The issuer already made a note of this DPS (an earlier send whose answer was lost): it
      // is asked for, never taken as a refusal.
      if (
        erro instanceof SefinRecusa &&
        erro.erros.some((e) => e.codigo === ERROS_SEFIN.dpsUsada('').codigo)
      ) {
        const encontrada = await this.consultarDps(ator, marcada, contexto);
        if (encontrada) return encontrada;
      }
      const recusada = erro instanceof SefinRecusa;
      return comAuditoria(this.db, ator, async (tx) => {
        await registrarEventoNfse(tx, {
          nfseId: nota.id,
          tipo: recusada ? 'rejeicao' : 'erro',
          descricao: recusada ? `Recusada pelo emissor nacional: ${erro.message}` : erro.message,
          codigo: recusada ? (erro.erros[0]?.codigo ?? null) : null,
          usuarioId: ator?.id ?? null,
        });
        return atualizarNfse(tx, nota.id, {
          // No answer: the next attempt asks for the DPS's Id first. Down: nothing was processed.
          envioIncerto: erro instanceof SefinSemResposta,
          ...(recusada
            ? {
                situacao: 'Rejeitada' as const,
                codigoErro: erro.erros[0]?.codigo ?? null,
                mensagemErro: erro.message,
              }
            : {}),
        });
      });
    }
  }

  /**
   * Stores the NFS-e (its XML, key, number and ISS) in one transaction with its timeline, and
   * the e-mail that takes it to the customer when the settings say so.
   */
  private async registrarNfse(ator: Ator, nota: NfseRow, xml: string): Promise<NfseRow> {
    const lida = lerNfse(xml);
    const gerada = {
      ...nota,
      situacao: 'Autorizada' as const,
      chave: lida.chave,
      numeroNfse: lida.nNFSe,
      xmlNfse: xml,
    };
    // A note is never held back by its e-mail: the customer's copy can be sent from its screen.
    const email = await emailAutomaticoDaNfse(this.db, this.config, ator, gerada).catch(() => null);
    return comAuditoria(this.db, ator, async (tx) => {
      if (email) await enfileirarEmail(tx, email);
      await registrarEventoNfse(tx, {
        nfseId: nota.id,
        tipo: 'autorizacao',
        descricao: `NFS-e nº ${lida.nNFSe} gerada pelo emissor nacional`,
        usuarioId: ator?.id ?? null,
      });
      return atualizarNfse(tx, nota.id, {
        situacao: 'Autorizada',
        chave: lida.chave,
        numeroNfse: lida.nNFSe,
        xmlNfse: xml,
        autorizadaEm: new Date(lida.dhProc),
        valorIss: fromCentavos(lida.valores.vISSQN),
        valorLiquido: fromCentavos(lida.valores.vLiq),
        envioIncerto: false,
        codigoErro: null,
        mensagemErro: null,
      });
    });
  }

  /** Asks the issuer whether the DPS became an NFS-e; stores it when it did. */
  private async consultarDps(
    ator: Ator,
    nota: NfseRow,
    contexto: { sefin: SefinClient },
  ): Promise<NfseRow | null> {
    const chave = await contexto.sefin.chaveDaDps(nota.idDps);
    await registrarEventoNfse(this.db, {
      nfseId: nota.id,
      tipo: 'consulta',
      descricao: chave
        ? `Consulta da DPS: já é a NFS-e de chave ${chave}`
        : 'Consulta da DPS: o emissor nacional não a recebeu',
      usuarioId: ator?.id ?? null,
    });
    if (!chave) return null;
    const xml = await contexto.sefin.consultarNfse(chave);
    return xml ? this.registrarNfse(ator, nota, xml) : null;
  }

  /** POST /api/nfse/:id/transmitir: a Rascunho or Rejeitada note rebuilt as things are now and sent. */
  async transmitir(ator: Ator, id: number): Promise<Nfse> {
    const nota = await nfseRow(this.db, id);
    if (!nota) throw notFound(M.naoEncontrada);
    if (!['Rascunho', 'Rejeitada'].includes(nota.situacao)) {
      throw new AppError('TRANSICAO_INVALIDA', M.naoTransmissivel);
    }
    const contexto = await this.contexto(ator);
    try {
      if (nota.envioIncerto && (await this.consultarDps(ator, nota, contexto))) {
        return (await getNfse(this.db, id))!;
      }
      const origem = await this.origem(nota);
      const grupo = gruposDaOrigem(origem).find((g) => g.codigo === nota.codigoTributacaoNacional);
      if (!grupo) throw new AppError('REGRA_VIOLADA', M.semServicos);
      await this.prepararEEnviar(ator, nota, contexto, origem, grupo);
    } catch (erro) {
      if (erro instanceof SefinIndisponivel || erro instanceof SefinSemResposta) {
        throw new AppError('REGRA_VIOLADA', `${M.emissorIndisponivel} (${erro.message})`);
      }
      throw erro;
    }
    return (await getNfse(this.db, id))!;
  }

  /** POST /api/nfse/:id/cancelar: event 101101, registered once by the issuer. */
  async cancelar(
    usuario: AuthenticatedUser,
    id: number,
    entrada: CancelarNfseInput,
  ): Promise<Nfse> {
    const nota = await nfseRow(this.db, id);
    if (!nota) throw notFound(M.naoEncontrada);
    if (nota.situacao !== 'Autorizada' || !nota.chave) {
      throw new AppError('REGRA_VIOLADA', M.naoCancelavel(nota.situacao));
    }
    const contexto = await this.contexto(usuario);
    const empresa = await getEmpresa(this.db, this.config);
    const pedido = assinarXml(
      montarPedidoCancelamento({
        tpAmb: contexto.configuracao.ambiente === 'producao' ? 1 : 2,
        emitidoEm: new Date(),
        timeZone: this.config.timeZone,
        cnpjAutor: somenteDigitos(empresa.documento),
        chave: nota.chave,
        sequencia: 1,
        motivo: entrada.motivo,
        justificativa: entrada.justificativa,
      }),
      'infPedReg',
      contexto.certificado,
    );
    let evento: string;
    try {
      evento = await contexto.sefin.registrarEvento(nota.chave, pedido);
    } catch (erro) {
      if (!(erro instanceof SefinErro)) throw erro;
      await registrarEventoNfse(this.db, {
        nfseId: id,
        tipo: erro instanceof SefinRecusa ? 'rejeicao' : 'erro',
        descricao: `Cancelamento não registrado: ${erro.message}`,
        codigo: erro instanceof SefinRecusa ? (erro.erros[0]?.codigo ?? null) : null,
        usuarioId: usuario.id,
      });
      throw new AppError(
        'REGRA_VIOLADA',
        erro instanceof SefinRecusa
          ? `O emissor nacional recusou o cancelamento: ${erro.message}`
          : `${M.emissorIndisponivel} (${erro.message})`,
      );
    }
    await comAuditoria(this.db, usuario, async (tx) => {
      await registrarEventoNfse(tx, {
        nfseId: id,
        tipo: 'cancelamento',
        descricao: `Cancelada: ${entrada.justificativa}`,
        usuarioId: usuario.id,
      });
      await atualizarNfse(tx, id, {
        situacao: 'Cancelada',
        cancelamentoMotivo: entrada.motivo,
        cancelamentoJustificativa: entrada.justificativa,
        canceladaEm: new Date(),
        xmlCancelamento: evento,
      });
    });
    return (await getNfse(this.db, id))!;
  }
}
