// Suppliers' notes for the purchase-entry tests and the benchmark: NF-e made by the project's own
// builder with a supplier as emitente and the company as destinatário, signed with a test A1 and
// wrapped as nfeProc with a protocol as SEFAZ would write it (cStat 100).
import { isoComFuso } from '@prumo/shared/dates';
import type { EntradaPrevia } from '@prumo/shared/fiscal';
import { assinarXml, digestValue } from './nfe/assinatura';
import type { CertificadoPem, ItemNota, NotaDados } from './nfe/nfe-dados';
import { itemDeExemplo, notaDeExemplo } from './nfe/nfe-exemplo';
import { montarNfe } from './nfe/nfe-xml';
import { dinheiro } from './xml-texto';
import { montarNfeProc, VERSAO_NFE } from './sefaz/mensagens';
import { NS_NFE } from './sefaz/soap';

export const CNPJ_FORNECEDOR_EXEMPLO = '11444777000161';
export const RAZAO_FORNECEDOR_EXEMPLO = 'Distribuidora Exemplo de Cafés Ltda';
/** The demo company's CNPJ (Configurações → Empresa of the demo). */
export const CNPJ_EMPRESA_DEMO = '11222333000181';

export interface Duplicata {
  nDup: string;
  dVenc: string;
  vDupCentavos: number;
}

export interface OpcoesCompra {
  numero: number;
  itens: ItemNota[];
  destinatarioCnpj?: string;
  descontoCentavos?: number;
  freteCentavos?: number;
}

/** An NF-e from the example supplier (São Paulo) to the company, within the UF (CFOP 5102). */
export function notaDeCompra(opcoes: OpcoesCompra): NotaDados {
  const fornecedor = notaDeExemplo().emitente;
  return notaDeExemplo({
    numero: opcoes.numero,
    naturezaOperacao: 'Venda de mercadoria',
    emitente: {
      ...fornecedor,
      cnpj: CNPJ_FORNECEDOR_EXEMPLO,
      razaoSocial: RAZAO_FORNECEDOR_EXEMPLO,
      nomeFantasia: 'Distribuidora Exemplo',
    },
    destinatario: {
      nome: 'Prumo Comércio e Serviços Ltda',
      cnpj: opcoes.destinatarioCnpj ?? CNPJ_EMPRESA_DEMO,
      indicadorIE: 1,
      inscricaoEstadual: '110042490114',
      endereco: {
        logradouro: 'Av. Paulista',
        numero: '1000',
        bairro: 'Bela Vista',
        codigoMunicipio: 3550308,
        municipio: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
      },
    },
    itens: opcoes.itens,
    descontoCentavos: opcoes.descontoCentavos ?? 0,
    freteCentavos: opcoes.freteCentavos ?? 0,
    modalidadeFrete: opcoes.freteCentavos ? 0 : 9,
    responsavelTecnico: { ...notaDeExemplo().responsavelTecnico, cnpj: CNPJ_FORNECEDOR_EXEMPLO },
  });
}

/** An item of the supplier's catalogue (its own code, CFOP within the UF). */
export function itemDeCompra(n: number, outros: Partial<ItemNota> = {}): ItemNota {
  return itemDeExemplo(n, { codigo: `F-${n}`, cfop: '5102', gtin: null, ...outros });
}

/** The cobr group (fatura and duplicatas) the builder leaves out, before pag as the schema says. */
function cobranca(duplicatas: readonly Duplicata[]): string {
  const total = duplicatas.reduce((soma, dup) => soma + dup.vDupCentavos, 0);
  return (
    `<cobr><fat><nFat>1</nFat><vOrig>${dinheiro(total)}</vOrig><vDesc>0.00</vDesc>` +
    `<vLiq>${dinheiro(total)}</vLiq></fat>` +
    duplicatas
      .map(
        (dup) =>
          `<dup><nDup>${dup.nDup}</nDup><dVenc>${dup.dVenc}</dVenc>` +
          `<vDup>${dinheiro(dup.vDupCentavos)}</vDup></dup>`,
      )
      .join('') +
    '</cobr>'
  );
}

