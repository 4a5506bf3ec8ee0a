import {
  contratoInputSchema,
  contratoPrecosSchema,
  contratoUpdateSchema,
  dataDeFaturamento,
  type Contrato,
  type ContratoInput,
  type ContratoItem,
  type ContratoPrecosInput,
  type ContratoUpdateInput,
  type IndiceReajuste,
  type Periodicidade,
} from '@prumo/shared/contratos';
import { isISODate, todayISO } from '@prumo/shared/dates';
import { multiplyMoney, sumMoney } from '@prumo/shared/money';
import type { FormaPagamento } from '@prumo/shared/vendas';
import { errosDoSchema } from '../../lib/form-errors';
import { texto } from '../../lib/form-values';

/**
 * The contract's form: the API's fields by their API names (so the server's
 * "itens.0.valor" lands on its field), plus what the pickers show and is not sent (the
 * customer's and the services' names).
 */
export interface ItemForm {
  servico_id: number;
  /** Shown, not sent. */
  nome: string;
  quantidade: number | null;
  /** The unit price of each cycle. */
  valor: number | null;
}

export interface ItensValues {
  itens: ItemForm[];
}

export interface ContratoFormValues extends ItensValues {
  cliente: { id: number; nome: string } | null;
  descricao: string;
  inicio: string | null;
  fim: string | null;
  periodicidade: Periodicidade;
  dia_faturamento: number | null;
  dias_vencimento: number | null;
  vencimento_dia_util: boolean;
  forma_pagamento: FormaPagamento | null;
  fidelidade_meses: number | null;
  multa_fidelidade: number | null;
  reajuste_indice: IndiceReajuste | null;
  reajuste_percentual: number | null;
  observacoes: string;
}

/**
 * A new contract: starting today, billed monthly on today's day, due on the billing day (moved
 * to a business day), by boleto, no fidelidade, no reajuste, no services yet.
 */
export function novoContratoValues(hoje = todayISO()): ContratoFormValues {
  return {
    cliente: null,
    descricao: '',
    itens: [],
    inicio: hoje,
    fim: null,
    periodicidade: 'mensal',
    dia_faturamento: Number(hoje.slice(8, 10)),
    dias_vencimento: 0,
    vencimento_dia_util: true,
    forma_pagamento: 'boleto',
    fidelidade_meses: 0,
    multa_fidelidade: 0,
    reajuste_indice: null,
    reajuste_percentual: null,
    observacoes: '',
  };
}

/** A saved line (current prices) in the form. */
export const itemParaForm = (item: ContratoItem): ItemForm => ({
  servico_id: item.servico_id,
  nome: item.servico_nome,
  quantidade: item.quantidade,
  valor: item.valor,
});

/** A saved contract in the form. */
export function contratoParaValues(contrato: Contrato): ContratoFormValues {
  return {
    cliente: { id: contrato.cliente_id, nome: contrato.cliente_nome },
    descricao: texto(contrato.descricao),
    itens: contrato.itens.map(itemParaForm),
    inicio: contrato.inicio,
    fim: contrato.fim,
    periodicidade: contrato.periodicidade,
    dia_faturamento: contrato.dia_faturamento,
    dias_vencimento: contrato.dias_vencimento,
    vencimento_dia_util: contrato.vencimento_dia_util,
    forma_pagamento: contrato.forma_pagamento,
    fidelidade_meses: contrato.fidelidade_meses,
    multa_fidelidade: contrato.multa_fidelidade,
    reajuste_indice: contrato.reajuste_indice,
    reajuste_percentual: contrato.reajuste_percentual,
    observacoes: texto(contrato.observacoes),
  };
}

/** The lines as sent: each service by its id (a blank number is sent as it is, for the schema). */
export const itensParaInput = (itens: readonly ItemForm[]) =>
  itens.map(({ servico_id, quantidade, valor }) => ({
    servico_id,
    quantidade: quantidade as number,
    valor: valor as number,
  }));

/** What PUT /api/contratos/{id} takes: every field but the services. */
export function valuesParaUpdate(values: ContratoFormValues): ContratoUpdateInput {
  const fixo = values.reajuste_indice === 'fixo';
  return {
    // No customer is sent as it is, so the schema says it is missing.
    cliente_id: values.cliente?.id as number,
    descricao: values.descricao.trim() || null,
    // A blank day is sent empty, so the schema says it is required.
    inicio: values.inicio ?? '',
    fim: values.fim,
    periodicidade: values.periodicidade,
    dia_faturamento: values.dia_faturamento as number,
    dias_vencimento: values.dias_vencimento ?? 0,
    vencimento_dia_util: values.vencimento_dia_util,
    forma_pagamento: values.forma_pagamento as FormaPagamento,
    fidelidade_meses: values.fidelidade_meses ?? 0,
    multa_fidelidade: values.multa_fidelidade ?? 0,
    reajuste_indice: values.reajuste_indice,
    // The percentage is the fixed reajuste's own; any other index reads the table.
    reajuste_percentual: fixo ? values.reajuste_percentual : null,
    observacoes: values.observacoes.trim() || null,
  };
}

/** What POST /api/contratos takes. */
export function valuesParaInput(values: ContratoFormValues): ContratoInput {
  return { ...valuesParaUpdate(values), itens: itensParaInput(values.itens) };
}

/** The API's names of the picker's field, and the form's (for the server's field errors). */
export const CAMPOS_DO_FORM: Record<string, string> = { cliente_id: 'cliente' };

/** Every problem of the form by field path: the shared schema's messages on what would be sent. */
export function errosDoContrato(values: ContratoFormValues, editando: boolean) {
  return editando
    ? errosDoSchema(contratoUpdateSchema, valuesParaUpdate(values), CAMPOS_DO_FORM)
    : errosDoSchema(contratoInputSchema, valuesParaInput(values), CAMPOS_DO_FORM);
}

/** Each line's subtotal and the cycle's total, in exact centavos. */
export function totaisDosItens(itens: readonly ItemForm[]): { subtotais: number[]; total: number } {
  const subtotais = itens.map((item) => multiplyMoney(item.valor ?? 0, item.quantidade ?? 0));
  return { subtotais, total: sumMoney(...subtotais) };
}

/**
 * The first billing day as the server computes it (dataDeFaturamento), or null while the start
 * or the billing day is not filled in.
 */
export function primeiroFaturamento(
  values: Pick<ContratoFormValues, 'inicio' | 'fim' | 'periodicidade' | 'dia_faturamento'>,
): string | null {
  const { inicio, fim, periodicidade, dia_faturamento: dia } = values;
  if (!inicio || !isISODate(inicio) || dia === null || !Number.isInteger(dia)) return null;
  if (dia < 1 || dia > 31) return null;
  return dataDeFaturamento(
    { inicio, fim: fim && isISODate(fim) ? fim : null, periodicidade, dia_faturamento: dia },
    0,
  );
}

/** The "Novo preço" form: from which day, and the services with their new prices. */
export interface NovoPrecoValues extends ItensValues {
  vigente_de: string | null;
}

export const novoPrecoParaInput = (values: NovoPrecoValues): ContratoPrecosInput => ({
  vigente_de: values.vigente_de ?? '',
  itens: itensParaInput(values.itens),
});

export const errosDoNovoPreco = (values: NovoPrecoValues) =>
  errosDoSchema(contratoPrecosSchema, novoPrecoParaInput(values));
