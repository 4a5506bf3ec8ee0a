import { todayISO } from '@prumo/shared/dates';
import {
  parcelasMensais,
  PARCELAS_TITULO_MAX,
  parcelasNaoSomamMessage,
  tituloInputSchema,
  type Natureza,
  type TituloDetalhe,
  type TituloInputValues,
} from '@prumo/shared/financeiro';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { CadastroEscolhido } from '../../components/CadastroSelect';
import {
  diferencaParcelas,
  somaParcelasForm,
  type ParcelaForm,
} from '../../components/form/parcelas';
import { errosDoSchema } from '../../lib/form-errors';

/** In installments (a plan generated from a count and the first due day), or monthly repeats. */
export type ModoTitulo = 'parcelado' | 'recorrente';

/**
 * The payable/receivable form: the API's fields by their names (the server's field errors land
 * on them), the person picked as { id, nome }, and the inputs that generate the installments.
 */
export interface TituloFormValues {
  natureza: Natureza;
  descricao: string;
  pessoa: CadastroEscolhido | null;
  categoria_id: number | null;
  centro_custo: string;
  documento: string;
  competencia: string | null;
  forma_pagamento: FormaPagamento | null;
  valor: number | null;
  modo: ModoTitulo;
  num_parcelas: number | null;
  /** The first due day. */
  vencimento: string | null;
  /** The plan shown and edited (in installments). */
  parcelas: ParcelaForm[];
  /** How many months a repeated title runs (2 or more). */
  recorrente_meses: number | null;
  observacoes: string;
}

/** The installments of `valor` in `n` months from `primeiro`; none while an input is blank. */
export function gerarPlano(
  valor: number | null,
  n: number | null,
  primeiro: string | null,
): ParcelaForm[] {
  if (!valor || valor <= 0 || !n || n < 1 || n > PARCELAS_TITULO_MAX || !primeiro) return [];
  return parcelasMensais(valor, n, primeiro).map(({ vencimento, valor: v }) => ({
    vencimento,
    valor: v,
  }));
}

export function novoTituloValues(natureza: Natureza, hoje = todayISO()): TituloFormValues {
  return {
    natureza,
    descricao: '',
    pessoa: null,
    categoria_id: null,
    centro_custo: '',
    documento: '',
    competencia: null,
    forma_pagamento: null,
    valor: null,
    modo: 'parcelado',
    num_parcelas: 1,
    vencimento: hoje,
    parcelas: [],
    recorrente_meses: 12,
    observacoes: '',
  };
}

/** A saved title in the form (its installments as they stand). */
export function tituloParaValues(t: TituloDetalhe): TituloFormValues {
  return {
    natureza: t.natureza,
    descricao: t.descricao,
    pessoa: t.pessoa_id === null ? null : { id: t.pessoa_id, nome: t.pessoa_nome ?? '' },
    categoria_id: t.categoria_id,
    centro_custo: t.centro_custo ?? '',
    documento: t.documento ?? '',
    competencia: t.competencia,
    forma_pagamento: t.forma_pagamento,
    valor: t.valor,
    modo: 'parcelado',
    num_parcelas: t.parcelas.length,
    vencimento: t.parcelas[0]?.vencimento ?? null,
    parcelas: t.parcelas.map(({ vencimento, valor }) => ({ vencimento, valor })),
    recorrente_meses: null,
    observacoes: t.observacoes ?? '',
  };
}

const mesmoPlano = (a: readonly ParcelaForm[], b: readonly ParcelaForm[]) =>
  a.length === b.length &&
  a.every((p, i) => p.vencimento === b[i]!.vencimento && p.valor === b[i]!.valor);

/**
 * What is sent (POST/PUT). Repeated monthly: one installment due on `vencimento`, repeated
 * `recorrente_meses` times. In installments: the count and the first due day while the plan is
 * the generated one, the edited list of { vencimento, valor } otherwise.
 */
export function valuesParaInput(values: TituloFormValues): TituloInputValues {
  const texto = (value: string) => value.trim() || null;
  const base = {
    natureza: values.natureza,
    descricao: values.descricao,
    pessoa_id: values.pessoa?.id ?? null,
    categoria_id: values.categoria_id,
    centro_custo: texto(values.centro_custo),
    documento: texto(values.documento),
    competencia: values.competencia,
    forma_pagamento: values.forma_pagamento,
    // A blank value is sent as it is, so the schema says what is missing.
    valor: values.valor as number,
    observacoes: texto(values.observacoes),
  };
  if (values.modo === 'recorrente') {
    return {
      ...base,
      vencimento: values.vencimento,
      parcelas: 1,
      recorrente_meses: values.recorrente_meses,
    };
  }
  const gerado = gerarPlano(values.valor, values.num_parcelas, values.vencimento);
  if (values.parcelas.length === 0 || mesmoPlano(values.parcelas, gerado)) {
    return { ...base, vencimento: values.vencimento, parcelas: values.num_parcelas ?? 1 };
  }
  return {
    ...base,
    vencimento: values.parcelas[0]!.vencimento,
    parcelas: values.parcelas.map((p) => ({
      vencimento: p.vencimento as string,
      valor: p.valor as number,
    })),
  };
}

/** The API's names of the picker fields, and the form's (for the server's field errors). */
export const CAMPOS_DO_FORM: Record<string, string> = { pessoa_id: 'pessoa' };

/**
 * Every problem of the form, by field path: the shared schema's messages on what would be sent,
 * and installments that do not add up to the value.
 */
export function errosDoTitulo(values: TituloFormValues): Record<string, string> {
  const erros = errosDoSchema(tituloInputSchema, valuesParaInput(values), CAMPOS_DO_FORM);
  if (
    values.modo === 'parcelado' &&
    values.parcelas.length > 0 &&
    values.valor &&
    diferencaParcelas(values.parcelas, values.valor) !== 0
  ) {
    erros.parcelas ??= parcelasNaoSomamMessage(somaParcelasForm(values.parcelas), values.valor);
  }
  return erros;
}