/** SEFAZ's protNFe of an authorized note: its key, the note's digest and cStat 100. */
function protocoloAutorizado(chave: string, digVal: string, tpAmb: number): string {
  return (
    `<protNFe xmlns="${NS_NFE}" versao="${VERSAO_NFE}"><infProt>` +
    `<tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${chave}</chNFe>` +
    `<dhRecbto>${isoComFuso(new Date())}</dhRecbto><nProt>135260000012345</nProt>` +
    `<digVal>${digVal}</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo>` +
    '</infProt></protNFe>'
  );
}

/** The supplier's nfeProc: built, (cobr added), signed and wrapped with its protocol. */
export function nfeProcDeCompra(
  dados: NotaDados,
  certificado: CertificadoPem,
  duplicatas: readonly Duplicata[] = [],
): { xml: string; chave: string; totalCentavos: number } {
  const nota = montarNfe(dados);
  const xml = duplicatas.length
    ? nota.xml.replace('<pag>', `${cobranca(duplicatas)}<pag>`)
    : nota.xml;
  const assinado = assinarXml(xml, 'infNFe', certificado);
  return {
    xml: montarNfeProc(
      assinado,
      protocoloAutorizado(nota.chave, digestValue(assinado), dados.tpAmb),
    ),
    chave: nota.chave,
    totalCentavos: nota.totalCentavos,
  };
}

/**
 * The benchmark's figure (issue 29): a supplier's NF-e of `itens` items entered on a running
 * server, preview and confirmation, `vezes` times after one run that creates its products (the
 * next runs find them by the supplier's codes). Answers the durations in ms, in order.
 */
export async function medirEntradaXml(
  url: string,
  token: string,
  certificado: CertificadoPem,
  { itens = 100, vezes = 10 } = {},
): Promise<number[]> {
  const authorization = `Bearer ${token}`;
  const empresa = (await (
    await fetch(`${url}/api/configuracoes/empresa`, { headers: { authorization } })
  ).json()) as { documento: string | null };
  const primeiro = Date.now() % 900_000_000;
  const enviar = async (caminho: string, xml: string, dados?: unknown) => {
    const corpo = new FormData();
    if (dados) corpo.append('dados', JSON.stringify(dados));
    corpo.append('xml', new Blob([xml], { type: 'application/xml' }), 'nfe.xml');
    const response = await fetch(`${url}${caminho}`, {
      method: 'POST',
      headers: { authorization },
      body: corpo,
    });
    const resposta = (await response.json()) as unknown;
    if (response.status >= 300) {
      throw new Error(`${caminho}: ${response.status} ${JSON.stringify(resposta).slice(0, 300)}`);
    }
    return resposta;
  };
  const duracoes: number[] = [];
  for (let run = 0; run <= vezes; run++) {
    const dados = notaDeCompra({
      numero: primeiro + run,
      destinatarioCnpj: empresa.documento ?? CNPJ_EMPRESA_DEMO,
      itens: Array.from({ length: itens }, (_, k) =>
        itemDeCompra(k + 1, { codigo: `BENCH-${k + 1}`, descricao: `Insumo de bancada ${k + 1}` }),
      ),
    });
    const { xml } = nfeProcDeCompra(dados, certificado);
    const inicio = performance.now();
    const previa = (await enviar('/api/entradas-nfe/previa', xml)) as EntradaPrevia;
    await enviar('/api/entradas-nfe', xml, {
      itens: previa.itens.map((item) => ({
        n_item: item.n_item,
        produto_id: item.produto?.id ?? null,
        fator: item.fator,
      })),
    });
    if (run > 0) duracoes.push(performance.now() - inicio);
  }
  return duracoes;
}
