import { describe, expect, it } from 'vitest';
import { OS_MESSAGES, type OrdemServico } from '@prumo/shared/ordens-servico';
import { agoraLocal, isoParaLocal, localParaIso } from './data-hora';
import {
  errosDoForm,
  novaOsValues,
  osParaValues,
  totaisDoForm,
  valuesParaInput,
  type OsFormValues,
} from './form-values';

const linhaProduto = (valores: Partial<OsFormValues['produtos'][number]> = {}) => ({
  produto_id: 1,
  unidade_medida: 'UN',
  nome: 'Cabo HDMI',
  detalhes: '',
  quantidade: 1,
  valor: 10,
  desconto: 0,
  ...valores,
});
const linhaServico = (valores: Partial<OsFormValues['servicos'][number]> = {}) => ({
  servico_id: 2,
  nome: 'Diagnóstico',
  detalhes: '',
  quantidade: 1,
  valor: 60,
  desconto: 0,
  ...valores,
});

describe('the clock times of an order', () => {
  it('shows an instant on the company clock, whatever the offset it came with', () => {
    expect(isoParaLocal('2026-11-23T13:05:00.000Z')).toBe('2026-11-23 10:05:00');
    expect(isoParaLocal('2026-11-24T01:30:59+00:00')).toBe('2026-11-23 22:30:59');
    expect(isoParaLocal(null)).toBeNull();
    expect(isoParaLocal('ontem')).toBeNull();
  });

  it('sends the company clock as an instant with its offset', () => {
    expect(localParaIso('2026-11-23 22:30:00')).toBe('2026-11-23T22:30:00-03:00');
    expect(localParaIso('2026-11-23 22:30:45')).toBe('2026-11-23T22:30:45-03:00');
    expect(localParaIso('2026-11-23 08:15')).toBe('2026-11-23T08:15:00-03:00');
    // Before 2019 São Paulo kept summer time (−02:00 in January).
    expect(localParaIso('2018-01-15 12:00:00')).toBe('2018-01-15T12:00:00-02:00');
    expect(localParaIso('2026-11-23 10:00:00', 'Europe/Lisbon')).toBe('2026-11-23T10:00:00+00:00');
    expect(localParaIso('')).toBeNull();
    expect(localParaIso(null)).toBeNull();
  });

  it('goes there and back to the same instant', () => {
    for (const iso of ['2026-11-23T13:05:07.000Z', '2026-03-01T02:59:00.000Z']) {
      expect(new Date(localParaIso(isoParaLocal(iso))!).toISOString()).toBe(iso);
    }
  });

  it('starts a new order now, to the minute', () => {
    expect(agoraLocal(undefined, new Date('2026-11-23T13:05:42Z'))).toBe('2026-11-23 10:05:00');
  });
});

