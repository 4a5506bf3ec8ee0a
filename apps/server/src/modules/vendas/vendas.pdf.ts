// The sale's printouts: the 80 mm roll receipt (comprovante não fiscal) and the A4 order. The
// shared PDF module draws the company header, the pages and their furniture.
import { formatQuantidade } from '@prumo/shared/estoque';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { formatNumeroOrcamento } from '@prumo/shared/orcamentos';
import {
  CLIENTE_BALCAO,
  formaPagamentoLabel,
  formatNumeroVenda,
  type ItemVenda,
  type Venda,
} from '@prumo/shared/vendas';
import { criarDocumento, MM, type ContextoDocumento, type Documento } from '../../pdf/documento';

const desconto = (valor: number) => formatMoney(-valor);

/** What the line costs before its discount (the column of values adds up to the total). */
const brutoDoItem = (item: ItemVenda) =>
  fromCentavos(toCentavos(item.subtotal) + toCentavos(item.desconto_item));

function clienteDa(venda: Venda): string {
  return venda.cliente_nome ?? (venda.tipo === 'balcao' ? CLIENTE_BALCAO : '');
}

/** When and why it was cancelled, from its status history. */
function cancelamentoDa(venda: Venda) {
  const registro = venda.historico.findLast((entrada) => entrada.status === 'Cancelada');
  return {
    em: venda.cancelada_em ?? registro?.created_at ?? null,
    motivo: registro?.motivo ?? null,
  };
}

/** Payments, then the troco when cash was paid or change was given. */
function pagamentosDa(venda: Venda): Array<[string, string]> {
  const linhas: Array<[string, string]> = venda.pagamentos.map((pagamento) => [
    formaPagamentoLabel(pagamento.forma),
    formatMoney(pagamento.valor),
  ]);
  if (venda.troco > 0 || venda.pagamentos.some((pagamento) => pagamento.forma === 'dinheiro'))
    linhas.push(['Troco', formatMoney(venda.troco)]);
  return linhas;
}

function comprovante80mm(doc: Documento, venda: Venda) {
  const cancelada = venda.status === 'Cancelada';
  const cancelamento = cancelamentoDa(venda);
  if (cancelada) doc.destaque('VENDA CANCELADA');
  doc.campos([
    ['Data', doc.dataHora(venda.data_venda)],
    ['Vendedor', venda.vendedor_nome ?? ''],
    ['Cliente', clienteDa(venda)],
    ...(venda.status === 'Pendente' ? [['Situação', 'Pendente (não finalizada)'] as const] : []),
  ]);
  doc.separador();

  const recuo = doc.fonte * 2.6;
  const pequeno = doc.fonte * 0.9;
  doc.valores('#   Descrição / Qtd x Preço unit.', 'Total', { negrito: true, tamanho: pequeno });
  venda.itens.forEach((item, indice) => {
    doc.texto(`${String(indice + 1).padStart(3, '0')}  ${item.produto_nome}`, {
      maxLinhas: 3,
      recuoSeguintes: recuo,
    });
    const quantidade = `${formatQuantidade(item.quantidade)} ${item.unidade_medida}`;
    doc.valores(
      `${quantidade} x ${formatMoney(item.preco_unitario)}`,
      formatMoney(brutoDoItem(item)),
      { recuo },
    );
    if (item.desconto_item > 0)
      doc.valores('Desconto no item', desconto(item.desconto_item), { recuo });
  });
  doc.separador();

  const quantidadeItens = venda.itens.length === 1 ? '1 item' : `${venda.itens.length} itens`;
  doc.valores(`Subtotal (${quantidadeItens})`, formatMoney(venda.valor_total));
  if (venda.desconto > 0) doc.valores('Desconto', desconto(venda.desconto));
  if (venda.frete > 0) doc.valores('Frete', formatMoney(venda.frete));
  doc.valores('TOTAL', formatMoney(venda.valor_final), { negrito: true, tamanho: doc.fonte * 1.4 });
  doc.separador();

  const pagamentos = pagamentosDa(venda);
  if (pagamentos.length) {
    doc.texto('Pagamento', { negrito: true });
    for (const [forma, valor] of pagamentos) doc.valores(forma, valor);
  }
  if (venda.observacoes) {
    doc.separador();
    doc.texto(`Obs.: ${venda.observacoes}`, { maxLinhas: 8, paragrafos: true });
  }
  if (cancelada) {
    doc.separador();
    doc.texto(`VENDA CANCELADA em ${doc.dataHora(cancelamento.em)}`, { negrito: true });
    if (cancelamento.motivo) doc.texto(`Motivo: ${cancelamento.motivo}`, { maxLinhas: 4 });
  }
  doc.separador();
  doc.texto('Não é documento fiscal', { alinhar: 'centro', negrito: true });
  doc.texto('Obrigado pela preferência!', { alinhar: 'centro' });
}

