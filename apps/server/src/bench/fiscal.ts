import { NFE_10_ITENS } from '../modules/fiscal/danfe/danfe-fixtures';
import { CONTEXTO_TESTE } from '../pdf/pdf-teste';
import { gerarCertificadoTeste } from '../modules/fiscal/certificado/certificado-teste';
import { medirNfe } from '../modules/fiscal/nfe/nfe-exemplo';
import { medirDps } from '../modules/fiscal/nfse/dps-exemplo';
import {
  CNPJ_FORNECEDOR_EXEMPLO,
  medirEntradaXml,
  RAZAO_FORNECEDOR_EXEMPLO,
} from '../modules/fiscal/entradas-exemplo';
import { cronometrar, repetir, type LinhaDocumento } from './documentos';

/** Targets of issue 28: printed next to the figures, never enforced. */
export const ALVO_NFE_MS = 50;
export const ALVO_DANFE_MS = 150;
export const ALVO_VENDA_NFCE_MS = 1000;
/** Target of issue 29: a supplier's XML of 100 items entered (preview and confirmation). */
export const ALVO_ENTRADA_XML_MS = 1000;
/** Target of issue 30: a DPS (national NFS-e) built, signed and validated. */
export const ALVO_DPS_MS = 50;

/**
 * Fiscal notes (issue 28): an NF-e of 10 items built, signed and validated against the official
 * schema, and its DANFE drawn, in this process (what the server does per note); then, on the
 * running server in its ambiente de simulação, a counter sale from F9 to its DANFCE ready: the
 * quick sale, its NFC-e authorized by the simulated SEFAZ (HTTPS with client certificates) and
 * the DANFCE's PDF read whole; and a supplier's NF-e of 100 items entered from its XML (issue 29:
 * the preview and the confirmation, products found by the supplier's codes); and a DPS of the
 * national NFS-e built, signed and validated (issue 30).
 */
export async function medirFiscal(url: string, token: string): Promise<LinhaDocumento[]> {
  const { pem } = gerarCertificadoTeste({ cnpj: '11222333000181', razaoSocial: 'PRUMO BENCH' });
  const nfe = await medirNfe(pem, { itens: 10, vezes: 30, aquecimento: 5 });
  const dps = await medirDps(pem, { vezes: 30, aquecimento: 5 });
  const { danfePdf } = await import('../modules/fiscal/danfe/danfe');
  const danfe = await repetir(20, async () => {
    const started = performance.now();
    await danfePdf(NFE_10_ITENS, CONTEXTO_TESTE);
    return performance.now() - started;
  });

  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const enviar = async (caminho: string, body: unknown) => {
    const response = await fetch(`${url}${caminho}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const resposta = (await response.json()) as { id: number; situacao?: string };
    return { status: response.status, resposta };
  };
  // A product a note can carry (the dataset's have no NCM) and the seller's open caixa (the
  // dataset may have opened it already: 409 is fine).
  const produto = await enviar('/api/produtos', {
    nome: `Bench NFC-e ${Date.now()}`,
    preco: 9.9,
    estoque: 100_000,
    ncm: '09012100',
  });
  if (produto.status !== 201) throw new Error(`produto da NFC-e: ${produto.status}`);
  await enviar('/api/caixas', { valor_inicial: 0 });
  const vendaComNfce = await repetir(20, async () => {
    const started = performance.now();
    const venda = await enviar('/api/vendas', {
      tipo: 'balcao',
      atendimento_rapido: true,
      forma_pagamento: 'dinheiro',
      itens: [{ produto_id: produto.resposta.id, quantidade: 1 }],
    });
    const nota = await enviar('/api/notas-fiscais', { venda_id: venda.resposta.id, modelo: 65 });
    if (nota.resposta.situacao !== 'Autorizada') {
      throw new Error(`NFC-e não autorizada: ${JSON.stringify(nota.resposta).slice(0, 300)}`);
    }
    await cronometrar(`${url}/api/notas-fiscais/${nota.resposta.id}/danfe`, { headers });
    return performance.now() - started;
  });
  const fornecedor = gerarCertificadoTeste({
    cnpj: CNPJ_FORNECEDOR_EXEMPLO,
    razaoSocial: RAZAO_FORNECEDOR_EXEMPLO,
  });
  const entradaXml = await medirEntradaXml(url, token, fornecedor.pem, { itens: 100, vezes: 10 });
  return [
    {
      nome: 'NF-e 10 itens: montar, assinar, validar',
      amostras: nfe.duracoes,
      alvoMs: ALVO_NFE_MS,
    },
    { nome: 'DPS NFS-e: montar, assinar, validar', amostras: dps.duracoes, alvoMs: ALVO_DPS_MS },
    { nome: 'DANFE A4 10 itens', amostras: danfe, alvoMs: ALVO_DANFE_MS },
    {
      nome: 'venda balcão + NFC-e até o DANFCE',
      amostras: vendaComNfce,
      alvoMs: ALVO_VENDA_NFCE_MS,
    },
    {
      nome: 'XML de compra 100 itens: prévia e lançamento',
      amostras: entradaXml,
      alvoMs: ALVO_ENTRADA_XML_MS,
    },
  ];
}
