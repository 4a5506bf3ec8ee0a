import { describe, expect, it } from 'vitest';
import {
  CAMPOS_IMPORTACAO,
  CHAVES_IMPORTACAO,
  TIPOS_IMPORTACAO,
  lerOpcao,
  rotuloDaOpcao,
  sugerirMapeamento,
} from './importacao.campos';
import { importacaoOpcoesSchema, importacaoSimularQuerySchema } from './importacao.schema';
import {
  escreverBooleanoBr,
  escreverDataBr,
  escreverDinheiroBr,
  escreverNumeroBr,
  lerBooleanoBr,
  lerDataBr,
  lerDinheiroBr,
  lerInteiroBr,
  lerNumeroBr,
  normalizarTexto,
} from './importacao.valores';

describe('leitores de valores brasileiros', () => {
  it('lê dinheiro como o brasileiro escreve, e o ponto decimal de planilhas em inglês', () => {
    expect(lerDinheiroBr('1.234,56')).toBe(1234.56);
    expect(lerDinheiroBr('1234,56')).toBe(1234.56);
    expect(lerDinheiroBr('R$ 10')).toBe(10);
    expect(lerDinheiroBr('R$\u00a01.000.000,00')).toBe(1_000_000);
    expect(lerDinheiroBr('12.5')).toBe(12.5);
    expect(lerDinheiroBr('1.000')).toBe(1000);
    expect(lerDinheiroBr('-3,5')).toBe(-3.5);
    expect(lerDinheiroBr('0,005')).toBe(0.01);
    for (const invalido of ['', 'dez', '1,2,3', '1.23,4.5', 'R$', '12a']) {
      expect(lerDinheiroBr(invalido), invalido).toBeNull();
    }
  });

  it('lê números e inteiros', () => {
    expect(lerNumeroBr('12,5')).toBe(12.5);
    expect(lerNumeroBr('0,025')).toBe(0.025);
    expect(lerInteiroBr('1.000')).toBe(1000);
    expect(lerInteiroBr('90')).toBe(90);
    expect(lerInteiroBr('1,5')).toBeNull();
  });

  it('lê datas dd/mm/aaaa (e variações) e recusa dias que não existem', () => {
    expect(lerDataBr('31/12/2026')).toBe('2026-12-31');
    expect(lerDataBr('1/2/2026')).toBe('2026-02-01');
    expect(lerDataBr('01-02-26')).toBe('2026-02-01');
    expect(lerDataBr('2026-12-31')).toBe('2026-12-31');
    expect(lerDataBr('31/12/2026 10:30')).toBe('2026-12-31');
    expect(lerDataBr('30/02/2026')).toBeNull();
    expect(lerDataBr('12/31/2026')).toBeNull();
    expect(lerDataBr('ontem')).toBeNull();
  });

  it('lê Sim/Não e suas variações', () => {
    for (const sim of ['Sim', 'S', 's', '1', 'true', 'VERDADEIRO', 'Ativo']) {
      expect(lerBooleanoBr(sim), sim).toBe(true);
    }
    for (const nao of ['Não', 'nao', 'N', '0', 'false', 'Inativo']) {
      expect(lerBooleanoBr(nao), nao).toBe(false);
    }
    expect(lerBooleanoBr('talvez')).toBeNull();
  });

  it('o que os escritores escrevem, os leitores leem de volta igual', () => {
    for (const valor of [0, 0.1, 1234.56, 999_999_999.99]) {
      expect(lerDinheiroBr(escreverDinheiroBr(valor))).toBe(valor);
    }
    for (const valor of [0, 12.5, 0.025, 1_234_567.125]) {
      expect(lerNumeroBr(escreverNumeroBr(valor))).toBe(valor);
    }
    expect(escreverDinheiroBr(1234.5)).toBe('1234,50');
    expect(escreverDataBr('2026-12-31')).toBe('31/12/2026');
    expect(lerDataBr(escreverDataBr('2026-01-05'))).toBe('2026-01-05');
    expect(lerBooleanoBr(escreverBooleanoBr(true))).toBe(true);
    expect(lerBooleanoBr(escreverBooleanoBr(false))).toBe(false);
    expect(escreverDinheiroBr(null)).toBe('');
  });

  it('normaliza textos para comparar cabeçalhos', () => {
    expect(normalizarTexto('  Razão  Social ')).toBe('razao social');
    expect(normalizarTexto('GTIN/EAN')).toBe('gtin ean');
  });
});

