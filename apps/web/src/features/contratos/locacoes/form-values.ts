import {
  diasEntre,
  locacaoInputSchema,
  precoDoPeriodo,
  type ItemLocavel,
  type Locacao,
  type LocacaoInput,
  type PrecoDoPeriodo,
} from '@prumo/shared/contratos';
import { addDaysISO, isISODate, todayISO } from '@prumo/shared/dates';
import { toCentavos } from '@prumo/shared/money';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { errosDoSchema } from '../../../lib/form-errors';
import { texto } from '../../../lib/form-values';

/** A line of the rental's form: the API's fields by their names. */
export interface LinhaForm {
  item_id: number | null;
  quantidade: number | null;
  /** A specific unit, or null for the first free ones. */
  unidade_id: number | null;
}

export interface LocacaoFormValues {
  cliente: { id: number; nome: string } | null;
  retirada: string | null;
  devolucao_prevista: string | null;
  forma_pagamento: FormaPagamento | null;
  caucao: number | null;
  observacoes: string;
  itens: LinhaForm[];
}

export const linhaVazia = (): LinhaForm => ({ item_id: null, quantidade: 1, unidade_id: null });

/** A new rental: from today for a week, by PIX, no caução, one empty line. */
export function novaLocacaoValues(hoje = todayISO()): LocacaoFormValues {
  return {
    cliente: null,
    retirada: hoje,
    devolucao_prevista: addDaysISO(hoje, 7),
    forma_pagamento: 'pix',
    caucao: 0,
    observacoes: '',
    itens: [linhaVazia()],
  };
}

/** A saved rental in the form: each line keeps its single chosen unit. */
export function locacaoParaValues(l: Locacao): LocacaoFormValues {
  return {
    cliente: { id: l.cliente_id, nome: l.cliente_nome },
    retirada: l.retirada,
    devolucao_prevista: l.devolucao_prevista,
    forma_pagamento: l.forma_pagamento,
    caucao: l.caucao,
    observacoes: texto(l.observacoes),
    itens: l.itens.map((i) => ({
      item_id: i.item_id,
      quantidade: i.quantidade,
      unidade_id: i.quantidade === 1 ? (i.unidades[0]?.id ?? null) : null,
    })),
  };
}

/** What POST and PUT /api/locacoes take (blanks sent as they are, for the schema's messages). */
export function valuesParaInput(values: LocacaoFormValues): LocacaoInput {
  return {
    cliente_id: values.cliente?.id as number,
    retirada: values.retirada ?? '',
    devolucao_prevista: values.devolucao_prevista ?? '',
    forma_pagamento: values.forma_pagamento as FormaPagamento,
    caucao: values.caucao ?? 0,
    observacoes: values.observacoes.trim() || null,
    itens: values.itens.map((i) => ({
      item_id: i.item_id as number,
      quantidade: i.quantidade as number,
      unidade_id: i.unidade_id,
    })),
  };
}

export const CAMPOS_DO_FORM: Record<string, string> = { cliente_id: 'cliente' };

export const errosDaLocacao = (values: LocacaoFormValues) =>
  errosDoSchema(locacaoInputSchema, valuesParaInput(values), CAMPOS_DO_FORM);

/** The booked days, or null while the dates are not a valid period. */
export function diasDoPeriodo(retirada: string | null, devolucao: string | null): number | null {
  if (!retirada || !devolucao || !isISODate(retirada) || !isISODate(devolucao)) return null;
  const dias = diasEntre(retirada, devolucao);
  return dias >= 1 ? dias : null;
}

/** A line's price for the period as the server computes it (cheapest months, weeks, days). */
export function precoDaLinha(item: ItemLocavel, dias: number): PrecoDoPeriodo {
  return precoDoPeriodo(dias, {
    diaria: toCentavos(item.preco_diaria),
    semanal: item.preco_semanal === null ? null : toCentavos(item.preco_semanal),
    mensal: item.preco_mensal === null ? null : toCentavos(item.preco_mensal),
  });
}
