// A national NFS-e issuer (Sefin Nacional) that runs in the process: the tests' double and the
// demo's simulation. It speaks the real protocol (HTTPS demanding a client certificate of its CA,
// JSON with the documents gzipped in base64, the same paths), validates the DPS and the event
// requests against the official schemas and their signatures, and answers the NFS-e and the event
// signed with its own certificate. What it issued lives in memory only.
//
// Error codes: E1235 (schema), E0310 (service code outside the national list), E0014 (a DPS
// already used) and the rate rules (E0600, E0604, E0617, E0621, E0625, E0635) are the national
// list's (the layout's business rules, Anexo I; research/fiscal.md, section 5); the codes for a
// bad signature and a note already cancelled are stand-ins kept in ERROS_SEFIN, to be checked
// against the national list.
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TIME_ZONE } from '@prumo/shared/dates';
import {
  autoridadeTeste,
  gerarCertificadoServidorTeste,
  gerarCertificadoTeste,
  type AutoridadeTeste,
} from '../certificado/certificado-teste';
import { assinarXml, assinaturaValida } from '../nfe/assinatura';
import { validarXml } from '../nfe/esquemas';
import { lerDps, type DpsLida } from './nfse-leitura';
import {
  EVENTO_CANCELAMENTO_NFSE,
  montarEvento,
  montarNfse,
  type EmitenteCadastrado,
} from './nfse-xml';
import { leitorXml, raizDoXml } from '../xml-leitura';
import { NAMESPACE_NFSE } from './dps-xml';
import { desempacotar, empacotar, type ErroSefin } from './sefin-client';

export const ERROS_SEFIN = {
  esquema: (detalhe: string): ErroSefin => ({
    codigo: 'E1235',
    descricao: 'Falha na validação do XML contra o esquema',
    complemento: detalhe,
  }),
  codigoTributacao: (codigo: string): ErroSefin => ({
    codigo: 'E0310',
    descricao:
      'O código de tributação nacional informado não existe conforme a lista de serviços nacional do Sistema Nacional NFS-e.',
    complemento: codigo,
  }),
  assinatura: (): ErroSefin => ({ codigo: 'E0714', descricao: 'Assinatura digital inválida' }),
  dpsUsada: (chave: string): ErroSefin => ({
    codigo: 'E0014',
    descricao: 'Já existe NFS-e gerada para esta DPS',
    complemento: `chave de acesso ${chave}`,
  }),
  emitenteDesconhecido: (cnpj: string): ErroSefin => ({
    codigo: 'E0120',
    descricao: 'Contribuinte não cadastrado no Cadastro Nacional',
    complemento: cnpj,
  }),
  jaCancelada: (): ErroSefin => ({
    codigo: 'E0840',
    descricao: 'NFS-e já cancelada: o evento não pode ser registrado',
  }),
  chaveDoEvento: (): ErroSefin => ({
    codigo: 'E0810',
    descricao: 'A chave do pedido de evento difere da chave do endereço',
  }),
  corpo: (): ErroSefin => ({ codigo: 'E0001', descricao: 'Corpo da requisição inválido' }),
  aliquotaNaoPermitida: (codigo: string): ErroSefin => ({
    codigo,
    descricao:
      'Não é permitido informar alíquota: o município de incidência do ISSQN está ativo no Sistema Nacional NFS-e e a alíquota é a parametrizada por ele.',
  }),
  aliquotaObrigatoria: (): ErroSefin => ({
    codigo: 'E0621',
    descricao:
      'Informe a alíquota (mínimo de 1,80%): prestador ME/EPP do Simples Nacional com ISSQN retido.',
  }),
} as const;

/**
 * The national rules on the ISS rate for a município that uses the national issuer (all of
 * them here): who may not state it, and the one case that must (Anexo I, pAliq block).
 */
function recusaDeAliquota(prest: DpsLida['prest'], valores: DpsLida['valores']): ErroSefin | null {
  const retido = valores.tpRetISSQN !== 1;
  if (prest.opSimpNac === 3 && prest.regApTribSN === 1 && prest.regEspTrib === 0 && retido) {
    const minima = valores.pAliq !== null && valores.pAliq >= 1.8;
    return minima ? null : ERROS_SEFIN.aliquotaObrigatoria();
  }
  if (valores.pAliq === null) return null;
  if (prest.opSimpNac === 2) return ERROS_SEFIN.aliquotaNaoPermitida('E0600');
  if (prest.regEspTrib !== 0) return ERROS_SEFIN.aliquotaNaoPermitida('E0604');
  if (prest.opSimpNac === 1) return ERROS_SEFIN.aliquotaNaoPermitida('E0617');
  return ERROS_SEFIN.aliquotaNaoPermitida(prest.regApTribSN === 1 ? 'E0625' : 'E0635');
}

