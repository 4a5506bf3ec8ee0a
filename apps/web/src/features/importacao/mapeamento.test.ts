import { describe, expect, it } from 'vitest';
import { erroDaChave, errosDoMapeamento, mapeamentoEscolhido } from './mapeamento';

describe('mapeamento', () => {
  it('asks for the required fields and refuses a column chosen for two fields', () => {
    expect(errosDoMapeamento('produtos', { codigo_interno: 'Código', nome: null })).toEqual({
      nome: 'Escolha a coluna de "Nome" (obrigatório)',
    });
    expect(
      errosDoMapeamento('produtos', { nome: 'Descrição', descricao: 'Descrição', preco: 'Preço' }),
    ).toEqual({
      nome: 'A coluna "Descrição" foi escolhida para mais de um campo',
      descricao: 'A coluna "Descrição" foi escolhida para mais de um campo',
    });
  });

  it('wants a column for a key that is a field, not for the stock’s product code', () => {
    expect(erroDaChave('produtos', 'codigo_barras', { nome: 'Nome' })).toBe(
      'Escolha a coluna de "Código de barras", usada para encontrar os registros',
    );
    expect(erroDaChave('produtos', 'codigo_barras', { codigo_barras: 'EAN' })).toBeNull();
    expect(erroDaChave('estoque', 'codigo_interno', { produto: 'Produto' })).toBeNull();
  });

  it('sends only the fields with a column', () => {
    expect(mapeamentoEscolhido({ nome: 'Nome', ncm: null, preco: 'Preço' })).toEqual({
      nome: 'Nome',
      preco: 'Preço',
    });
  });
});