describe('campos e mapeamento', () => {
  it('cada tipo tem campos de chave única, rótulos únicos e chaves de busca mapeáveis', () => {
    for (const tipo of TIPOS_IMPORTACAO) {
      const campos = CAMPOS_IMPORTACAO[tipo];
      expect(new Set(campos.map((c) => c.chave)).size, tipo).toBe(campos.length);
      expect(new Set(campos.map((c) => normalizarTexto(c.rotulo))).size, tipo).toBe(campos.length);
      expect(
        campos.some((c) => c.obrigatorio),
        tipo,
      ).toBe(true);
      for (const { chave } of CHAVES_IMPORTACAO[tipo]) {
        if (tipo !== 'estoque')
          expect(
            campos.map((c) => c.chave),
            tipo,
          ).toContain(chave);
      }
    }
  });

  it('os rótulos de uma exportação voltam cada um ao seu campo', () => {
    for (const tipo of TIPOS_IMPORTACAO) {
      const campos = CAMPOS_IMPORTACAO[tipo];
      const sugerido = sugerirMapeamento(
        tipo,
        campos.map((c) => c.rotulo),
      );
      expect(sugerido, tipo).toEqual(Object.fromEntries(campos.map((c) => [c.chave, c.rotulo])));
    }
  });

  it('reconhece os cabeçalhos de outros sistemas, sem acento nem caixa', () => {
    const bling = [
      'Código',
      'Descrição',
      'Unidade',
      'NCM',
      'Preço',
      'Situação',
      'GTIN/EAN',
      'Descrição Complementar',
      'Preço de custo',
      'Grupo de produtos',
    ];
    expect(sugerirMapeamento('produtos', bling)).toMatchObject({
      codigo_interno: 'Código',
      nome: 'Descrição',
      descricao: 'Descrição Complementar',
      unidade_medida: 'Unidade',
      ncm: 'NCM',
      preco: 'Preço',
      custo: 'Preço de custo',
      codigo_barras: 'GTIN/EAN',
      grupo: 'Grupo de produtos',
      ativo: 'Situação',
      cest: null,
    });
    expect(
      sugerirMapeamento('clientes', ['NOME', 'cpf/cnpj', 'E-MAIL', 'Fone', 'Município', 'Estado']),
    ).toMatchObject({
      nome: 'NOME',
      cpf_cnpj: 'cpf/cnpj',
      email: 'E-MAIL',
      telefone: 'Fone',
      cidade: 'Município',
      uf: 'Estado',
    });
  });

  it('lê as opções pelo rótulo, pelo valor ou por uma abreviação', () => {
    const tipoCliente = CAMPOS_IMPORTACAO.clientes.find((c) => c.chave === 'tipo_cliente')!;
    expect(lerOpcao(tipoCliente, 'PJ')).toBe('pessoa-juridica');
    expect(lerOpcao(tipoCliente, 'pessoa física')).toBe('pessoa-fisica');
    expect(lerOpcao(tipoCliente, 'pessoa-fisica')).toBe('pessoa-fisica');
    expect(lerOpcao(tipoCliente, 'ONG')).toBeNull();
    expect(rotuloDaOpcao(tipoCliente, 'estrangeiro')).toBe('Estrangeiro');
  });
});

describe('opções da importação', () => {
  it('exige chave, o que fazer com os existentes e o modo; recusa campos a mais', () => {
    const valido = {
      mapeamento: { nome: 'Nome', email: null },
      chave: 'nome',
      existentes: 'atualizar',
      modo: 'tudo',
    };
    expect(importacaoOpcoesSchema.safeParse(valido).success).toBe(true);
    const semModo = importacaoOpcoesSchema.safeParse({ ...valido, modo: 'metade' });
    expect(semModo.error?.issues[0]?.message).toBe(
      'Escolha entre importar tudo ou só as linhas válidas',
    );
    expect(importacaoOpcoesSchema.safeParse({ ...valido, extra: 1 }).success).toBe(false);
    expect(importacaoSimularQuerySchema.parse({})).toEqual({ pagina: 1, so_erros: false });
    expect(importacaoSimularQuerySchema.parse({ pagina: '3', so_erros: 'true' })).toEqual({
      pagina: 3,
      so_erros: true,
    });
  });
});