export type CenarioSefin =
  | { tipo: 'normal' }
  /** HTTP 503 on everything: nothing processed. */
  | { tipo: 'indisponivel' }
  /** Accepts and never answers. */
  | { tipo: 'silencio' }
  /** Processes each request and never answers (the answer lost on its way back). */
  | { tipo: 'perder-resposta' }
  /** The next DPS that passes schema and signature is refused with this error, then normal. */
  | { tipo: 'recusar-proxima'; erro: ErroSefin };

export interface NfseSimulada {
  chave: string;
  idDps: string;
  numero: number;
  xml: string;
  cancelada: boolean;
}

export interface OpcoesSimuladorSefin {
  porta?: number;
  host?: string;
  autoridade?: AutoridadeTeste;
  cenario?: CenarioSefin;
  timeZone?: string;
  /** The national registry: the issuer of a CNPJ (its name and address), or undefined. */
  cadastro(cnpj: string): EmitenteCadastrado | undefined;
  /** The names the NFS-e writes out; undefined for a service code outside the national list. */
  nomes: {
    municipio(codigo: string): string;
    tributacaoNacional(codigo: string): string | undefined;
  };
}

export interface SimuladorSefin {
  url: string;
  caPem: string;
  definirCenario(cenario: CenarioSefin): void;
  notas(): NfseSimulada[];
  /** Every DPS that reached it and passed schema and signature, in order (its id). */
  dpsRecebidas(): string[];
  /** Takes back notes issued before a restart (their XML as stored), as a real issuer keeps them. */
  lembrar(
    nfses: ReadonlyArray<{ chave: string; idDps: string; xml: string; cancelada: boolean }>,
  ): void;
  parar(): Promise<void>;
}

const CORPO_MAX_BYTES = 2_000_000;
/** The rate the issuer applies when the DPS states none: each município's own, here one for all. */
const ALIQUOTA_DO_MUNICIPIO = 2;

type Json = Record<string, unknown>;
interface Resultado {
  status: number;
  corpo: Json;
}

const falha = (status: number, ...erros: ErroSefin[]): Resultado => ({
  status,
  corpo: {
    tipoAmbiente: 2,
    versaoAplicativo: 'SefinNacional_1.01',
    dataHoraProcessamento: new Date().toISOString(),
    erros: erros.map((e) => ({
      Codigo: e.codigo,
      Descricao: e.descricao,
      Complemento: e.complemento,
    })),
  },
});

const { texto } = leitorXml(NAMESPACE_NFSE);

class Sefin {
  cenario: CenarioSefin;
  readonly porChave = new Map<string, NfseSimulada>();
  readonly porDps = new Map<string, string>();
  readonly recebidas: string[] = [];
  private readonly certificado = gerarCertificadoTeste({
    cnpj: '00394460000141',
    razaoSocial: 'SEFIN NACIONAL NFS-E SIMULACAO',
  }).pem;
  private proximoNumero = new Map<string, number>();
  private proximoDfe = 1;

  constructor(private readonly opcoes: OpcoesSimuladorSefin) {
    this.cenario = opcoes.cenario ?? { tipo: 'normal' };
  }

