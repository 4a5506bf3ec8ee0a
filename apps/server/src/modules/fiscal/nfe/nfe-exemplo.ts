// A complete note for tests, the SEFAZ simulator's tests and the benchmark: a Simples Nacional
// shop in São Paulo selling to a contributor in Rio de Janeiro (NF-e), or at the counter (NFC-e).
import { FISCAL_TEXTOS } from '@prumo/shared/fiscal';
import { assinarTexto, assinarXml } from './assinatura';
import { validarXml } from './esquemas';
import type { CertificadoPem, ItemNota, NotaDados } from './nfe-dados';
import { montarNfe, valoresDosItens } from './nfe-xml';

export const CNPJ_EMITENTE_EXEMPLO = '11222333000181';

export function itemDeExemplo(n: number, outros: Partial<ItemNota> = {}): ItemNota {
  return {
    codigo: `P${n}`,
    gtin: n % 2 === 0 ? '7891000315507' : null,
    descricao: `Produto de exemplo ${n}`,
    ncm: '61091000',
    cest: null,
    cfop: '5102',
    unidade: 'UN',
    quantidade: 1 + (n % 3),
    valorUnitarioCentavos: 1990 + n * 137,
    descontoCentavos: 0,
    origem: 0,
    csosn: '102',
    ...outros,
  };
}

/** An NF-e (modelo 55) of `itens` items by default; `outros` replaces any field. */
export function notaDeExemplo(outros: Partial<NotaDados> = {}, itens = 3): NotaDados {
  const nota: NotaDados = {
    modelo: 55,
    serie: 1,
    numero: 1,
    codigoNumerico: '40526813',
    tpEmis: 1,
    tpAmb: 2,
    emitidaEm: new Date('2026-11-27T13:15:00Z'),
    timeZone: 'America/Sao_Paulo',
    naturezaOperacao: 'Venda de mercadoria',
    emitente: {
      cnpj: CNPJ_EMITENTE_EXEMPLO,
      razaoSocial: 'Loja Exemplo Comércio de Roupas Ltda',
      nomeFantasia: 'Loja Exemplo',
      inscricaoEstadual: '111222333444',
      crt: 1,
      endereco: {
        logradouro: 'Rua Augusta',
        numero: '1500',
        complemento: 'Loja 2',
        bairro: 'Consolação',
        codigoMunicipio: 3550308,
        municipio: 'São Paulo',
        uf: 'SP',
        cep: '01304001',
        telefone: '1133334444',
      },
    },
    destinatario: {
      nome: 'Cliente Atacadista S.A.',
      cnpj: '11444777000161',
      indicadorIE: 1,
      inscricaoEstadual: '12345678',
      email: 'compras@cliente.com.br',
      endereco: {
        logradouro: 'Avenida Rio Branco',
        numero: '100',
        bairro: 'Centro',
        codigoMunicipio: 3304557,
        municipio: 'Rio de Janeiro',
        uf: 'RJ',
        cep: '20040002',
      },
    },
    itens: Array.from({ length: itens }, (_, i) => itemDeExemplo(i + 1, { cfop: '6102' })),
    descontoCentavos: 0,
    freteCentavos: 0,
    modalidadeFrete: 9,
    pagamentos: [],
    trocoCentavos: 0,
    informacoesComplementares: FISCAL_TEXTOS.simplesNacional,
    responsavelTecnico: {
      cnpj: CNPJ_EMITENTE_EXEMPLO,
      contato: 'Equipe Prumo',
      email: 'fiscal@prumo.example',
      telefone: '11999990000',
    },
    ...outros,
  };
  if (!outros.pagamentos) {
    // Paid in full by boleto: the payments add up to vNF, as SEFAZ checks.
    const total = valoresDosItens(nota).reduce((a, v) => a + v.vProd - v.vDesc + v.vFrete, 0);
    nota.pagamentos = [{ tPag: '15', valorCentavos: total }];
  }
  return nota;
}

/** Builds, signs and validates a note: what the emission does before sending it. */
export async function emitirLocalmente(dados: NotaDados, certificado: CertificadoPem) {
  const nota = montarNfe(dados, { assinarQrCode: (texto) => assinarTexto(texto, certificado) });
  const assinado = assinarXml(nota.xml, 'infNFe', certificado);
  const validacao = await validarXml(assinado, 'nfe');
  return { ...nota, assinado, validacao };
}

/**
 * The benchmark's figure: an NF-e of `itens` items built, signed and validated, `vezes` times
 * after `aquecimento` runs; answers the durations in ms (sorted) and their median.
 */
export async function medirNfe(
  certificado: CertificadoPem,
  { itens = 10, vezes = 30, aquecimento = 5 } = {},
): Promise<{ p50: number; duracoes: number[] }> {
  const dados = notaDeExemplo({}, itens);
  const duracoes: number[] = [];
  for (let i = 0; i < aquecimento + vezes; i++) {
    const inicio = performance.now();
    const { validacao } = await emitirLocalmente({ ...dados, numero: i + 1 }, certificado);
    if (!validacao.valido) throw new Error(validacao.erros.join('; '));
    if (i >= aquecimento) duracoes.push(performance.now() - inicio);
  }
  duracoes.sort((a, b) => a - b);
  return { p50: duracoes[Math.floor(duracoes.length / 2)]!, duracoes };
}
