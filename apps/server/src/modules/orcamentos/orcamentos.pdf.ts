// The printable quote (A4): what the customer receives. The shared PDF module draws the company
// header, the pages and their furniture; internal observations are never printed.
import { formatMoney } from '@prumo/shared/money';
import {
  formatNumeroOrcamento,
  statusOrcamentoLabel,
  type Orcamento,
} from '@prumo/shared/orcamentos';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { blocoDeTexto, enderecoEmUmaLinha, tabelaDeLinhas } from '../../pdf/blocos';
import { criarDocumento, MM, type ContextoDocumento } from '../../pdf/documento';

/** Marked across the page when the quote is no longer an open offer. */
const MARCAS: Partial<Record<Orcamento['status'], string>> = {
  rascunho: 'RASCUNHO',
  rejeitado: 'REJEITADO',
  expirado: 'EXPIRADO',
};

/** The quote as an A4 PDF; values are left out when it says not to show the total. */
export async function orcamentoPdf(
  orcamento: Orcamento,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, {
    titulo: 'Orçamento',
    numero: `Nº ${formatNumeroOrcamento(orcamento.numero)}`,
    marcaDagua: MARCAS[orcamento.status],
  });
  const endereco = enderecoEmUmaLinha(orcamento);
  doc.campos(
    [
      ['Cliente', orcamento.cliente_nome],
      ['Data', doc.data(orcamento.data)],
      ...(orcamento.aos_cuidados ? [['Aos cuidados de', orcamento.aos_cuidados] as const] : []),
      ['Válido até', `${doc.data(orcamento.data_vencimento)} (${orcamento.validade_dias} dias)`],
      ['Vendedor', orcamento.vendedor_nome ?? orcamento.responsavel ?? ''],
      ['Situação', statusOrcamentoLabel(orcamento.status)],
    ],
    2,
  );
  doc.espaco(8);
  blocoDeTexto(doc, '', orcamento.introducao);

  const valores = orcamento.exibir_valor_total;
  tabelaDeLinhas(doc, 'Produtos', orcamento.produtos, valores);
  tabelaDeLinhas(doc, 'Serviços', orcamento.servicos, valores);
  if (valores) {
    doc.separador(false);
    doc.espaco(3);
    const recuo = doc.largura * 0.55;
    doc.manterJunto(() => {
      if (orcamento.produtos.length > 0) {
        doc.valores('Produtos', formatMoney(orcamento.total_produtos), { recuo });
      }
      if (orcamento.servicos.length > 0) {
        doc.valores('Serviços', formatMoney(orcamento.total_servicos), { recuo });
      }
      if (orcamento.frete > 0) doc.valores('Frete', formatMoney(orcamento.frete), { recuo });
      doc.valores('Total', formatMoney(orcamento.valor_total), {
        recuo,
        negrito: true,
        tamanho: doc.fonte * 1.3,
      });
    });
  }
  doc.espaco(8);

  if (orcamento.condicoes_pagamento || orcamento.forma_pagamento) {
    doc.manterJunto(() => {
      doc.texto('Condições de pagamento', { negrito: true });
      doc.texto(
        [
          orcamento.condicoes_pagamento,
          orcamento.forma_pagamento ? formaPagamentoLabel(orcamento.forma_pagamento) : null,
        ]
          .filter(Boolean)
          .join(' — '),
      );
      if (orcamento.parcelas.length > 0) {
        doc.tabela(
          [
            { titulo: 'Parcela', largura: 60, alinhar: 'direita' },
            { titulo: 'Vencimento', largura: 90, alinhar: 'centro' },
            { titulo: 'Valor', largura: 90, alinhar: 'direita' },
            { titulo: '' },
          ],
          orcamento.parcelas.map((parcela) => [
            `${parcela.numero}/${orcamento.parcelas.length}`,
            doc.data(parcela.vencimento),
            formatMoney(parcela.valor),
            '',
          ]),
        );
      }
    });
    doc.espaco(6);
  }

  const entrega: Array<readonly [string, string]> = [
    ...(orcamento.prazo_entrega ? [['Prazo de entrega', orcamento.prazo_entrega] as const] : []),
    ...(orcamento.transportadora_nome
      ? [['Transportadora', orcamento.transportadora_nome] as const]
      : []),
    ...(endereco ? [['Endereço de entrega', endereco] as const] : []),
  ];
  if (entrega.length > 0) {
    doc.texto('Entrega', { negrito: true });
    doc.campos(entrega, 1);
    doc.espaco(6);
  }
  blocoDeTexto(doc, 'Observações', orcamento.observacoes);
  doc.espaco(10 * MM);
  doc.assinaturas(['De acordo do cliente', 'Vendedor']);
  return doc.salvar();
}
