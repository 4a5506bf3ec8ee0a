// From a finalized sale, the company and the fiscal settings to what a note says (NotaDados):
// which customer, which CFOP, how each payment method is coded, the texts of infAdic. Pure: the
// data comes read, the note goes to nfe/nfe-xml.ts.
import { isUF } from '@prumo/shared/brasil';
import type { Empresa } from '@prumo/shared/configuracoes';
import {
  FISCAL_TEXTOS,
  TP_AMB,
  type ConfiguracaoFiscal,
  type ModeloFiscal,
} from '@prumo/shared/fiscal';
import { toCentavos } from '@prumo/shared/money';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { CadastroFiscal, VendaFiscal } from './fiscal.repository';
import { gtinValido } from './nfe/gtin';
import type {
  Destinatario,
  Emitente,
  Endereco,
  NotaDados,
  PagamentoNota,
  Transportadora,
} from './nfe/nfe-dados';

/** tPag of each payment method (NF-e manual, table of meios de pagamento). */
const T_PAG: Record<FormaPagamento, PagamentoNota['tPag']> = {
  dinheiro: '01',
  cartao_credito: '03',
  cartao_debito: '04',
  boleto: '15',
  pix: '17',
};

/** The software house in infRespTec (Prumo's own data; a reseller changes it here). */
export const RESPONSAVEL_TECNICO = {
  cnpj: '11222333000181',
  contato: 'Prumo ERP',
  email: 'fiscal@prumo.com.br',
  telefone: '1130000000',
};

const somenteDigitos = (texto: string | null | undefined) => (texto ?? '').replace(/\D/g, '');

function enderecoDoCadastro(cadastro: CadastroFiscal): Endereco | undefined {
  const municipio = cadastro.codigo_municipio
    ? municipioPorCodigo(cadastro.codigo_municipio)
    : undefined;
  if (!municipio || !cadastro.logradouro || !cadastro.bairro || !cadastro.cep) return undefined;
  return {
    logradouro: cadastro.logradouro,
    numero: cadastro.numero || 'S/N',
    complemento: cadastro.complemento,
    bairro: cadastro.bairro,
    codigoMunicipio: municipio.codigo,
    municipio: municipio.nome,
    uf: municipio.uf,
    cep: somenteDigitos(cadastro.cep),
    telefone: somenteDigitos(cadastro.telefone) || null,
  };
}

/** A customer (or, on a return, the supplier) as the note's dest. */
export function destinatarioDoCadastro(
  cliente: CadastroFiscal,
  modelo: ModeloFiscal,
): Destinatario {
  const cnpj = cliente.cnpj || null;
  // A customer without an indicator: a CNPJ with an IE is a contributor, anyone else is not.
  const indicador =
    cliente.indicador_ie ??
    (cnpj && cliente.inscricao_estadual && cliente.inscricao_estadual !== 'ISENTO' ? 1 : 9);
  return {
    nome: cliente.razao_social || cliente.nome,
    cpf: cnpj ? null : cliente.cpf,
    cnpj,
    indicadorIE: modelo === 65 ? 9 : indicador,
    inscricaoEstadual: indicador === 1 ? somenteDigitos(cliente.inscricao_estadual) : null,
    email: cliente.email,
    endereco: modelo === 55 ? enderecoDoCadastro(cliente) : undefined,
  };
}

function transportadoraDoCadastro(cadastro: CadastroFiscal): Transportadora {
  const endereco = [cadastro.logradouro, cadastro.numero, cadastro.bairro]
    .filter(Boolean)
    .join(', ');
  return {
    nome: cadastro.razao_social || cadastro.nome,
    cnpj: cadastro.cnpj,
    cpf: cadastro.cnpj ? null : cadastro.cpf,
    inscricaoEstadual: somenteDigitos(cadastro.inscricao_estadual) || null,
    enderecoCompleto: endereco || null,
    municipio: cadastro.cidade,
    uf: cadastro.uf && isUF(cadastro.uf) ? cadastro.uf : null,
  };
}

const municipioDaEmpresa = (cfg: ConfiguracaoFiscal) =>
  cfg.codigo_municipio ? municipioPorCodigo(cfg.codigo_municipio) : undefined;

