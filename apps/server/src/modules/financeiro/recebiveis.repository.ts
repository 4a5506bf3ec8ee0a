import { sql, type SQL } from 'drizzle-orm';
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
  recebivelSql,
  regrasDeRecebimento,
  type FinanceiroContexto,
  type RecebivelDoDocumento,
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
  descricao: SQL;
  forma: FormaPagamento | null;
  valor: number;
}

/** The document the receivables come from; its id and number may be those of the row the same statement inserts. */
interface Documento {
  origem: RecebivelDoDocumento['origem'];
  /** Its number as the finance shows it ("000123"), a text. */
  numero: SQL;
  pessoaId: number | null;
  slug: string;
}

/** The finance category of a sale's receivables. */
export const slugDaVenda = (tipo: Venda['tipo']) =>
  tipo === 'servico' ? 'prestacao-servicos' : 'venda-produtos';

/**
 * The receivables of one document as CTEs (recebivelSql), those of the methods received at once
 * settled; undefined when there are none.
 */
async function recebiveisSql(
  tx: Transaction,
  documento: Documento,
  recebiveis: readonly Recebivel[],
  contexto: FinanceiroContexto,
  regras?: RegrasDeRecebimento,
): Promise<SQL | undefined> {
  if (recebiveis.length === 0) return undefined;
  const hoje = todayISO(contexto.timeZone);
  const { categoriaId, formas } = regras ?? (await regrasDeRecebimento(tx, documento.slug));
  const ctes = recebiveis.map(({ descricao, forma, valor }, index) => {
    const regra = forma === null ? undefined : formas.get(forma);
    const automatica = regra?.baixa_automatica ?? false;
    if (automatica && regra?.conta_id == null) {
      throw regraViolada(FINANCEIRO_MESSAGES.semContaAtiva);
    }
    return recebivelSql(
      `recebivel_${index}`,
      {
        origem: documento.origem,
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
      index > 0 ? `recebivel_${index - 1}` : undefined,
    );
  });
  return sql.join(ctes, sql`,\n`);
}

/** Runs a document's receivables (recebiveisSql) in one statement. */
async function lancar(tx: Transaction, ctes: SQL | undefined): Promise<void> {
  if (ctes) await tx.execute(sql`WITH ${ctes} SELECT 1`);
}

type VendaParaReceber = Pick<
  Venda,
  | 'tipo'
  | 'cliente_id'
  | 'forma_pagamento'
  | 'valor_final'
  | 'troco'
  | 'servico_nome'
  | 'pagamentos'
>;

/**
 * The receivables of a product or counter sale just finalized, or of an appointment just
 * concluded, as CTEs: one per payment. The change given back comes out of the cash (what the
 * drawer actually kept). `venda.id` and `venda.numero` (formatted, a text) may be the sale the
 * same statement inserts. `regras`: the rules of the sale's category when the sale already read
 * them (regrasDeRecebimentoSql, slug of slugDaVenda).
 */
export function recebiveisDaVendaSql(
  tx: Transaction,
  venda: VendaParaReceber & { id: number | SQL; numero: SQL },
  contexto: FinanceiroContexto,
  regras?: RegrasDeRecebimento,
): Promise<SQL | undefined> {
  const recebiveis: Recebivel[] =
    venda.tipo === 'servico'
      ? [
          {
            descricao: sql`left('Serviço Nº ' || ${venda.numero} || ${` – ${venda.servico_nome}`}::text, 200)`,
            forma: formaDoAgendamento(venda.forma_pagamento),
            valor: venda.valor_final,
          },
        ]
      : semOTroco(venda.pagamentos, venda.troco).map(({ forma, valor }) => ({
          descricao: sql`'Venda Nº ' || ${venda.numero} || ${` – ${formaPagamentoLabel(forma)}`}::text`,
          forma,
          valor,
        }));
  return recebiveisSql(
    tx,
    {
      origem: { venda_id: venda.id },
      numero: venda.numero,
      pessoaId: venda.cliente_id,
      slug: slugDaVenda(venda.tipo),
    },
    recebiveis.filter((r) => r.valor > 0),
    contexto,
    regras,
  );
}

/** A sale just finalized or an appointment just concluded, as its module reads it back. */
export async function lancarRecebiveisDaVenda(
  tx: Transaction,
  venda: VendaParaReceber & Pick<Venda, 'id' | 'numero'>,
  contexto: FinanceiroContexto,
): Promise<void> {
  const numero = sql`${formatNumeroVenda(venda.numero)}::text`;
  await lancar(tx, await recebiveisDaVendaSql(tx, { ...venda, numero }, contexto));
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
  const ctes = await recebiveisSql(
    tx,
    {
      origem: { ordem_servico_id: ordem.id },
      numero: sql`${numero}::text`,
      pessoaId: ordem.cliente_id,
      slug: 'prestacao-servicos',
    },
    [
      {
        descricao: sql`${`Ordem de serviço Nº ${numero}`}::text`,
        forma: null,
        valor: ordem.valor_total,
      },
    ],
    contexto,
  );
  await lancar(tx, ctes);
}

/** A finalized sale being cancelled: its settlements reversed and its receivables cancelled. */
export async function cancelarRecebiveisDaVenda(
  tx: Transaction,
  vendaId: number,
  contexto: FinanceiroContexto,
): Promise<void> {
  await cancelarTitulosDaOrigem(tx, { venda_id: vendaId }, contexto);
}
