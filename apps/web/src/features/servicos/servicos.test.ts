import { describe, expect, it } from 'vitest';
import { servicoCreateSchema, type Servico, type ServicoListItem } from '@prumo/shared/servicos';
import { ApiError } from '../../lib/api-client';
import { categoriasDe, contarFiltros, filtrarServicos, FILTROS_VAZIOS } from './filtrar-servicos';
import { erroAoSalvar, SERVICO_FORM_DEFAULTS, servicoToFormValues } from './servico-form';

const item = (id: number, nome: string, categoria: string, ativo = true): ServicoListItem => ({
  id,
  nome,
  categoria,
  ativo,
  preco: 10,
  duracao: 60,
  codigoInterno: null,
});

const LISTA = [
  item(1, 'Manutenção de Ar-Condicionado', 'Climatização'),
  item(2, 'Higienização de split', 'Climatização', false),
  item(3, 'Troca de tela', 'Celulares'),
  item(4, 'Ótica: troca de lente', 'Relojoaria Ótica'),
];

const nomes = (servicos: ServicoListItem[]) => servicos.map((servico) => servico.id);

describe('filtrarServicos', () => {
  it('searches name and category, accents and case ignored', () => {
    expect(nomes(filtrarServicos(LISTA, 'MANUTENCAO', FILTROS_VAZIOS))).toEqual([1]);
    expect(nomes(filtrarServicos(LISTA, 'climatizacao', FILTROS_VAZIOS))).toEqual([1, 2]);
    expect(nomes(filtrarServicos(LISTA, 'otica', FILTROS_VAZIOS))).toEqual([4]);
    expect(nomes(filtrarServicos(LISTA, '  ', FILTROS_VAZIOS))).toEqual([1, 2, 3, 4]);
  });

  it('filters by category and by situação, together with the search', () => {
    const climatizacao = { ...FILTROS_VAZIOS, categoria: 'Climatização' };
    expect(nomes(filtrarServicos(LISTA, '', climatizacao))).toEqual([1, 2]);
    expect(nomes(filtrarServicos(LISTA, '', { ...climatizacao, situacao: 'ativos' }))).toEqual([1]);
    expect(nomes(filtrarServicos(LISTA, '', { ...FILTROS_VAZIOS, situacao: 'inativos' }))).toEqual([
      2,
    ]);
    expect(
      nomes(filtrarServicos(LISTA, 'troca', { ...FILTROS_VAZIOS, categoria: 'Celulares' })),
    ).toEqual([3]);
  });

  it('counts the filters that are on', () => {
    expect(contarFiltros(FILTROS_VAZIOS)).toBe(0);
    expect(contarFiltros({ categoria: 'Celulares', situacao: 'ativos' })).toBe(2);
  });

  it('offers each category once, sorted the pt-BR way', () => {
    expect(categoriasDe(LISTA)).toEqual(['Celulares', 'Climatização', 'Relojoaria Ótica']);
  });
});

describe('service form', () => {
  it('starts with values the schema accepts as the defaults of section 9', () => {
    const parsed = servicoCreateSchema.parse({ ...SERVICO_FORM_DEFAULTS, nome: 'Teste' });
    expect(parsed).toMatchObject({
      categoria: 'Geral',
      duracao: 60,
      preco: 0,
      ativo: true,
      codigoTributacaoNacional: null,
      codigoNbs: null,
      aliquotaIss: null,
      localIncidenciaIss: 'estabelecimento',
      issRetido: false,
    });
  });

  it('turns a loaded service into form values that save it unchanged', () => {
    const servico: Servico = {
      ...item(9, 'Visita técnica', 'Atendimento externo'),
      codigoInterno: 'SRV-9',
      preco: 80,
      valorVenda: 80,
      valorCusto: 20,
      comissao: 5,
      duracao: 90,
      descricao: null,
      ncm: null,
      cfop: '5933',
      aliquotaIcms: 18,
      aliquotaIpi: null,
      codigoTributacaoNacional: '140201',
      codigoNbs: '120012500',
      aliquotaIss: 2.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
      fornecedorId: 3,
      fornecedorNome: 'Distribuidora',
      codigoFornecedor: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(servicoCreateSchema.parse(servicoToFormValues(servico))).toEqual({
      nome: 'Visita técnica',
      codigoInterno: 'SRV-9',
      categoria: 'Atendimento externo',
      preco: 80,
      valorCusto: 20,
      comissao: 5,
      duracao: 90,
      descricao: null,
      ativo: true,
      ncm: null,
      cfop: '5933',
      aliquotaIcms: 18,
      aliquotaIpi: null,
      codigoTributacaoNacional: '140201',
      codigoNbs: '120012500',
      aliquotaIss: 2.5,
      localIncidenciaIss: 'tomador',
      issRetido: true,
      fornecedorId: 3,
      codigoFornecedor: null,
    });
  });

  it("says the spec's save failures", () => {
    const recusado = new ApiError(409, 'Já existe um serviço com este código interno', 'DUPLICADO');
    expect(erroAoSalvar(false, recusado)).toBe(
      'Erro ao cadastrar serviço: Já existe um serviço com este código interno',
    );
    expect(erroAoSalvar(true, new ApiError(500, undefined, 'INTERNAL_ERROR'))).toBe(
      'Erro ao atualizar serviço: Erro desconhecido',
    );
    expect(erroAoSalvar(false, new ApiError(0, undefined))).toBe(
      'Erro ao cadastrar serviço. Tente novamente.',
    );
    expect(erroAoSalvar(true, new TypeError('x'))).toBe(
      'Erro ao atualizar serviço. Tente novamente.',
    );
  });
});
