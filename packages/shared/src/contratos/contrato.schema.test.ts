import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRATO_ITENS_MAX, CONTRATO_MESSAGES as M, PERIODICIDADE_VALUES } from './contrato.rules';
import {
  contratoInputSchema,
  contratoPrecosSchema,
  contratoStatusSchema,
  contratosQuerySchema,
  contratoUpdateSchema,
  indiceInputSchema,
  indiceParamsSchema,
} from './contrato.schema';

type Falha = {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
};

/** { campo: primeira mensagem } of a failed parse. */
function mensagens(result: Falha): Record<string, string> {
  expect(result.success).toBe(false);
  const campos: Record<string, string> = {};
  for (const issue of result.error!.issues) campos[issue.path.join('.') || '_'] ??= issue.message;
  return campos;
}

/** The least a contract needs. */
const minimo = {
  cliente_id: 7,
  inicio: '2026-03-10',
  periodicidade: 'mensal',
  dia_faturamento: 5,
  forma_pagamento: 'boleto',
  itens: [{ servico_id: 3, valor: 150.5 }],
};

const completo = {
  cliente_id: 7,
  descricao: '  Suporte e manutenção  ',
  inicio: '2026-03-10',
  fim: '2027-03-09',
  periodicidade: 'trimestral',
  dia_faturamento: 31,
  dias_vencimento: 10,
  vencimento_dia_util: false,
  forma_pagamento: 'pix',
  fidelidade_meses: 12,
  multa_fidelidade: 20.5,
  reajuste_indice: 'fixo',
  reajuste_percentual: 4.75,
  observacoes: 'Atendimento em horário comercial',
  itens: [
    { servico_id: 3, quantidade: 2, valor: 150.5 },
    { servico_id: 4, quantidade: 0.5, valor: 80 },
  ],
};

const contrato = (extra: Record<string, unknown>) =>
  contratoInputSchema.safeParse({ ...minimo, ...extra });