/** The company as the note's emit (its município from the fiscal settings). */
export function emitenteDaEmpresa(empresa: Empresa, cfg: ConfiguracaoFiscal): Emitente {
  const municipioEmitente = municipioDaEmpresa(cfg);
  return {
    cnpj: empresa.documento ?? '',
    razaoSocial: empresa.razao_social,
    nomeFantasia: empresa.nome_fantasia,
    inscricaoEstadual: somenteDigitos(empresa.inscricao_estadual),
    crt: cfg.crt,
    endereco: {
      logradouro: empresa.logradouro ?? '',
      numero: empresa.numero || 'S/N',
      complemento: empresa.complemento,
      bairro: empresa.bairro ?? '',
      codigoMunicipio: municipioEmitente?.codigo ?? 0,
      municipio: municipioEmitente?.nome ?? empresa.cidade ?? '',
      uf: municipioEmitente?.uf ?? empresa.uf ?? '',
      cep: somenteDigitos(empresa.cep),
      telefone: somenteDigitos(empresa.telefone) || null,
    },
  };
}

/** Whether the party's address is in another UF than the company's (CFOP 6xxx / 2xxx). */
export function outraUf(cfg: ConfiguracaoFiscal, destinatario: Destinatario | undefined): boolean {
  const ufDestino = destinatario?.endereco?.uf;
  return ufDestino !== undefined && ufDestino !== municipioDaEmpresa(cfg)?.uf;
}

export interface EntradaNota {
  modelo: ModeloFiscal;
  serie: number;
  numero: number;
  codigoNumerico: string;
  emitidaEm: Date;
  timeZone: string;
  venda: VendaFiscal;
  empresa: Empresa;
  configuracao: ConfiguracaoFiscal;
  cpfConsumidor: string | null;
  transportadora: CadastroFiscal | null;
  modalidadeFrete: 0 | 1 | 9 | null;
  contingencia?: { inicio: Date; justificativa: string };
}

/** The note of a sale. What is missing (no NCM, no município) is left for conferirNota to name. */
export function notaDaVenda(entrada: EntradaNota): NotaDados {
  const { venda, empresa, configuracao: cfg, modelo } = entrada;
  const destinatario =
    modelo === 55 && venda.cliente
      ? destinatarioDoCadastro(venda.cliente, 55)
      : entrada.cpfConsumidor
        ? {
            nome: venda.cliente_nome || 'Consumidor',
            cpf: entrada.cpfConsumidor,
            indicadorIE: 9 as const,
          }
        : undefined;
  // CFOP 6xxx when an NF-e goes to another UF; an NFC-e is always within the UF.
  const interestadual = modelo === 55 && outraUf(cfg, destinatario);
  const cfop = interestadual ? cfg.cfop_fora_uf : cfg.cfop_dentro_uf;

  const pagamentos = venda.pagamentos.map((pagamento) => ({
    tPag: T_PAG[pagamento.forma],
    valorCentavos: toCentavos(pagamento.valor),
  }));
  const complementares = [
    FISCAL_TEXTOS.simplesNacional,
    cfg.informacoes_complementares,
    `Venda nº ${String(venda.numero).padStart(6, '0')}`,
  ]
    .filter(Boolean)
    .join(' ');

  return {
    modelo,
    serie: entrada.serie,
    numero: entrada.numero,
    codigoNumerico: entrada.codigoNumerico,
    tpEmis: entrada.contingencia ? 9 : 1,
    tpAmb: TP_AMB[cfg.ambiente],
    emitidaEm: entrada.emitidaEm,
    timeZone: entrada.timeZone,
    contingencia: entrada.contingencia,
    naturezaOperacao: 'VENDA',
    emitente: emitenteDaEmpresa(empresa, cfg),
    destinatario,
    itens: venda.itens.map((item) => ({
      codigo: item.codigo_interno || String(item.produto_id),
      gtin: item.codigo_barras && gtinValido(item.codigo_barras) ? item.codigo_barras : null,
      descricao: item.produto_nome,
      ncm: somenteDigitos(item.ncm),
      cest: somenteDigitos(item.cest) || null,
      cfop,
      unidade: item.unidade_medida,
      quantidade: Number(item.quantidade),
      valorUnitarioCentavos: toCentavos(Number(item.preco_unitario)),
      descontoCentavos: toCentavos(Number(item.desconto_item)),
      origem: Number(item.origem),
      csosn: cfg.csosn_padrao,
      aliquotaCreditoSn: cfg.aliquota_credito_sn,
    })),
    descontoCentavos: toCentavos(venda.desconto),
    freteCentavos: toCentavos(venda.frete),
    modalidadeFrete: entrada.modalidadeFrete ?? (entrada.transportadora ? 0 : 9),
    transportadora: entrada.transportadora
      ? transportadoraDoCadastro(entrada.transportadora)
      : undefined,
    pagamentos: pagamentos.length ? pagamentos : [{ tPag: '90', valorCentavos: 0 }],
    trocoCentavos: toCentavos(venda.troco),
    informacoesComplementares: complementares,
    responsavelTecnico: RESPONSAVEL_TECNICO,
  };
}
