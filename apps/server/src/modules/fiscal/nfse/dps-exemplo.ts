// A complete DPS for tests and the benchmark: a Simples Nacional repair shop in São Paulo
// (ME/EPP) invoicing a customer with CPF, or a company with CNPJ that withholds the ISS.
import { assinarXml } from '../nfe/assinatura';
import type { CertificadoPem } from '../nfe/nfe-dados';
import { validarXml } from '../nfe/esquemas';
import type { DpsDados } from './dps-dados';
import { montarDps } from './dps-xml';

export const CNPJ_PRESTADOR_EXEMPLO = '11222333000181';
const SAO_PAULO = 3550308;

/** A DPS of a computer repair to a person; `outros` replaces any field. */
export function dpsDeExemplo(outros: Partial<DpsDados> = {}): DpsDados {
  return {
    tpAmb: 2,
    emitidaEm: new Date('2026-11-27T13:15:00Z'),
    timeZone: 'America/Sao_Paulo',
    competencia: '2026-11-27',
    serie: 1,
    numero: 1,
    municipioEmissor: SAO_PAULO,
    prestador: {
      cnpj: CNPJ_PRESTADOR_EXEMPLO,
      inscricaoMunicipal: '12345678',
      telefone: '1130000000',
      email: 'contato@prumo.com.br',
      opcaoSimplesNacional: 3,
      regimeApuracaoSimples: 1,
      regimeEspecial: 0,
    },
    tomador: {
      cpf: '52998224725',
      nome: 'Maria Aparecida da Silva',
      endereco: {
        codigoMunicipio: SAO_PAULO,
        cep: '01310100',
        logradouro: 'Av. Paulista',
        numero: '1000',
        complemento: 'Ap. 12',
        bairro: 'Bela Vista',
      },
      telefone: '11987654321',
      email: 'maria@exemplo.com.br',
    },
    servico: {
      municipioPrestacao: SAO_PAULO,
      codigoTributacaoNacional: '140101',
      codigoNbs: '120012000',
      descricao: '1 × Troca de tela de notebook (R$ 350,00); 1 × Limpeza interna (R$ 80,00)',
      codigoInterno: 'OS000123',
      informacoesComplementares: 'Ordem de serviço nº 000123',
    },
    valores: {
      servicoCentavos: 43_000,
      descontoIncondicionadoCentavos: 3_000,
      tributacaoIssqn: 1,
      issRetido: false,
      aliquotaIss: 2,
    },
    ...outros,
  };
}

/** Builds, signs and validates a DPS: what the issue does before sending it. */
export async function dpsLocal(dados: DpsDados, certificado: CertificadoPem) {
  const dps = montarDps(dados);
  const assinado = assinarXml(dps.xml, 'infDPS', certificado);
  const validacao = await validarXml(assinado, 'DPS');
  return { ...dps, assinado, validacao };
}

/**
 * The benchmark's figure (issue 30): a DPS built, signed and validated, `vezes` times after
 * `aquecimento` runs; answers the durations in ms (sorted) and their median.
 */
export async function medirDps(
  certificado: CertificadoPem,
  { vezes = 30, aquecimento = 5 } = {},
): Promise<{ p50: number; duracoes: number[] }> {
  const duracoes: number[] = [];
  for (let i = 0; i < aquecimento + vezes; i++) {
    const inicio = performance.now();
    const { validacao } = await dpsLocal(dpsDeExemplo({ numero: i + 1 }), certificado);
    if (!validacao.valido) throw new Error(validacao.erros.join('; '));
    if (i >= aquecimento) duracoes.push(performance.now() - inicio);
  }
  duracoes.sort((a, b) => a - b);
  return { p50: duracoes[Math.floor(duracoes.length / 2)]!, duracoes };
}

/** The company as the national registry knows it, for the issuer's test double. */
export const EMITENTE_EXEMPLO = {
  cnpj: CNPJ_PRESTADOR_EXEMPLO,
  inscricaoMunicipal: '12345678',
  nome: 'Prumo Comércio e Serviços Ltda',
  nomeFantasia: 'Prumo',
  endereco: {
    logradouro: 'Av. Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    codigoMunicipio: SAO_PAULO,
    uf: 'SP',
    cep: '01310100',
  },
  telefone: '1130000000',
  email: 'contato@prumo.com.br',
};
