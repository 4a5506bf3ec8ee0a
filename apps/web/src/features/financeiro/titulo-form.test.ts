import { describe, expect, it } from 'vitest';
import {
  parcelasNaoSomamMessage,
  tituloInputSchema,
  type TituloDetalhe,
} from '@prumo/shared/financeiro';
import { ajustarUltimaParcela, diferencaParcelas } from '../../components/form/parcelas';
import { amortizacaoDoForm, baixaParaInput, novaBaixaValues } from './components/BaixaModal';
import {
  errosDoTitulo,
  gerarPlano,
  novoTituloValues,
  tituloParaValues,
  valuesParaInput,
  type TituloFormValues,
} from './titulo-form';

const HOJE = '2026-03-10';

/** Rent of 1.000,00 from a supplier in three installments from 2026-04-05. */
function aluguel(): TituloFormValues {
  const values: TituloFormValues = {
    ...novoTituloValues('pagar', HOJE),
    descricao: '  Aluguel da loja ',
    pessoa: { id: 7, nome: 'Imobiliária Central' },
    categoria_id: 6,
    documento: 'CT-12',
    valor: 1000,
    num_parcelas: 3,
    vencimento: '2026-04-05',
  };
  return { ...values, parcelas: gerarPlano(1000, 3, '2026-04-05') };
}

describe('the installment plan', () => {
  it('is monthly from the first due day, adding up to the value with the rounding on the first', () => {
    expect(gerarPlano(1000, 3, '2026-01-31')).toEqual([
      { vencimento: '2026-01-31', valor: 333.34 },
      { vencimento: '2026-02-28', valor: 333.33 },
      { vencimento: '2026-03-31', valor: 333.33 },
    ]);
  });

  it('is empty while the value, the count or the first due day is missing or out of range', () => {
    expect(gerarPlano(null, 3, '2026-04-05')).toEqual([]);
    expect(gerarPlano(1000, null, '2026-04-05')).toEqual([]);
    expect(gerarPlano(1000, 3, null)).toEqual([]);
    expect(gerarPlano(1000, 121, '2026-04-05')).toEqual([]);
  });

  it('shows the difference once a value is edited, and the last installment can take it', () => {
    const editadas = aluguel().parcelas.map((p, i) => (i === 0 ? { ...p, valor: 400 } : p));
    expect(diferencaParcelas(editadas, 1000)).toBe(-66.66);
    const ajustadas = ajustarUltimaParcela(editadas, 1000);
    expect(ajustadas.map((p) => p.valor)).toEqual([400, 333.33, 266.67]);
    expect(diferencaParcelas(ajustadas, 1000)).toBe(0);
  });
});

