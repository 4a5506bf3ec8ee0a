import { describe, expect, it } from 'vitest';
import {
  contarFiltros,
  filtroDaApi,
  filtrosDaUrl,
  filtrosParaUrl,
  FILTROS_OS_VAZIOS,
  listaFiltradaPath,
  prazoVencido,
} from './filtros';

const url = (query: string) => filtrosDaUrl(new URLSearchParams(query));

describe('filters of the service order list, from and to the address', () => {
  it('reads the panel links: the open queue by deadline or by priority', () => {
    expect(url('situacao=abertas&prazo=vencidas')).toEqual({
      ...FILTROS_OS_VAZIOS,
      situacao: 'abertas',
      prazo: 'vencidas',
    });
    expect(url('situacao=abertas&prioridade=muito-urgente')).toMatchObject({
      situacao: 'abertas',
      prioridade: 'muito-urgente',
      prazo: '',
    });
    expect(url('situacao=aguardando-pecas').situacao).toBe('aguardando-pecas');
  });

  it('leaves out what is not one of the values, a bad id and a day that does not exist', () => {
    expect(
      url('situacao=fechada&prioridade=URGENTE&prazo=ontem&tecnico_id=-3&de=2026-02-30&ate=x'),
    ).toEqual(FILTROS_OS_VAZIOS);
    expect(url('tecnico_id=1.5').tecnico_id).toBeNull();
    expect(url('tecnico_id=12').tecnico_id).toBe(12);
  });

  it('puts a period given backwards in order', () => {
    expect(url('de=2026-11-30&ate=2026-11-01')).toMatchObject({
      de: '2026-11-01',
      ate: '2026-11-30',
    });
  });

  it('writes only the filters that are on, and reads back what it wrote', () => {
    const filtros = {
      ...FILTROS_OS_VAZIOS,
      situacao: 'em-andamento' as const,
      tecnico_id: 7,
      de: '2026-11-01',
      q: 'notebook',
    };
    const params = filtrosParaUrl(filtros);
    expect(params.toString()).toBe('situacao=em-andamento&tecnico_id=7&de=2026-11-01&q=notebook');
    expect(filtrosDaUrl(params)).toEqual(filtros);
    expect(filtrosParaUrl(FILTROS_OS_VAZIOS).toString()).toBe('');
  });

  it("links each of the panel's cards to the list filtered as the panel counts", () => {
    expect(listaFiltradaPath({ prazo: 'hoje' })).toBe(
      '/ordem-servicos?situacao=abertas&prazo=hoje',
    );
    expect(listaFiltradaPath({ prioridade: 'baixa' })).toBe(
      '/ordem-servicos?situacao=abertas&prioridade=baixa',
    );
  });

  it('counts the Filtros that are on (the period as one, the search box not at all)', () => {
    expect(contarFiltros(FILTROS_OS_VAZIOS)).toBe(0);
    expect(contarFiltros({ ...FILTROS_OS_VAZIOS, q: 'x' })).toBe(0);
    expect(
      contarFiltros({
        ...FILTROS_OS_VAZIOS,
        situacao: 'abertas',
        prazo: 'amanha',
        de: '2026-11-01',
        ate: '2026-11-30',
      }),
    ).toBe(3);
    expect(contarFiltros({ ...FILTROS_OS_VAZIOS, tecnico_id: 3, ate: '2026-11-30' })).toBe(2);
  });

  it('asks the server only for what is set', () => {
    expect(filtroDaApi(FILTROS_OS_VAZIOS, '  ')).toEqual({
      situacao: undefined,
      prioridade: undefined,
      prazo: undefined,
      tecnico_id: undefined,
      de: undefined,
      ate: undefined,
      q: undefined,
    });
    expect(
      filtroDaApi({ ...FILTROS_OS_VAZIOS, prioridade: 'alta', tecnico_id: 4 }, ' 000012 '),
    ).toMatchObject({ prioridade: 'alta', tecnico_id: 4, q: '000012' });
  });
});

describe('an overdue order', () => {
  const hoje = '2026-11-23';

  it('is one due before today that is still in the queue', () => {
    expect(prazoVencido({ prazo: '2026-11-22', situacao: 'em-aberto' }, hoje)).toBe(true);
    expect(prazoVencido({ prazo: '2026-11-22', situacao: 'aguardando-pecas' }, hoje)).toBe(true);
    expect(prazoVencido({ prazo: '2026-11-23', situacao: 'em-andamento' }, hoje)).toBe(false);
    expect(prazoVencido({ prazo: '2026-11-24', situacao: 'em-aberto' }, hoje)).toBe(false);
    expect(prazoVencido({ prazo: null, situacao: 'em-aberto' }, hoje)).toBe(false);
  });

  it('is never one already concluded, delivered or cancelled', () => {
    for (const situacao of ['concluida', 'entregue', 'cancelada'] as const) {
      expect(prazoVencido({ prazo: '2026-01-01', situacao }, hoje)).toBe(false);
    }
  });
});