describe('the service order form', () => {
  it('sends the API fields only: ids, lines without their names, instants with offsets', () => {
    const values: OsFormValues = {
      ...novaOsValues('2026-11-23 09:00:00'),
      cliente: { id: 5, nome: 'Maria' },
      tecnico: { id: 9, nome: 'Ana' },
      produtos: [linhaProduto({ detalhes: 'Lado esquerdo', desconto: null })],
      servicos: [linhaServico()],
    };
    const input = valuesParaInput(values);
    expect(input).not.toHaveProperty('cliente');
    expect(input).not.toHaveProperty('tecnico');
    expect(input).toMatchObject({
      cliente_id: 5,
      vendedor_id: null,
      tecnico_id: 9,
      data_entrada: '2026-11-23T09:00:00-03:00',
      data_saida: null,
      produtos: [
        { produto_id: 1, detalhes: 'Lado esquerdo', quantidade: 1, valor: 10, desconto: 0 },
      ],
      servicos: [{ servico_id: 2, detalhes: '', quantidade: 1, valor: 60, desconto: 0 }],
    });
    expect(input.produtos![0]).not.toHaveProperty('nome');
    expect(errosDoForm(values)).toEqual({});
  });

  it('says what is wrong by the field the server would name', () => {
    const erros = errosDoForm({
      ...novaOsValues('2026-11-23 09:00:00'),
      data_saida: '2026-11-22 09:00:00',
      produtos: [linhaProduto({ quantidade: null }), linhaProduto({ quantidade: 0 })],
      servicos: [linhaServico({ desconto: 61 })],
    });
    expect(erros.cliente).toBe(OS_MESSAGES.clienteObrigatorio);
    expect(erros.data_saida).toBe(OS_MESSAGES.dataSaidaAntes);
    expect(erros['produtos.0.quantidade']).toBe(OS_MESSAGES.quantidadeInvalida);
    expect(erros['produtos.1.quantidade']).toBe(OS_MESSAGES.quantidadeInvalida);
    expect(erros['servicos.0.desconto']).toBeDefined();
  });

  it("refuses an order's discount above its total", () => {
    const erros = errosDoForm({
      ...novaOsValues(),
      cliente: { id: 1, nome: 'Maria' },
      servicos: [linhaServico({ valor: 50 })],
      frete: 10,
      desconto: 60.01,
    });
    expect(Object.keys(erros)).toEqual(['desconto']);
  });

  it('totals as the server does: lines, labour, parts, freight, others and discount in centavos', () => {
    const totais = totaisDoForm({
      produtos: [
        linhaProduto({ quantidade: 3, valor: 0.1 }),
        linhaProduto({ quantidade: 1.5, valor: 19.99, desconto: 0.99 }),
      ],
      servicos: [linhaServico({ quantidade: 2, valor: 45.5, desconto: 1 })],
      frete: 12.3,
      outros: 0.7,
      desconto: 5,
    });
    // 1,5 × 19,99 = 29,985 → 29,99 (half up), less 0,99.
    expect(totais.produtos).toEqual([0.3, 29]);
    expect(totais.servicos).toEqual([90]);
    expect(totais.pecas).toBe(29.3);
    expect(totais.mao_de_obra).toBe(90);
    expect(totais.valor_total).toBe(127.3);
  });

  it('counts blank money and quantities as zero while the user types', () => {
    const totais = totaisDoForm({
      produtos: [linhaProduto({ quantidade: null, valor: null, desconto: null })],
      servicos: [],
      frete: null,
      outros: null,
      desconto: null,
    });
    expect(totais.valor_total).toBe(0);
  });

  it('opens a saved order with its names, lines and clock times', () => {
    const ordem = {
      cliente_id: 4,
      cliente_nome: 'João',
      vendedor_id: null,
      vendedor_nome: null,
      tecnico_id: 11,
      tecnico_nome: 'Ana',
      data_entrada: '2026-11-23T13:43:10.052Z',
      data_saida: null,
      prazo: '2026-11-30',
      canal_venda: 'telefone',
      prioridade: 'alta',
      centro_custo: null,
      equipamento: 'Notebook',
      marca: null,
      modelo: null,
      numero_serie: null,
      condicoes: null,
      defeitos: 'Não liga',
      acessorios: null,
      solucao: null,
      laudo: null,
      termos: null,
      produtos: [
        {
          id: 1,
          produto_id: 3,
          unidade_medida: 'UN',
          nome: 'Fonte',
          detalhes: null,
          quantidade: 1,
          valor: 80,
          desconto: 0,
          subtotal: 80,
        },
      ],
      servicos: [],
      cep: '01310100',
      logradouro: null,
      numero_endereco: null,
      complemento: null,
      bairro: null,
      cidade: null,
      uf: 'SP',
      frete: 0,
      outros: 0,
      desconto: 0,
      exibir_total: false,
      observacoes: null,
      observacoes_internas: null,
    } as unknown as OrdemServico;
    const values = osParaValues(ordem);
    expect(values).toMatchObject({
      cliente: { id: 4, nome: 'João' },
      vendedor: null,
      tecnico: { id: 11, nome: 'Ana' },
      data_entrada: '2026-11-23 10:43:10',
      canal_venda: 'telefone',
      defeitos: 'Não liga',
      marca: '',
      exibir_total: false,
      produtos: [{ produto_id: 3, nome: 'Fonte', detalhes: '', quantidade: 1, valor: 80 }],
    });
    expect(errosDoForm(values)).toEqual({});
  });
});