describe('contratoInputSchema', () => {
  it('accepts the least contract and applies the defaults', () => {
    expect(contratoInputSchema.parse(minimo)).toEqual({
      cliente_id: 7,
      descricao: null,
      inicio: '2026-03-10',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 5,
      dias_vencimento: 0,
      vencimento_dia_util: true,
      forma_pagamento: 'boleto',
      fidelidade_meses: 0,
      multa_fidelidade: 0,
      reajuste_indice: null,
      reajuste_percentual: null,
      observacoes: null,
      itens: [{ servico_id: 3, quantidade: 1, valor: 150.5 }],
    });
  });

  it('accepts a complete contract as sent, texts trimmed', () => {
    expect(contratoInputSchema.parse(completo)).toEqual({
      ...completo,
      descricao: 'Suporte e manutenção',
    });
  });

  it('reads null as left out', () => {
    expect(
      contratoInputSchema.parse({
        ...minimo,
        descricao: null,
        fim: null,
        reajuste_indice: null,
        reajuste_percentual: null,
        observacoes: '   ',
      }),
    ).toMatchObject({
      descricao: null,
      fim: null,
      reajuste_indice: null,
      reajuste_percentual: null,
      observacoes: null,
    });
  });

  it('accepts every periodicidade and payment method', () => {
    for (const periodicidade of PERIODICIDADE_VALUES) {
      expect(contrato({ periodicidade }).success).toBe(true);
    }
    for (const forma_pagamento of ['dinheiro', 'cartao_credito', 'cartao_debito', 'pix']) {
      expect(contrato({ forma_pagamento }).success).toBe(true);
    }
    expect(mensagens(contrato({ periodicidade: 'quinzenal' }))).toEqual({
      periodicidade: M.periodicidade,
    });
    expect(mensagens(contrato({ forma_pagamento: 'cheque' }))).toEqual({
      forma_pagamento: M.formaPagamento,
    });
  });

  it('requires at least one service, and at most the limit', () => {
    expect(mensagens(contrato({ itens: [] }))).toEqual({ itens: M.itensObrigatorios });
    expect(mensagens(contrato({ itens: undefined }))).toEqual({ itens: M.itensObrigatorios });
    const item = { servico_id: 3, valor: 10 };
    expect(
      contrato({ itens: Array.from({ length: CONTRATO_ITENS_MAX }, () => item) }).success,
    ).toBe(true);
    expect(
      mensagens(contrato({ itens: Array.from({ length: CONTRATO_ITENS_MAX + 1 }, () => item) })),
    ).toEqual({ itens: M.itensMaximo });
  });

  it('requires the end after the start', () => {
    expect(mensagens(contrato({ fim: '2026-03-10' }))).toEqual({ fim: M.fimAntesDoInicio });
    expect(mensagens(contrato({ fim: '2026-03-09' }))).toEqual({ fim: M.fimAntesDoInicio });
    expect(M.fimAntesDoInicio).toBe('O término deve ser depois do início');
    expect(contrato({ fim: '2026-03-11' }).success).toBe(true);
    expect(mensagens(contrato({ fim: '2026-02-30' }))).toEqual({ fim: 'Data inválida' });
  });

  it('requires a real start day', () => {
    // Left out, zod's own pt-BR type message (isoDate's message is its refinement's).
    expect(Object.keys(mensagens(contrato({ inicio: undefined })))).toEqual(['inicio']);
    expect(mensagens(contrato({ inicio: '2026-02-29' }))).toEqual({ inicio: M.inicioObrigatorio });
    expect(mensagens(contrato({ inicio: '10/03/2026' }))).toEqual({ inicio: M.inicioObrigatorio });
  });

  it.each([0, 32, 1.5, -1, '5', null])('refuses the billing day %s', (dia_faturamento) => {
    expect(mensagens(contrato({ dia_faturamento }))).toEqual({
      dia_faturamento: M.diaFaturamento,
    });
  });

  it('accepts any billing day from 1 to 31, and no other integer', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 100 }), (dia_faturamento) => {
        expect(contrato({ dia_faturamento }).success).toBe(
          dia_faturamento >= 1 && dia_faturamento <= 31,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('bounds the days to the due date and the fidelidade', () => {
    expect(contrato({ dias_vencimento: 90, fidelidade_meses: 60 }).success).toBe(true);
    expect(mensagens(contrato({ dias_vencimento: 91 }))).toEqual({
      dias_vencimento: M.diasVencimento,
    });
    expect(mensagens(contrato({ dias_vencimento: -1 }))).toEqual({
      dias_vencimento: M.diasVencimento,
    });
    expect(mensagens(contrato({ fidelidade_meses: 61 }))).toEqual({
      fidelidade_meses: M.fidelidade,
    });
    expect(mensagens(contrato({ fidelidade_meses: 1.5 }))).toEqual({
      fidelidade_meses: M.fidelidade,
    });
    expect(mensagens(contrato({ multa_fidelidade: 100.01 }))).toEqual({
      multa_fidelidade: 'O percentual deve estar entre 0 e 100',
    });
  });

  it('requires the percentage of a fixed reajuste', () => {
    expect(mensagens(contrato({ reajuste_indice: 'fixo' }))).toEqual({
      reajuste_percentual: M.reajustePercentual,
    });
    expect(mensagens(contrato({ reajuste_indice: 'fixo', reajuste_percentual: null }))).toEqual({
      reajuste_percentual: M.reajustePercentual,
    });
    expect(contrato({ reajuste_indice: 'fixo', reajuste_percentual: 0 }).success).toBe(true);
    expect(contrato({ reajuste_indice: 'IPCA' }).success).toBe(true);
    expect(contrato({ reajuste_indice: 'IGPM' }).success).toBe(true);
    expect(mensagens(contrato({ reajuste_indice: 'INPC' }))).toEqual({
      reajuste_indice: 'Escolha o índice do reajuste',
    });
  });

  it('reports both contract rules at once', () => {
    expect(mensagens(contrato({ fim: '2026-01-01', reajuste_indice: 'fixo' }))).toEqual({
      fim: M.fimAntesDoInicio,
      reajuste_percentual: M.reajustePercentual,
    });
  });

  it('refuses unknown fields, in the contract and in its items', () => {
    const result = contrato({ desconto: 10 });
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.code).toBe('unrecognized_keys');
    expect('keys' in issue ? issue.keys : []).toEqual(['desconto']);

    const noItem = contrato({ itens: [{ servico_id: 3, valor: 10, subtotal: 10 }] });
    expect(noItem.success).toBe(false);
    expect(noItem.error!.issues[0]!.code).toBe('unrecognized_keys');
    expect(noItem.error!.issues[0]!.path).toEqual(['itens', 0]);
  });

  it('refuses a value with three decimals, or zero', () => {
    expect(mensagens(contrato({ itens: [{ servico_id: 3, valor: 10.005 }] }))).toEqual({
      'itens.0.valor': 'Use no máximo duas casas decimais',
    });
    expect(mensagens(contrato({ itens: [{ servico_id: 3, valor: 0 }] }))).toEqual({
      'itens.0.valor': M.valorPositivo,
    });
    // A negative value names the lower bound (money's min message), on the same field.
    expect(Object.keys(mensagens(contrato({ itens: [{ servico_id: 3, valor: -5 }] })))).toEqual([
      'itens.0.valor',
    ]);
    expect(mensagens(contrato({ multa_fidelidade: 10.125 }))).toEqual({
      multa_fidelidade: 'Use no máximo duas casas decimais',
    });
    // 0.1 + 0.2 is 0.3 with binary noise: two decimals.
    expect(contrato({ itens: [{ servico_id: 3, valor: 0.1 + 0.2 }] }).success).toBe(true);
  });

  it('checks each item: service, quantity', () => {
    expect(mensagens(contrato({ itens: [{ valor: 10 }] }))).toEqual({
      'itens.0.servico_id': M.servicoNaoEncontrado,
    });
    expect(mensagens(contrato({ itens: [{ servico_id: 3, quantidade: 0, valor: 10 }] }))).toEqual({
      'itens.0.quantidade': M.quantidadeInvalida,
    });
    expect(
      mensagens(contrato({ itens: [{ servico_id: 3, quantidade: 1.2345, valor: 10 }] })),
    ).toEqual({ 'itens.0.quantidade': 'Use no máximo três casas decimais' });
    expect(contrato({ itens: [{ servico_id: 3, quantidade: 1.234, valor: 10 }] }).success).toBe(
      true,
    );
  });

  it('requires the customer', () => {
    expect(mensagens(contrato({ cliente_id: undefined }))).toEqual({
      cliente_id: M.clienteObrigatorio,
    });
    expect(mensagens(contrato({ cliente_id: 0 }))).toEqual({ cliente_id: M.clienteObrigatorio });
  });
});

