import { describe, expect, it } from 'vitest';
import {
  INTRODUCAO_PADRAO,
  ORCAMENTO_MESSAGES,
  orcamentoInputSchema,
  parcelasNaoConferemMessage,
  type Orcamento,
} from '@prumo/shared/orcamentos';
import { novaLinha } from '../../components/form/LinhasSection';
import { ajustarUltimaParcela, diferencaParcelas } from '../../components/form/parcelas';
import {
  errosDoForm,
  gerarParcelas,
  novoOrcamentoValues,
  orcamentoParaValues,
  totaisDoForm,
  validoAte,
  valuesParaInput,
  type OrcamentoFormValues,
} from './form-values';

const HOJE = '2026-03-10';

/** A new quote for a registered customer with a product (2 × 21,90), a service (60,00) and 10,00 of freight. */
function misto(): OrcamentoFormValues {
  return {
    ...novoOrcamentoValues(HOJE),
    cliente: { id: 4, nome: 'Maria Aparecida da Silva' },
    produtos: [
      {
        ...(novaLinha('produtos', {
          id: 3,
          nome: 'Café',
          preco: 21.9,
        }) as OrcamentoFormValues['produtos'][number]),
        quantidade: 2,
      },
    ],
    servicos: [
      novaLinha('servicos', {
        id: 7,
        nome: 'Diagnóstico',
        preco: 60,
      }) as OrcamentoFormValues['servicos'][number],
    ],
    frete: 10,
  };
}

describe('a new quote', () => {
  it('starts with section 9 defaults: today, 30 days, Presencial, freight 0, the template', () => {
    const values = novoOrcamentoValues(HOJE);
    expect(values).toMatchObject({
      data: HOJE,
      validade_dias: 30,
      canal_venda: 'presencial',
      frete: 0,
      introducao: INTRODUCAO_PADRAO,
      exibir_valor_total: true,
      gerar_condicoes: false,
    });
    expect(validoAte(values.data, values.validade_dias)).toBe('2026-04-09');
    expect(validoAte(values.data, null)).toBeNull();
  });
});