  async emitir(json: Json | null): Promise<Resultado> {
    const b64 = json?.dpsXmlGZipB64;
    if (typeof b64 !== 'string') return falha(400, ERROS_SEFIN.corpo());
    let xml: string;
    try {
      xml = desempacotar(b64);
    } catch {
      return falha(400, ERROS_SEFIN.corpo());
    }
    const validacao = await validarXml(xml, 'DPS');
    if (!validacao.valido) return falha(400, ERROS_SEFIN.esquema(validacao.erros[0] ?? ''));
    if (!assinaturaValida(xml, 'infDPS')) return falha(400, ERROS_SEFIN.assinatura());
    const dps = lerDps(xml);
    this.recebidas.push(dps.id);
    const existente = this.porDps.get(dps.id);
    if (existente) return falha(400, ERROS_SEFIN.dpsUsada(existente));
    if (this.cenario.tipo === 'recusar-proxima') {
      const { erro } = this.cenario;
      this.cenario = { tipo: 'normal' };
      return falha(400, erro);
    }
    const tributacao = this.opcoes.nomes.tributacaoNacional(dps.serv.cTribNac);
    if (!tributacao) return falha(400, ERROS_SEFIN.codigoTributacao(dps.serv.cTribNac));
    const recusa = recusaDeAliquota(dps.prest, dps.valores);
    if (recusa) return falha(400, recusa);
    const emitente = this.opcoes.cadastro(dps.prest.CNPJ);
    if (!emitente) return falha(400, ERROS_SEFIN.emitenteDesconhecido(dps.prest.CNPJ));
    return this.gerar(xml, dps, emitente, tributacao);
  }

  private gerar(xml: string, dps: DpsLida, emitente: EmitenteCadastrado, tributacao: string) {
    const numero = this.proximoNumero.get(dps.prest.CNPJ) ?? 1;
    this.proximoNumero.set(dps.prest.CNPJ, numero + 1);
    const { xml: nfse, chave } = montarNfse({
      dpsAssinada: xml,
      dps,
      numero,
      codigoNumerico: String(Math.floor(Math.random() * 1e9)).padStart(9, '0'),
      processadaEm: new Date(),
      timeZone: this.opcoes.timeZone ?? DEFAULT_TIME_ZONE,
      emitente,
      nomes: {
        localEmissao: this.opcoes.nomes.municipio(dps.cLocEmi),
        localPrestacao: this.opcoes.nomes.municipio(dps.serv.cLocPrestacao),
        tributacaoNacional: tributacao,
      },
      aliquotaPadrao: ALIQUOTA_DO_MUNICIPIO,
    });
    const assinada = assinarXml(nfse, 'infNFSe', this.certificado);
    this.porChave.set(chave, { chave, idDps: dps.id, numero, xml: assinada, cancelada: false });
    this.porDps.set(dps.id, chave);
    return {
      status: 201,
      corpo: {
        tipoAmbiente: dps.tpAmb,
        versaoAplicativo: 'SefinNacional_1.01',
        dataHoraProcessamento: new Date().toISOString(),
        idDps: dps.id,
        chaveAcesso: chave,
        nfseXmlGZipB64: empacotar(assinada),
        alertas: [],
      },
    };
  }

  /** A note issued before a restart; the numbering of its issuer goes on after it. */
  lembrar(nota: { chave: string; idDps: string; xml: string; cancelada: boolean }): void {
    const numero = Number(nota.chave.slice(23, 36));
    const cnpj = nota.chave.slice(9, 23);
    this.porChave.set(nota.chave, { ...nota, numero });
    this.porDps.set(nota.idDps, nota.chave);
    this.proximoNumero.set(cnpj, Math.max(this.proximoNumero.get(cnpj) ?? 1, numero + 1));
  }

  async evento(chave: string, json: Json | null): Promise<Resultado> {
    const nota = this.porChave.get(chave);
    if (!nota) return { status: 404, corpo: {} };
    const b64 = json?.pedidoRegistroEventoXmlGZipB64;
    if (typeof b64 !== 'string') return falha(400, ERROS_SEFIN.corpo());
    let xml: string;
    try {
      xml = desempacotar(b64);
    } catch {
      return falha(400, ERROS_SEFIN.corpo());
    }
    const validacao = await validarXml(xml, 'pedRegEvento');
    if (!validacao.valido) return falha(400, ERROS_SEFIN.esquema(validacao.erros[0] ?? ''));
    if (!assinaturaValida(xml, 'infPedReg')) return falha(400, ERROS_SEFIN.assinatura());
    const inf = leitorXml(NAMESPACE_NFSE).filho(raizDoXml(xml), 'infPedReg');
    if (texto(inf, 'chNFSe') !== chave) return falha(400, ERROS_SEFIN.chaveDoEvento());
    if (nota.cancelada) return falha(400, ERROS_SEFIN.jaCancelada());
    nota.cancelada = true;
    const evento = assinarXml(
      montarEvento({
        pedidoAssinado: xml,
        chave,
        tpEvento: EVENTO_CANCELAMENTO_NFSE,
        sequencia: 1,
        processadoEm: new Date(),
        timeZone: this.opcoes.timeZone ?? DEFAULT_TIME_ZONE,
        numeroDfe: this.proximoDfe++,
      }),
      'infEvento',
      this.certificado,
    );
    return { status: 201, corpo: { eventoXmlGZipB64: empacotar(evento) } };
  }
}