describe('the form sent to the API', () => {
  it('sends the count and the first due day while the plan is the generated one', () => {
    const input = valuesParaInput(aluguel());
    expect(input).toEqual({
      natureza: 'pagar',
      descricao: '  Aluguel da loja ',
      pessoa_id: 7,
      categoria_id: 6,
      centro_custo: null,
      documento: 'CT-12',
      competencia: null,
      forma_pagamento: null,
      valor: 1000,
      observacoes: null,
      vencimento: '2026-04-05',
      parcelas: 3,
    });
    const parsed = tituloInputSchema.parse(input);
    expect(parsed.descricao).toBe('Aluguel da loja');
    expect(parsed.recorrente_meses).toBeNull();
  });

  it('sends the edited plan as a list of due days and values', () => {
    const values = aluguel();
    values.parcelas = [
      { vencimento: '2026-04-10', valor: 500 },
      { vencimento: '2026-05-10', valor: 250 },
      { vencimento: '2026-06-10', valor: 250 },
    ];
    const input = valuesParaInput(values);
    expect(input.parcelas).toEqual(values.parcelas);
    expect(input.vencimento).toBe('2026-04-10');
    expect(tituloInputSchema.safeParse(input).success).toBe(true);
    expect(errosDoTitulo(values)).toEqual({});
  });

  it('repeats a single installment monthly', () => {
    const values: TituloFormValues = {
      ...aluguel(),
      modo: 'recorrente',
      recorrente_meses: 12,
    };
    const input = valuesParaInput(values);
    expect(input).toMatchObject({ parcelas: 1, vencimento: '2026-04-05', recorrente_meses: 12 });
    expect(tituloInputSchema.safeParse(input).success).toBe(true);
  });

  it('says what is missing, by the form field, and when the installments do not add up', () => {
    const vazio = novoTituloValues('receber', HOJE);
    const erros = errosDoTitulo(vazio);
    expect(Object.keys(erros).sort()).toEqual(['descricao', 'valor']);

    const values = aluguel();
    values.parcelas = values.parcelas.map((p, i) => (i === 2 ? { ...p, valor: 300 } : p));
    expect(errosDoTitulo(values).parcelas).toBe(parcelasNaoSomamMessage(966.67, 1000));

    expect(errosDoTitulo({ ...aluguel(), modo: 'recorrente', recorrente_meses: 1 })).toHaveProperty(
      'recorrente_meses',
    );
  });

  it('loads a saved title with its installments as they stand', () => {
    const parcela = {
      valor_pago: 0,
      saldo: 500,
      juros: 0,
      multa: 0,
      desconto: 0,
      status: 'aberto' as const,
      baixas: [],
    };
    const titulo: TituloDetalhe = {
      id: 3,
      natureza: 'receber',
      descricao: 'Serviço de instalação',
      pessoa_id: 4,
      pessoa_nome: 'Maria',
      categoria_id: 2,
      categoria_nome: 'Prestação de serviços',
      centro_custo: null,
      documento: null,
      competencia: '2026-03-01',
      forma_pagamento: 'boleto',
      valor: 1000,
      valor_pago: 0,
      saldo: 1000,
      status: 'aberto',
      origem: 'manual',
      venda_id: null,
      entrada_nfe_id: null,
      devolucao_id: null,
      documento_tipo: null,
      documento_id: null,
      ordem_servico_id: null,
      observacoes: null,
      cancelado_em: null,
      created_at: '2026-03-01T12:00:00Z',
      parcelas: [
        { ...parcela, id: 1, numero: 1, vencimento: '2026-03-15', valor: 600 },
        { ...parcela, id: 2, numero: 2, vencimento: '2026-04-20', valor: 400 },
      ],
    };
    const values = tituloParaValues(titulo);
    expect(values.pessoa).toEqual({ id: 4, nome: 'Maria' });
    expect(values.num_parcelas).toBe(2);
    // Not the generated split: sent back as the list it is.
    expect(valuesParaInput(values).parcelas).toEqual([
      { vencimento: '2026-03-15', valor: 600 },
      { vencimento: '2026-04-20', valor: 400 },
    ]);
  });
});

describe('a settlement', () => {
  it('is prefilled with the balance and sends zeros for blank interest, fine and discount', () => {
    const values = novaBaixaValues(250.5, 1);
    expect(baixaParaInput({ ...values, data: '2026-03-10' })).toEqual({
      data: '2026-03-10',
      conta_id: 1,
      valor: 250.5,
      juros: 0,
      multa: 0,
      desconto: 0,
      observacao: null,
    });
  });

  it('pays off the cash minus interest and fine plus discount, never more than the balance', () => {
    const values = novaBaixaValues(100, 1);
    expect(amortizacaoDoForm(100, { ...values, valor: 60 })).toEqual({ amortizado: 60 });
    expect(amortizacaoDoForm(100, { ...values, valor: 105, juros: 3, multa: 2 })).toEqual({
      amortizado: 100,
    });
    expect(amortizacaoDoForm(100, { ...values, valor: 95, desconto: 5 })).toEqual({
      amortizado: 100,
    });
    expect(amortizacaoDoForm(100, { ...values, valor: 100.01 })).toMatchObject({ campo: 'valor' });
    expect(amortizacaoDoForm(100, { ...values, valor: null })).toMatchObject({ campo: 'valor' });
  });
});