describe('what the form sends', () => {
  it('names catalogue lines by id and hand-typed ones by name, and is valid for the schema', () => {
    const values = misto();
    values.servicos.push({
      ...(novaLinha('servicos') as OrcamentoFormValues['servicos'][number]),
      nome: 'Visita',
      valor: 35,
    });
    const input = valuesParaInput(values);
    expect(input).toMatchObject({
      cliente_id: 4,
      cliente_nome: null,
      vendedor_id: null,
      transportadora_id: null,
      frete: 10,
      condicao_pagamento: null,
      forma_pagamento: null,
      parcelas: [],
    });
    expect(input.produtos).toEqual([
      { produto_id: 3, detalhes: '', quantidade: 2, valor: 21.9, desconto: 0 },
    ]);
    expect(input.servicos?.[1]).toEqual({
      servico_id: null,
      nome: 'Visita',
      detalhes: '',
      quantidade: 1,
      valor: 35,
      desconto: 0,
    });
    expect(Object.keys(input)).not.toContain('num_parcelas');
    expect(orcamentoInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends a prospect by name, and says the customer is missing on the field shown', () => {
    const prospect = { ...misto(), cliente_avulso: true, cliente_nome: 'Padaria do Zé' };
    expect(valuesParaInput(prospect)).toMatchObject({
      cliente_id: null,
      cliente_nome: 'Padaria do Zé',
    });
    expect(errosDoForm({ ...misto(), cliente: null })).toMatchObject({
      cliente: ORCAMENTO_MESSAGES.clienteObrigatorio,
    });
    expect(errosDoForm({ ...prospect, cliente_nome: '' })).toMatchObject({
      cliente_nome: ORCAMENTO_MESSAGES.clienteObrigatorio,
    });
  });

  it('sends the installments only when the conditions are on and parcelado', () => {
    const values = {
      ...misto(),
      gerar_condicoes: true,
      forma_pagamento: 'boleto' as const,
      condicao_pagamento: 'parcelado' as const,
      parcelas: gerarParcelas(113.8, 3, '2026-03-20', 30),
    };
    expect(valuesParaInput(values)).toMatchObject({
      forma_pagamento: 'boleto',
      condicao_pagamento: 'parcelado',
      parcelas: [
        { vencimento: '2026-03-20', valor: 37.94 },
        { vencimento: '2026-04-19', valor: 37.93 },
        { vencimento: '2026-05-19', valor: 37.93 },
      ],
    });
    expect(errosDoForm(values)).toEqual({});
    expect(valuesParaInput({ ...values, condicao_pagamento: 'a-vista' }).parcelas).toEqual([]);
    expect(valuesParaInput({ ...values, gerar_condicoes: false })).toMatchObject({
      forma_pagamento: null,
      condicao_pagamento: null,
      parcelas: [],
    });
  });
});

describe('a saved quote in the form', () => {
  it('comes back as it was sent', () => {
    const values = {
      ...misto(),
      gerar_condicoes: true,
      forma_pagamento: 'pix' as const,
      condicao_pagamento: 'parcelado' as const,
      num_parcelas: 2,
      primeiro_vencimento: '2026-03-15',
      intervalo_dias: 15,
      parcelas: gerarParcelas(113.8, 2, '2026-03-15', 15),
    };
    const input = valuesParaInput(values);
    const salvo = {
      id: 9,
      numero: 42,
      status: 'rascunho',
      data: HOJE,
      validade_dias: 30,
      cliente_id: 4,
      cliente_nome: 'Maria Aparecida da Silva',
      vendedor_id: null,
      vendedor_nome: null,
      transportadora_id: null,
      transportadora_nome: null,
      introducao: INTRODUCAO_PADRAO,
      prazo_entrega: null,
      aos_cuidados: null,
      centro_custo: null,
      canal_venda: 'presencial',
      frete: 10,
      cep: null,
      logradouro: null,
      numero_endereco: null,
      complemento: null,
      bairro: null,
      cidade: null,
      uf: null,
      exibir_valor_total: true,
      forma_pagamento: 'pix',
      condicao_pagamento: 'parcelado',
      parcelas: input.parcelas!.map((p, index) => ({ numero: index + 1, ...p })),
      observacoes: null,
      observacoes_internas: null,
      produtos: [
        {
          id: 1,
          produto_id: 3,
          unidade_medida: 'UN',
          nome: 'Café',
          detalhes: null,
          quantidade: 2,
          valor: 21.9,
          desconto: 0,
          subtotal: 43.8,
        },
      ],
      servicos: [
        {
          id: 2,
          servico_id: 7,
          nome: 'Diagnóstico',
          detalhes: null,
          quantidade: 1,
          valor: 60,
          desconto: 0,
          subtotal: 60,
        },
      ],
    } as unknown as Orcamento;
    expect(orcamentoParaValues(salvo)).toEqual(values);
  });
});

describe('the installments', () => {
  it('are generated only from complete inputs', () => {
    expect(gerarParcelas(100, 3, '2026-03-20', 30)).toHaveLength(3);
    expect(gerarParcelas(100, 1, '2026-03-20', 30)).toEqual([]);
    expect(gerarParcelas(100, 3, null, 30)).toEqual([]);
    expect(gerarParcelas(100, null, '2026-03-20', 30)).toEqual([]);
  });

  it('show the difference to the total once edited, and the last one can take it', () => {
    const parcelas = gerarParcelas(100, 3, '2026-03-20', 30);
    expect(diferencaParcelas(parcelas, 100)).toBe(0);
    const editadas = parcelas.map((p, index) => (index === 0 ? { ...p, valor: 50 } : p));
    expect(diferencaParcelas(editadas, 100)).toBe(-16.66);
    const ajustadas = ajustarUltimaParcela(editadas, 100);
    expect(ajustadas.map((p) => p.valor)).toEqual([50, 33.33, 16.67]);
    expect(diferencaParcelas(ajustadas, 100)).toBe(0);
    // A last installment that would go to zero or below is left as it is.
    expect(ajustarUltimaParcela(editadas, 20)).toEqual(editadas);
  });

  it('that do not add up, or fall before the quote, are errors of the form', () => {
    const base = {
      ...misto(),
      gerar_condicoes: true,
      forma_pagamento: 'boleto' as const,
      condicao_pagamento: 'parcelado' as const,
    };
    const total = totaisDoForm(base).valor_total;
    expect(total).toBe(113.8);
    const parcelas = gerarParcelas(total, 2, HOJE, 30);
    parcelas[1] = { ...parcelas[1]!, valor: 10 };
    expect(errosDoForm({ ...base, parcelas }).parcelas).toBe(
      parcelasNaoConferemMessage(66.9, 113.8),
    );
    const antes = gerarParcelas(total, 2, '2026-03-01', 30);
    expect(errosDoForm({ ...base, parcelas: antes })['parcelas.0.vencimento']).toBe(
      ORCAMENTO_MESSAGES.parcelaAntesDaData,
    );
  });
});
