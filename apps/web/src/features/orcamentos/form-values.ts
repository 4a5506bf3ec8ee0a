import { todayISO } from '@prumo/shared/dates';
import {
  calcularTotaisOrcamento,
  dividirEmParcelas,
  INTERVALO_PARCELAS_PADRAO,
  INTRODUCAO_PADRAO,
  ORCAMENTO_MESSAGES,
  orcamentoInputSchema,
  PARCELAS_MIN,
  parcelasNaoConferemMessage,
  somaParcelas,
  VALIDADE_PADRAO_DIAS,
  vencimentoDoOrcamento,
  type CondicaoPagamento,
  type Orcamento,
  type OrcamentoInputValues,
  type TotaisOrcamento,
} from '@prumo/shared/orcamentos';
import type { CanalVendaOS } from '@prumo/shared/ordens-servico';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { CadastroEscolhido } from '../../components/CadastroSelect';
import type { LinhasValues } from '../../components/form/LinhasSection';
import { diferencaParcelas, type ParcelaForm } from '../../components/form/parcelas';
import {
  DOCUMENTO_VAZIO,
  documentoParaForm,
  linhasParaCalculo,
  linhasParaInput,
  type DocumentoForm,
} from '../../lib/documento-form';
import { errosDoSchema } from '../../lib/form-errors';
import { escolhido, numero, texto } from '../../lib/form-values';

/**
 * The quote's form: the API's fields by their API names (so the server's "produtos.0.valor"
 * lands on its field), the pickers' { id, nome }, and what only the screen uses: whether the
 * customer is a prospect, whether payment conditions are stated, and the inputs that generate
 * the installments.
 */
export interface OrcamentoFormValues extends LinhasValues, DocumentoForm {
  /** "Cliente não cadastrado": a prospect named in cliente_nome instead of the registry. */
  cliente_avulso: boolean;
  cliente: CadastroEscolhido | null;
  cliente_nome: string;
  vendedor: CadastroEscolhido | null;
  data: string | null;
  validade_dias: number | null;
  prazo_entrega: string;
  aos_cuidados: string;
  canal_venda: CanalVendaOS;
  centro_custo: string;
  introducao: string;
  frete: number | null;
  transportadora: CadastroEscolhido | null;
  exibir_valor_total: boolean;
  gerar_condicoes: boolean;
  forma_pagamento: FormaPagamento | null;
  condicao_pagamento: CondicaoPagamento;
  /** How the installments were generated; the table below them is what is sent. */
  num_parcelas: number | null;
  primeiro_vencimento: string | null;
  intervalo_dias: number | null;
  parcelas: ParcelaForm[];
}

/** Section 9's defaults: today, 30 days, Presencial, freight 0,00, the introduction's template. */
export function novoOrcamentoValues(hoje = todayISO()): OrcamentoFormValues {
  return {
    cliente_avulso: false,
    cliente: null,
    cliente_nome: '',
    vendedor: null,
    data: hoje,
    validade_dias: VALIDADE_PADRAO_DIAS,
    prazo_entrega: '',
    aos_cuidados: '',
    canal_venda: 'presencial',
    centro_custo: '',
    introducao: INTRODUCAO_PADRAO,
    ...DOCUMENTO_VAZIO,
    frete: 0,
    transportadora: null,
    exibir_valor_total: true,
    gerar_condicoes: false,
    forma_pagamento: null,
    condicao_pagamento: 'a-vista',
    num_parcelas: PARCELAS_MIN,
    primeiro_vencimento: hoje,
    intervalo_dias: INTERVALO_PARCELAS_PADRAO,
    parcelas: [],
  };
}

/** Days between the first two installments (the interval they were generated with). */
function intervaloDe(parcelas: Orcamento['parcelas']): number {
  if (parcelas.length < 2) return INTERVALO_PARCELAS_PADRAO;
  const dias = (Date.parse(parcelas[1]!.vencimento) - Date.parse(parcelas[0]!.vencimento)) / 864e5;
  return Math.max(Math.round(dias), 0);
}

/** A saved quote in the form. */
export function orcamentoParaValues(o: Orcamento): OrcamentoFormValues {
  return {
    cliente_avulso: o.cliente_id === null,
    cliente: escolhido(o.cliente_id, o.cliente_nome),
    cliente_nome: o.cliente_id === null ? o.cliente_nome : '',
    vendedor: escolhido(o.vendedor_id, o.vendedor_nome),
    data: o.data,
    validade_dias: o.validade_dias,
    prazo_entrega: texto(o.prazo_entrega),
    aos_cuidados: texto(o.aos_cuidados),
    canal_venda: o.canal_venda,
    centro_custo: texto(o.centro_custo),
    introducao: texto(o.introducao),
    ...documentoParaForm(o),
    frete: o.frete,
    transportadora: escolhido(o.transportadora_id, o.transportadora_nome),
    exibir_valor_total: o.exibir_valor_total,
    gerar_condicoes: o.condicao_pagamento !== null,
    forma_pagamento: o.forma_pagamento,
    condicao_pagamento: o.condicao_pagamento ?? 'a-vista',
    num_parcelas: o.parcelas.length || PARCELAS_MIN,
    primeiro_vencimento: o.parcelas[0]?.vencimento ?? o.data,
    intervalo_dias: intervaloDe(o.parcelas),
    parcelas: o.parcelas.map(({ vencimento, valor }) => ({ vencimento, valor })),
  };
}

