// The caixa's closing report on the 80 mm roll: the session, what came in and went out, and per
// payment method what was expected, what was counted and the difference.
import { type Caixa, type CaixaForma } from '@prumo/shared/caixas';
import { formatMoney, fromCentavos, toCentavos } from '@prumo/shared/money';
import { formaPagamentoLabel } from '@prumo/shared/vendas';
import { criarDocumento, type ContextoDocumento, type Documento } from '../../pdf/documento';

/** "+R$ 5,00 (sobra)", "-R$ 3,00 (falta)", "R$ 0,00". */
function diferencaTexto(valor: number): string {
  if (valor > 0) return `+${formatMoney(valor)} (sobra)`;
  if (valor < 0) return `${formatMoney(valor)} (falta)`;
  return formatMoney(0);
}

const somar = (valores: readonly number[]) =>
  fromCentavos(valores.reduce((soma, valor) => soma + toCentavos(valor), 0));

/** Expected, counted (once closed) and difference, indented under a title. */
function conferencia(
  doc: Documento,
  titulo: string,
  valores: Pick<CaixaForma, 'esperado' | 'contado' | 'diferenca'> & { recebido?: number },
) {
  const recuo = doc.fonte * 1.5;
  doc.texto(titulo, { negrito: true });
  if (valores.recebido !== undefined)
    doc.valores('Recebido em vendas', formatMoney(valores.recebido), { recuo });
  doc.valores('Esperado', formatMoney(valores.esperado), { recuo });
  if (valores.contado !== null) doc.valores('Contado', formatMoney(valores.contado), { recuo });
  if (valores.diferenca !== null)
    doc.valores('Diferença', diferencaTexto(valores.diferenca), { recuo, negrito: true });
}

function relatorio(doc: Documento, caixa: Caixa) {
  if (caixa.status === 'aberto') doc.destaque('CAIXA ABERTO - PARCIAL');
  const fechadoPorOutro =
    caixa.fechado_por_nome && caixa.fechado_por_nome !== caixa.usuario_nome
      ? [['Fechado por', caixa.fechado_por_nome] as const]
      : [];
  doc.campos([
    ['Operador', caixa.usuario_nome ?? ''],
    ['Aberto em', doc.dataHora(caixa.aberto_em)],
    ['Fechado em', caixa.fechado_em ? doc.dataHora(caixa.fechado_em) : 'em aberto'],
    ...fechadoPorOutro,
  ]);
  doc.separador();

  doc.texto('Resumo', { negrito: true });
  doc.valores('Fundo de troco', formatMoney(caixa.valor_inicial));
  const vendas = caixa.vendas === 1 ? '1 venda' : `${caixa.vendas} vendas`;
  doc.valores(`Vendas (${vendas})`, formatMoney(caixa.total_vendas));
  doc.valores('Troco devolvido', formatMoney(-caixa.troco));
  doc.valores('Suprimentos', formatMoney(caixa.suprimentos));
  doc.valores('Sangrias', formatMoney(-caixa.sangrias));

  if (caixa.movimentos.length) {
    doc.separador();
    doc.texto('Suprimentos e sangrias', { negrito: true });
    for (const movimento of caixa.movimentos) {
      const sangria = movimento.tipo === 'sangria';
      doc.valores(
        `${doc.dataHora(movimento.created_at)} ${sangria ? 'Sangria' : 'Suprimento'}`,
        formatMoney(sangria ? -movimento.valor : movimento.valor),
      );
      const quem = movimento.usuario_nome ? ` (${movimento.usuario_nome})` : '';
      doc.texto(`${movimento.motivo}${quem}`, { recuo: doc.fonte * 1.5, maxLinhas: 3 });
    }
  }

  doc.separador();
  doc.texto('Conferência por forma de pagamento', { negrito: true });
  for (const forma of caixa.formas) conferencia(doc, formaPagamentoLabel(forma.forma), forma);
  if (caixa.formas.length > 1) {
    const fechado = caixa.formas.every((forma) => forma.contado !== null);
    conferencia(doc, 'Total', {
      esperado: somar(caixa.formas.map((forma) => forma.esperado)),
      contado: fechado ? somar(caixa.formas.map((forma) => forma.contado ?? 0)) : null,
      diferenca: fechado ? somar(caixa.formas.map((forma) => forma.diferenca ?? 0)) : null,
    });
  }

  for (const [titulo, texto] of [
    ['Observações da abertura', caixa.observacoes],
    ['Observações do fechamento', caixa.observacoes_fechamento],
  ] as const) {
    if (!texto) continue;
    doc.separador();
    doc.texto(titulo, { negrito: true });
    doc.texto(texto, { maxLinhas: 10, paragrafos: true });
  }
  doc.espaco(doc.fonte);
  doc.assinaturas(['Operador', 'Conferente']);
}

/** The caixa's closing report (a partial one while it is open) on the 80 mm roll. */
export async function relatorioCaixaPdf(
  caixa: Caixa,
  contexto: ContextoDocumento,
): Promise<Uint8Array> {
  const doc = await criarDocumento('80mm', contexto, {
    titulo: caixa.status === 'fechado' ? 'Fechamento de Caixa' : 'Caixa (parcial)',
    numero: `Nº ${caixa.id}`,
  });
  relatorio(doc, caixa);
  return doc.salvar();
}
