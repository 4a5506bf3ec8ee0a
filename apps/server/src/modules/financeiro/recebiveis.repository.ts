import { addDaysISO, todayISO } from '@prumo/shared/dates';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import { formatNumeroOs, type OrdemServico } from '@prumo/shared/ordens-servico';
import {
  formaPagamentoLabel,
  formatNumeroVenda,
  FORMA_PAGAMENTO_VALUES,
  type FormaPagamento,
  type Venda,
} from '@prumo/shared/vendas';
import type { Transaction } from '../../db/database';
import { FINANCEIRO_MESSAGES } from '@prumo/shared/financeiro';
import { AppError } from '../../http/errors';
import {
  cancelarTitulosDaOrigem,
  lancarRecebivel,
  regrasDeRecebimento,
  type FinanceiroContexto,
  type RegrasDeRecebimento,
} from './financeiro.repository';

/*
 * How the business feeds the finance (issue 15), always inside the transaction of the document
 * that causes it, so a sale is never finalized without its receivables nor cancelled without
 * their reversal. A finalized sale (or a concluded appointment) gets one receivable per
 * payment: cash, PIX and debit are settled at once (automatica) into their method's account on
 * the sale's day; credit card and boleto fall due the method's days later. A concluded service
 * order gets one receivable of its total, due the same day. Cancelling the sale reverses all
 * of it once (its row lock and status make a second cancel a TRANSICAO_INVALIDA).
 */

const regraViolada = (message: string) => new AppError('REGRA_VIOLADA', message);

interface Recebivel {
  descricao: string;
  forma: FormaPagamento | null;
  valor: number;
}

/** The finance category of a sale's receivables. */
export const slugDaVenda = (tipo: Venda['tipo']) =>
  tipo === 'servico' ? 'prestacao-servicos' : 'venda-produtos';

/** Creates the receivables of one document; settles those of the methods received at once. */
async function lancar(
  tx: Transaction,
  origem: { venda_id: number } | { ordem_servico_id: number },
  documento: { numero: string; pessoaId: number | null; slug: string },
  recebiveis: readonly Recebivel[],
  contexto: FinanceiroContexto,
  regras?: RegrasDeRecebimento,
): Promise<void> {
  if (recebiveis.length === 0) return;
  const hoje = todayISO(contexto.timeZone);
  const { categoriaId, formas } = regras ?? (await regrasDeRecebimento(tx, documento.slug));
  for (const { descricao, forma, valor } of recebiveis) {
    const regra = forma === null ? undefined : formas.get(forma);
    const automatica = regra?.baixa_automatica ?? false;
    if (automatica && regra?.conta_id == null)
      throw regraViolada(FINANCEIRO_MESSAGES.semContaAtiva);
    await lancarRecebivel(
      tx,
      {
        origem,
        descricao,
        pessoaId: documento.pessoaId,
        categoriaId,
        documento: documento.numero,
        forma,
        valor,
        vencimento: automatica || !regra ? hoje : addDaysISO(hoje, regra.prazo_dias),
        contaRecebimento: automatica ? regra!.conta_id : null,
      },
      contexto,
    );
  }
}

/**
 * A product or counter sale just finalized, or an appointment just concluded (as its module
 * reads it back): one receivable per payment. The change given back comes out of the cash
 * (what the drawer actually kept). `regras`: the rules of the sale's category when the sale
 * already read them (regrasDeRecebimentoSql, slug of slugDaVenda).
 */
export async function lancarRecebiveisDaVenda(
  tx: Transaction,
  venda: Pick<
    Venda,
    | 'id'
    | 'numero'
    | 'tipo'
    | 'cliente_id'
    | 'forma_pagamento'
    | 'valor_final'
    | 'troco'
    | 'servico_nome'
    | 'pagamentos'
  >,
  contexto: FinanceiroContexto,
  regras?: RegrasDeRecebimento,
): Promise<void> {
  const numero = formatNumeroVenda(venda.numero);
  const servico = venda.tipo === 'servico';
  const recebiveis: Recebivel[] = servico
    ? [
        {
          descricao: `Serviço Nº ${numero} – ${venda.servico_nome}`.slice(0, 200),
          forma: formaDoAgendamento(venda.forma_pagamento),
          valor: venda.valor_final,
        },
      ]
    : semOTroco(venda.pagamentos, venda.troco).map(({ forma, valor }) => ({
        descricao: `Venda Nº ${numero} – ${formaPagamentoLabel(forma)}`,
        forma,
        valor,
      }));
  await lancar(
    tx,
    { venda_id: venda.id },
    {
      numero,
      pessoaId: venda.cliente_id,
      slug: slugDaVenda(venda.tipo),
    },
    recebiveis.filter((r) => r.valor > 0),
    contexto,
    regras,
  );
}

/** An appointment keeps one method, or none yet. */
const formaDoAgendamento = (forma: string | null): FormaPagamento | null =>
  (FORMA_PAGAMENTO_VALUES as readonly string[]).includes(forma ?? '')
    ? (forma as FormaPagamento)
    : null;

/** The payments with the change taken out of the cash ones. */
function semOTroco(
  pagamentos: ReadonlyArray<{ forma: FormaPagamento; valor: number }>,
  troco: number,
) {
  let trocoCentavos = toCentavos(troco);
  return pagamentos.map(({ forma, valor }) => {
    let centavos = toCentavos(valor);
    if (forma === 'dinheiro') {
      const devolvido = Math.min(centavos, trocoCentavos);
      centavos -= devolvido;
      trocoCentavos -= devolvido;
    }
    return { forma, valor: fromCentavos(centavos) };
  });
}

/** A service order just concluded: one receivable of its total, due today, no method yet. */
export async function lancarRecebivelDaOrdem(
  tx: Transaction,
  ordem: Pick<OrdemServico, 'id' | 'numero' | 'cliente_id' | 'valor_total'>,
  contexto: FinanceiroContexto,
): Promise<void> {
  if (ordem.valor_total <= 0) return;
  const numero = formatNumeroOs(ordem.numero);
  await lancar(
    tx,
    { ordem_servico_id: ordem.id },
    { numero, pessoaId: ordem.cliente_id, slug: 'prestacao-servicos' },
    [{ descricao: `Ordem de serviço Nº ${numero}`, forma: null, valor: ordem.valor_total }],
    contexto,
  );
}

/** A finalized sale being cancelled: its settlements reversed and its receivables cancelled. */
export async function cancelarRecebiveisDaVenda(
  tx: Transaction,
  vendaId: number,
  contexto: FinanceiroContexto,
): Promise<void> {
  await cancelarTitulosDaOrigem(tx, { venda_id: vendaId }, contexto);
}