function pedidoA4(doc: Documento, venda: Venda) {
  const cancelamento = cancelamentoDa(venda);
  if (venda.status === 'Cancelada') {
    doc.destaque('VENDA CANCELADA');
    doc.espaco();
  }
  doc.campos(
    [
      ['Cliente', clienteDa(venda)],
      ['Data da venda', doc.dataHora(venda.data_venda)],
      ['Vendedor', venda.vendedor_nome ?? ''],
      ['Situação', venda.status],
      ['Tipo', venda.tipo === 'balcao' ? 'Venda de balcão' : 'Venda de produtos'],
      ...(venda.finalizada_em
        ? [['Finalizada em', doc.dataHora(venda.finalizada_em)] as const]
        : []),
      ...(cancelamento.em ? [['Cancelada em', doc.dataHora(cancelamento.em)] as const] : []),
      ...(cancelamento.motivo ? [['Motivo do cancelamento', cancelamento.motivo] as const] : []),
      ...(venda.desconto_autorizado_por_nome
        ? [['Desconto autorizado por', venda.desconto_autorizado_por_nome] as const]
        : []),
      ...(venda.orcamento_numero
        ? [['Orçamento', `Nº ${formatNumeroOrcamento(venda.orcamento_numero)}`] as const]
        : []),
    ],
    2,
  );
  doc.espaco(8);

  doc.tabela(
    [
      { titulo: 'Item', largura: 26, alinhar: 'direita' },
      { titulo: 'Descrição', quebrar: 3 },
      { titulo: 'Qtd', largura: 46, alinhar: 'direita' },
      { titulo: 'Un', largura: 28, alinhar: 'centro' },
      { titulo: 'Preço unit.', largura: 70, alinhar: 'direita' },
      { titulo: 'Desconto', largura: 64, alinhar: 'direita' },
      { titulo: 'Subtotal', largura: 74, alinhar: 'direita' },
    ],
    venda.itens.map((item, indice) => [
      String(indice + 1),
      item.produto_nome,
      formatQuantidade(item.quantidade),
      item.unidade_medida,
      formatMoney(item.preco_unitario),
      item.desconto_item > 0 ? desconto(item.desconto_item) : '',
      formatMoney(item.subtotal),
    ]),
  );
  doc.separador(false);
  doc.espaco(3);

  // Totals and payments in the right half, kept on one page.
  const recuo = doc.largura * 0.55;
  doc.manterJunto(() => {
    doc.valores('Subtotal dos itens', formatMoney(venda.valor_total), { recuo });
    if (venda.desconto > 0) doc.valores('Desconto', desconto(venda.desconto), { recuo });
    if (venda.frete > 0) doc.valores('Frete', formatMoney(venda.frete), { recuo });
    doc.valores('Total', formatMoney(venda.valor_final), {
      recuo,
      negrito: true,
      tamanho: doc.fonte * 1.3,
    });
    const pagamentos = pagamentosDa(venda);
    if (pagamentos.length) {
      doc.espaco();
      doc.texto('Pagamento', { recuo, negrito: true });
      for (const [forma, valor] of pagamentos) doc.valores(forma, valor, { recuo });
    }
  });
  if (venda.observacoes) {
    doc.espaco(10);
    doc.manterJunto(() => {
      doc.texto('Observações', { negrito: true });
      doc.texto(venda.observacoes!, { maxLinhas: 20, paragrafos: true });
    });
  }
  doc.espaco(8 * MM);
  doc.assinaturas(['Assinatura do cliente', 'Assinatura do vendedor']);
}

/** The sale as a PDF: the 80 mm roll receipt or the A4 order. */
export async function comprovanteVendaPdf(
  venda: Venda,
  formato: '80mm' | 'a4',
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const numero = formatNumeroVenda(venda.numero);
  const doc = await criarDocumento(
    formato,
    contexto,
    formato === '80mm'
      ? { titulo: 'COMPROVANTE NÃO FISCAL', numero: `Venda Nº ${numero}` }
      : {
          titulo: 'Pedido de Venda',
          numero: `Nº ${numero}`,
          marcaDagua: venda.status === 'Cancelada' ? 'CANCELADA' : undefined,
        },
  );
  if (formato === '80mm') comprovante80mm(doc, venda);
  else pedidoA4(doc, venda);
  return doc.salvar();
}
