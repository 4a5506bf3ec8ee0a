// The printable service contract (A4): parties, services and prices, the calendar, fidelidade
// and reajuste clauses, and the signatures. The shared PDF module draws the company header.
import {
  formatNumeroContrato,
  INDICES_REAJUSTE,
  MESES_DA_PERIODICIDADE,
  PERIODICIDADES,
  type Contrato,
} from '@prumo/shared/contratos';
import { formatMoney, formatPercent } from '@prumo/shared/money';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { blocoDeTexto } from '../../pdf/blocos';
import { criarDocumento, MM, type ContextoDocumento } from '../../pdf/documento';

const rotulo = <T extends { value: string; label: string }>(lista: readonly T[], valor: string) =>
  lista.find((item) => item.value === valor)?.label ?? valor;

export async function contratoPdf(
  contrato: Contrato,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('a4', contexto, {
    titulo: 'Contrato de Serviços',
    numero: `Nº ${formatNumeroContrato(contrato.numero)}`,
    marcaDagua: contrato.situacao === 'Cancelado' ? 'CANCELADO' : undefined,
  });
  doc.campos(
    [
      ['Contratante', contrato.cliente_nome],
      ['Situação', contrato.situacao],
      ['Início', doc.data(contrato.inicio)],
      ['Término', contrato.fim ? doc.data(contrato.fim) : 'Prazo indeterminado'],
    ],
    2,
  );
  if (contrato.descricao) {
    doc.espaco(4);
    doc.texto(contrato.descricao, { negrito: true });
  }
  doc.espaco(8);
  doc.texto('Serviços', { negrito: true });
  doc.tabela(
    [
      { titulo: 'Serviço' },
      { titulo: 'Qtd.', largura: 50, alinhar: 'direita' },
      { titulo: 'Valor unitário', largura: 90, alinhar: 'direita' },
      { titulo: 'Subtotal', largura: 90, alinhar: 'direita' },
    ],
    contrato.itens.map((i) => [
      i.servico_nome,
      i.quantidade.toLocaleString('pt-BR', { maximumFractionDigits: 3 }),
      formatMoney(i.valor),
      formatMoney(i.subtotal),
    ]),
  );
  doc.espaco(3);
  const periodicidade = rotulo(PERIODICIDADES, contrato.periodicidade);
  doc.valores(`Valor ${periodicidade.toLowerCase()}`, formatMoney(contrato.valor_ciclo), {
    recuo: doc.largura * 0.55,
    negrito: true,
  });
  doc.espaco(8);

  const meses = MESES_DA_PERIODICIDADE[contrato.periodicidade];
  const clausulas: string[] = [
    `Faturamento ${periodicidade.toLowerCase()} (a cada ${meses} ${meses === 1 ? 'mês' : 'meses'}), ` +
      `no dia ${contrato.dia_faturamento} (em meses sem esse dia, no último dia do mês), a partir de ` +
      `${doc.data(contrato.primeiro_faturamento)}; vencimento ${contrato.dias_vencimento} dia(s) ` +
      `após o faturamento${contrato.vencimento_dia_util ? ', prorrogado para o próximo dia útil' : ''}; ` +
      `forma de pagamento: ${formaPagamentoLabel(contrato.forma_pagamento)}.`,
  ];
  if (contrato.fidelidade_meses > 0) {
    clausulas.push(
      `Fidelidade de ${contrato.fidelidade_meses} meses a partir do início. O cancelamento antes do ` +
        `fim da fidelidade gera multa de ${formatPercent(contrato.multa_fidelidade)} sobre o valor ` +
        'dos meses restantes, proporcional ao tempo que falta.',
    );
  }
  if (contrato.reajuste_indice) {
    clausulas.push(
      contrato.reajuste_indice === 'fixo'
        ? `Reajuste anual de ${formatPercent(contrato.reajuste_percentual ?? 0)} no aniversário do contrato.`
        : `Reajuste anual no aniversário do contrato pela variação acumulada do ` +
            `${rotulo(INDICES_REAJUSTE, contrato.reajuste_indice)} nos 12 meses anteriores.`,
    );
  }
  doc.texto('Condições', { negrito: true });
  clausulas.forEach((texto, i) => doc.texto(`${i + 1}. ${texto}`));
  doc.espaco(6);
  blocoDeTexto(doc, 'Observações', contrato.observacoes);
  if (contrato.situacao === 'Cancelado' && contrato.cancelado_em) {
    doc.texto(
      `Cancelado em ${doc.data(contrato.cancelado_em)}: ${contrato.motivo_cancelamento ?? ''}` +
        (contrato.multa_cancelamento ? ` — multa ${formatMoney(contrato.multa_cancelamento)}` : ''),
    );
  }
  doc.espaco(14 * MM);
  doc.assinaturas(['Contratante', 'Contratada']);
  return doc.salvar();
}