describe('contratoUpdateSchema and contratoPrecosSchema', () => {
  const { itens, ...semItens } = minimo;

  it('edits everything but the prices, with the same rules', () => {
    expect(contratoUpdateSchema.parse(semItens)).toMatchObject({ dias_vencimento: 0, fim: null });
    expect(contratoUpdateSchema.safeParse(minimo).success).toBe(false);
    expect(mensagens(contratoUpdateSchema.safeParse({ ...semItens, fim: '2026-03-01' }))).toEqual({
      fim: M.fimAntesDoInicio,
    });
  });

  it('changes the prices from a day', () => {
    expect(contratoPrecosSchema.parse({ vigente_de: '2026-06-01', itens })).toEqual({
      vigente_de: '2026-06-01',
      itens: [{ servico_id: 3, quantidade: 1, valor: 150.5 }],
    });
    expect(
      mensagens(contratoPrecosSchema.safeParse({ vigente_de: '2026-06-01', itens: [] })),
    ).toEqual({ itens: M.itensObrigatorios });
    expect(mensagens(contratoPrecosSchema.safeParse({ vigente_de: '2026-06-31', itens }))).toEqual({
      vigente_de: 'Informe a partir de quando vale o novo preço',
    });
    expect(Object.keys(mensagens(contratoPrecosSchema.safeParse({ itens })))).toEqual([
      'vigente_de',
    ]);
  });
});

