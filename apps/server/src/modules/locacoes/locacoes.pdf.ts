// The printable rental contract (A4): parties, items and units, the period and its price, the
// caução, the terms and the signatures. The shared PDF module draws the company header (CNPJ).
import { descreverComposicao, formatNumeroLocacao, type Locacao } from '@prumo/shared/contratos';
import { formatMoney } from '@prumo/shared/money';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { blocoDeTexto } from '../../pdf/blocos';
import { criarDocumento, MM, type ContextoDocumento } from '../../pdf/documento';

const unidadesTexto = (unidades: Locacao['itens'][number]['unidades']) =>
  unidades.map((u) => `nº ${u.numero}${u.identificacao ? ` (${u.identificacao})` : ''}`).join(', ');

export async function locacaoPdf(
  locacao: Locacao,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, {
    titulo: 'Contrato de Locação',
    numero: `Nº ${formatNumeroLocacao(locacao.numero)}`,
    marcaDagua: locacao.situacao === 'Cancelada' ? 'CANCELADA' : undefined,
  });
  doc.campos(
    [
      ['Locatário', locacao.cliente_nome],
      ['Situação', locacao.situacao],
      ['Retirada', doc.data(locacao.retirada)],
      ['Devolução prevista', doc.data(locacao.devolucao_prevista)],
      ['Período', `${locacao.dias} ${locacao.dias === 1 ? 'dia' : 'dias'}`],
      ['Forma de pagamento', formaPagamentoLabel(locacao.forma_pagamento)],
    ],
    2,
  );
  doc.espaco(8);
  doc.texto('Equipamentos', { negrito: true });
  doc.tabela(
    [
      { titulo: 'Equipamento', quebrar: 3 },
      { titulo: 'Qtd.', largura: 40, alinhar: 'direita' },
      { titulo: 'Diária', largura: 70, alinhar: 'direita' },
      { titulo: 'Cobrança', largura: 110 },
      { titulo: 'Subtotal', largura: 80, alinhar: 'direita' },
    ],
    locacao.itens.map((i) => [
      i.unidades.length ? `${i.nome} — ${unidadesTexto(i.unidades)}` : i.nome,
      String(i.quantidade),
      formatMoney(i.preco_diaria),
      descreverComposicao(i),
      formatMoney(i.subtotal),
    ]),
  );
  doc.espaco(3);
  const recuo = doc.largura * 0.55;
  doc.valores('Valor da locação', formatMoney(locacao.valor), { recuo, negrito: true });
  doc.valores('Caução', formatMoney(locacao.caucao), { recuo });
  if (locacao.devolvida_em) {
    doc.valores(`Atraso (${locacao.dias_atraso} dias)`, formatMoney(locacao.multa_atraso ?? 0), {
      recuo,
    });
    doc.valores('Danos', formatMoney(locacao.danos ?? 0), { recuo });
    doc.valores('Caução devolvida', formatMoney(locacao.caucao_devolvida ?? 0), { recuo });
  }
  doc.espaco(8);
  const clausulas = [
    `O locatário recebe os equipamentos acima em perfeito estado e os devolve até ` +
      `${doc.data(locacao.devolucao_prevista)}, no mesmo estado, ressalvado o desgaste natural do uso.`,
    'Cada dia de atraso na devolução é cobrado pelo valor da diária de cada equipamento.',
    `A caução de ${formatMoney(locacao.caucao)} é devolvida na devolução dos equipamentos, ` +
      'descontados os danos constatados; danos acima da caução são cobrados do locatário.',
    'O locatário responde pela guarda e pelo uso adequado dos equipamentos durante a locação e ' +
      'não os subloca nem os empresta a terceiros.',
  ];
  doc.texto('Condições', { negrito: true });
  clausulas.forEach((texto, i) => doc.texto(`${i + 1}. ${texto}`));
  doc.espaco(6);
  blocoDeTexto(doc, 'Observações', locacao.observacoes);
  if (locacao.situacao === 'Cancelada' && locacao.motivo_cancelamento) {
    doc.texto(`Cancelada: ${locacao.motivo_cancelamento}`);
  }
  doc.espaco(14 * MM);
  doc.assinaturas(['Locatário', 'Locadora']);
  return doc.salvar();
}