/** What is sent (POST/PUT): the API's fields only. */
export function valuesParaInput(values: OrcamentoFormValues): OrcamentoInputValues {
  const {
    cliente_avulso,
    cliente,
    cliente_nome,
    vendedor,
    transportadora,
    produtos,
    servicos,
    gerar_condicoes,
    forma_pagamento,
    condicao_pagamento,
    num_parcelas: _n,
    primeiro_vencimento: _p,
    intervalo_dias: _i,
    parcelas,
    ...resto
  } = values;
  const parcelado = gerar_condicoes && condicao_pagamento === 'parcelado';
  return {
    ...resto,
    cliente_id: cliente_avulso ? null : (cliente?.id ?? null),
    cliente_nome: cliente_avulso ? cliente_nome : null,
    vendedor_id: vendedor?.id ?? null,
    transportadora_id: transportadora?.id ?? null,
    ...linhasParaInput({ produtos, servicos }),
    forma_pagamento: gerar_condicoes ? forma_pagamento : null,
    condicao_pagamento: gerar_condicoes ? condicao_pagamento : null,
    parcelas: parcelado
      ? parcelas.map((p) => ({ vencimento: p.vencimento as string, valor: p.valor as number }))
      : [],
  };
}

/** The live totals of the form, computed as the server computes them. */
export function totaisDoForm(
  values: Pick<OrcamentoFormValues, 'produtos' | 'servicos' | 'frete'>,
): TotaisOrcamento {
  return calcularTotaisOrcamento(
    linhasParaCalculo(values.produtos),
    linhasParaCalculo(values.servicos),
    numero(values.frete),
  );
}

/** "Válido até": the quote's date plus its validity, or nothing while either is blank. */
export function validoAte(data: string | null, validadeDias: number | null): string | null {
  return data && validadeDias && validadeDias > 0
    ? vencimentoDoOrcamento(data, validadeDias)
    : null;
}

/**
 * The installments generated from the Pagamento tab's inputs: `n` of the total, the first due
 * on `primeiro`, each next `intervalo` days later; none while an input is blank or out of range.
 */
export function gerarParcelas(
  total: number,
  n: number | null,
  primeiro: string | null,
  intervalo: number | null,
): ParcelaForm[] {
  if (!n || n < PARCELAS_MIN || !primeiro || intervalo === null || intervalo < 0) return [];
  return dividirEmParcelas(total, n, primeiro, intervalo).map(({ vencimento, valor }) => ({
    vencimento,
    valor,
  }));
}

/** The API's names of the pickers' fields, and the form's (for the server's field errors). */
export const CAMPOS_DO_FORM: Record<string, string> = {
  cliente_id: 'cliente',
  vendedor_id: 'vendedor',
  transportadora_id: 'transportadora',
};

/**
 * Every problem of the form, by field path: the shared schema's messages on what would be sent,
 * then what the server checks past the schema (a line's discount above its value, installments
 * that do not add up to the total or fall before the quote's date).
 */
export function errosDoForm(values: OrcamentoFormValues): Record<string, string> {
  const erros = errosDoSchema(orcamentoInputSchema, valuesParaInput(values), {
    ...CAMPOS_DO_FORM,
    cliente_nome: values.cliente_avulso ? 'cliente_nome' : 'cliente',
  });
  const totais = totaisDoForm(values);
  for (const [campo, mensagem] of Object.entries(totais.erros)) erros[campo] ??= mensagem;
  if (values.gerar_condicoes && values.condicao_pagamento === 'parcelado') {
    values.parcelas.forEach((parcela, index) => {
      if (parcela.vencimento && values.data && parcela.vencimento < values.data) {
        erros[`parcelas.${index}.vencimento`] ??= ORCAMENTO_MESSAGES.parcelaAntesDaData;
      }
    });
    if (
      values.parcelas.length > 0 &&
      diferencaParcelas(values.parcelas, totais.valor_total) !== 0
    ) {
      erros.parcelas ??= parcelasNaoConferemMessage(
        somaParcelas(values.parcelas.map((p) => ({ valor: numero(p.valor) }))),
        totais.valor_total,
      );
    }
  }
  return erros;
}

/** Each field's tab, for opening the tab of the first error (ours or the server's). */
export const ORCAMENTO_TABS = [
  { value: 'dados', label: 'Dados gerais' },
  { value: 'produtos', label: 'Produtos' },
  { value: 'servicos', label: 'Serviços' },
  { value: 'transporte', label: 'Transporte' },
  { value: 'endereco', label: 'Endereço' },
  { value: 'total', label: 'Total' },
  { value: 'pagamento', label: 'Pagamento' },
  { value: 'anexos', label: 'Anexos' },
  { value: 'observacoes', label: 'Observações' },
] as const;

const naAba = (tab: string, nomes: string[]) => nomes.map((nome) => [nome, tab] as const);
export const ORCAMENTO_FIELD_TABS: Record<string, string> = Object.fromEntries([
  ...naAba('dados', [
    'cliente',
    'cliente_nome',
    'vendedor',
    'data',
    'validade_dias',
    'prazo_entrega',
    'aos_cuidados',
    'canal_venda',
    'centro_custo',
    'introducao',
  ]),
  ...naAba('produtos', ['produtos']),
  ...naAba('servicos', ['servicos']),
  ...naAba('transporte', ['frete', 'transportadora']),
  ...naAba('endereco', [
    'cep',
    'logradouro',
    'numero_endereco',
    'complemento',
    'bairro',
    'cidade',
    'uf',
  ]),
  ...naAba('total', ['exibir_valor_total']),
  ...naAba('pagamento', [
    'forma_pagamento',
    'condicao_pagamento',
    'num_parcelas',
    'primeiro_vencimento',
    'intervalo_dias',
    'parcelas',
  ]),
  ...naAba('observacoes', ['observacoes', 'observacoes_internas']),
]);