describe('contratoStatusSchema', () => {
  it('requires the reason when cancelling', () => {
    expect(mensagens(contratoStatusSchema.safeParse({ situacao: 'Cancelado' }))).toEqual({
      motivo: M.motivoCancelamento,
    });
    expect(
      mensagens(contratoStatusSchema.safeParse({ situacao: 'Cancelado', motivo: '   ' })),
    ).toEqual({ motivo: M.motivoCancelamento });
    expect(
      mensagens(contratoStatusSchema.safeParse({ situacao: 'Cancelado', motivo: 'x'.repeat(501) })),
    ).toEqual({ motivo: M.motivoCancelamento });
    expect(
      contratoStatusSchema.parse({
        situacao: 'Cancelado',
        motivo: '  Cliente mudou de cidade ',
        data: '2026-05-02',
      }),
    ).toEqual({ situacao: 'Cancelado', motivo: 'Cliente mudou de cidade', data: '2026-05-02' });
  });

  it('suspends and resumes without a reason', () => {
    expect(contratoStatusSchema.parse({ situacao: 'Suspenso' })).toEqual({ situacao: 'Suspenso' });
    expect(contratoStatusSchema.parse({ situacao: 'Ativo' })).toEqual({ situacao: 'Ativo' });
  });

  it('refuses an unknown situação or day', () => {
    expect(mensagens(contratoStatusSchema.safeParse({ situacao: 'Encerrado' }))).toEqual({
      situacao: 'Situação inválida',
    });
    expect(
      mensagens(
        contratoStatusSchema.safeParse({ situacao: 'Cancelado', motivo: 'x', data: '2026-13-01' }),
      ),
    ).toEqual({ data: 'Data inválida' });
  });
});

describe('indiceInputSchema', () => {
  it('accepts a month rate with up to four decimals', () => {
    expect(indiceInputSchema.parse({ indice: 'IPCA', mes: '2026-10', percentual: 0.45 })).toEqual({
      indice: 'IPCA',
      mes: '2026-10',
      percentual: 0.45,
    });
    expect(
      indiceInputSchema.safeParse({ indice: 'IGPM', mes: '2023-06', percentual: -1.9271 }).success,
    ).toBe(true);
    expect(
      indiceInputSchema.safeParse({ indice: 'IGPM', mes: '2026-01', percentual: -50 }).success,
    ).toBe(true);
    expect(
      indiceInputSchema.safeParse({ indice: 'IGPM', mes: '2026-12', percentual: 100 }).success,
    ).toBe(true);
  });

  it.each(['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01'])(
    'refuses the month %s',
    (mes) => {
      expect(
        mensagens(indiceInputSchema.safeParse({ indice: 'IPCA', mes, percentual: 0.45 })),
      ).toEqual({ mes: M.mesIndice });
    },
  );

  it.each([200, 100.0001, -50.0001, 0.12345, Number.NaN])('refuses the rate %s', (percentual) => {
    expect(
      mensagens(indiceInputSchema.safeParse({ indice: 'IPCA', mes: '2026-10', percentual })),
    ).toEqual({ percentual: M.percentualIndice });
  });

  it('takes any rate with four decimals in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -500_000, max: 1_000_000 }), (dezMilesimos) => {
        const percentual = dezMilesimos / 10_000;
        expect(
          indiceInputSchema.safeParse({ indice: 'IPCA', mes: '2026-10', percentual }).success,
        ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('takes only the published indices', () => {
    expect(
      mensagens(indiceInputSchema.safeParse({ indice: 'fixo', mes: '2026-10', percentual: 1 })),
    ).toEqual({ indice: M.indice });
    expect(indiceParamsSchema.parse({ indice: 'IGPM', mes: '2026-10' })).toEqual({
      indice: 'IGPM',
      mes: '2026-10',
    });
    expect(mensagens(indiceParamsSchema.safeParse({ indice: 'IGPM', mes: '2026-13' }))).toEqual({
      mes: M.mesIndice,
    });
  });
});

describe('contratosQuerySchema', () => {
  it('pages and filters by situação', () => {
    expect(contratosQuerySchema.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(contratosQuerySchema.parse({ situacao: 'Ativo', limit: '200' })).toEqual({
      situacao: 'Ativo',
      limit: 200,
      offset: 0,
    });
    expect(contratosQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
  });
});