function responder(res: ServerResponse, { status, corpo }: Resultado): void {
  if (res.destroyed) return;
  const texto = JSON.stringify(corpo);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(texto),
  });
  res.end(texto);
}

function lerJson(req: IncomingMessage): Promise<Json | null> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    let tamanho = 0;
    req.on('data', (parte: Buffer) => {
      tamanho += parte.length;
      if (tamanho > CORPO_MAX_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      partes.push(parte);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(partes).toString('utf8')) as Json);
      } catch {
        resolve(null);
      }
    });
    req.on('error', reject);
  });
}

/** Starts the simulated national issuer on HTTPS; it accepts only clients with a certificate of its CA. */
export async function iniciarSimuladorSefin(opcoes: OpcoesSimuladorSefin): Promise<SimuladorSefin> {
  const autoridade = opcoes.autoridade ?? autoridadeTeste();
  const tlsServidor = gerarCertificadoServidorTeste(autoridade);
  const sefin = new Sefin(opcoes);

  const atender = async (req: IncomingMessage): Promise<Resultado | null> => {
    const cenario = sefin.cenario.tipo;
    if (cenario === 'indisponivel') return { status: 503, corpo: {} };
    if (cenario === 'silencio') return null;
    const caminho = (req.url ?? '').replace(/^\/SefinNacional/, '');
    let resultado: Resultado;
    const evento = /^\/nfse\/(\d{50})\/eventos$/.exec(caminho);
    const nfse = /^\/nfse\/(\d{50})$/.exec(caminho);
    const dps = /^\/dps\/(DPS\d{42})$/.exec(caminho);
    if (req.method === 'POST' && caminho === '/nfse') {
      resultado = await sefin.emitir(await lerJson(req));
    } else if (req.method === 'POST' && evento) {
      resultado = await sefin.evento(evento[1]!, await lerJson(req));
    } else if (req.method === 'GET' && nfse) {
      const nota = sefin.porChave.get(nfse[1]!);
      resultado = nota
        ? { status: 200, corpo: { chaveAcesso: nota.chave, nfseXmlGZipB64: empacotar(nota.xml) } }
        : { status: 404, corpo: {} };
    } else if (req.method === 'GET' && dps) {
      const chave = sefin.porDps.get(dps[1]!);
      resultado = chave
        ? { status: 200, corpo: { idDps: dps[1], chaveAcesso: chave } }
        : { status: 404, corpo: {} };
    } else {
      resultado = { status: 404, corpo: {} };
    }
    return cenario === 'perder-resposta' ? null : resultado;
  };

  const servidor = https.createServer(
    {
      key: tlsServidor.chavePem,
      cert: tlsServidor.certificadoPem,
      ca: [autoridade.certificadoPem],
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
      maxVersion: 'TLSv1.2',
    },
    (req, res) => {
      atender(req)
        .then((resultado) => resultado && responder(res, resultado))
        .catch((erro: unknown) =>
          responder(res, {
            status: 500,
            corpo: { erro: erro instanceof Error ? erro.message : String(erro) },
          }),
        );
    },
  );
  servidor.on('tlsClientError', () => undefined);
  const host = opcoes.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(opcoes.porta ?? 0, host, () => {
      servidor.off('error', reject);
      resolve();
    });
  });
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `https://${host}:${port}/SefinNacional`,
    caPem: autoridade.certificadoPem,
    definirCenario(cenario) {
      sefin.cenario = cenario;
    },
    notas: () => [...sefin.porChave.values()].map((nota) => ({ ...nota })),
    dpsRecebidas: () => [...sefin.recebidas],
    lembrar(nfses) {
      for (const nota of nfses) sefin.lembrar(nota);
    },
    parar() {
      return new Promise((resolve) => {
        servidor.close(() => resolve());
        servidor.closeAllConnections();
      });
    },
  };
}
