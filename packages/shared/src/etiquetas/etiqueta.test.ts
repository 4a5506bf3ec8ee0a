import { describe, expect, it } from 'vitest';
import { calcularLayout, posicaoNaFolha, totalPaginas } from './etiqueta.layout';
import {
  ETIQUETA_DEFAULTS,
  ETIQUETA_MESSAGES,
  modeloDoPreset,
  PRESETS_ETIQUETA,
  TAMANHOS_FONTE,
} from './etiqueta.options';
import {
  etiquetaInputSchema,
  etiquetaParaModelo,
  etiquetaParaResposta,
  imprimirEtiquetasSchema,
} from './etiqueta.schema';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('etiquetaInputSchema', () => {
  it('fills the create defaults of section 9', () => {
    const parsed = etiquetaInputSchema.parse({ nome: 'Gôndola' });
    expect(parsed).toEqual({ ...ETIQUETA_DEFAULTS, nome: 'Gôndola' });
    expect(parsed).toMatchObject({
      padrao: 'indefinido',
      fonteEtiqueta: 'helvetica',
      tamanhoFonte: 8,
      colunasPagina: 3,
      tamanhoPagina: 'a4',
      exibirCodigoInterno: 'sim',
      exibirCodigoBarras: 'sim',
      exibirNumeroCodigoBarras: 'nao',
      exibirValorProduto: 'sim',
      tamanhoFonteValor: 'padrao',
      posicaoCodigoBarras: 'inferior',
    });
  });

  it('accepts every value of both forms (the reconciled option set)', () => {
    for (const padrao of ['indefinido', 'padrao1', 'padrao2', 'padrao3', 'pimaco', 'personalizado'])
      expect(etiquetaInputSchema.parse({ nome: 'X', padrao }).padrao).toBe(padrao);
    for (const tamanhoFonte of [6, 7, 8, 9, 10, 11, 12, 14, 16])
      expect(etiquetaInputSchema.parse({ nome: 'X', tamanhoFonte }).tamanhoFonte).toBe(
        tamanhoFonte,
      );
    expect(TAMANHOS_FONTE).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    for (const tamanhoFonteValor of ['padrao', 'pequeno', 'medio', 'grande'])
      expect(etiquetaInputSchema.parse({ nome: 'X', tamanhoFonteValor }).tamanhoFonteValor).toBe(
        tamanhoFonteValor,
      );
    for (const [sent, stored] of [
      ['a4', 'a4'],
      ['a3', 'a3'],
      ['carta', 'carta'],
      ['letter', 'carta'],
      ['LETTER', 'carta'],
      ['legal', 'legal'],
    ])
      expect(etiquetaInputSchema.parse({ nome: 'X', tamanhoPagina: sent }).tamanhoPagina).toBe(
        stored,
      );
    expect(etiquetaInputSchema.parse({ nome: 'X', colunasPagina: 10 }).colunasPagina).toBe(10);
  });

  it('turns blanks into 0, reads a decimal comma and checks the bounds of section 5', () => {
    const parsed = etiquetaInputSchema.parse({
      nome: 'X',
      margemSuperior: '',
      margemLateral: null,
      alturaEtiqueta: '25,4',
      linhasPagina: 0,
      exibirValorProduto: false,
      descricaoTopo: 'nao',
    });
    expect(parsed).toMatchObject({
      margemSuperior: 0,
      margemLateral: 0,
      alturaEtiqueta: 25.4,
      linhasPagina: 0,
      exibirValorProduto: 'nao',
      descricaoTopo: false,
    });
    expect(
      messages(
        etiquetaInputSchema.safeParse({
          nome: ' ',
          colunasPagina: 0,
          linhasPagina: -1,
          tamanhoFonte: 5,
          larguraEtiqueta: 'abc',
          padrao: 'outro',
          tamanhoPagina: 'a5',
        }),
      ),
    ).toEqual({
      nome: ETIQUETA_MESSAGES.nomeObrigatorio,
      colunasPagina: ETIQUETA_MESSAGES.colunasMinimo,
      linhasPagina: ETIQUETA_MESSAGES.linhasMinimo,
      tamanhoFonte: 'O tamanho da fonte deve estar entre 6 e 16 pt',
      larguraEtiqueta: ETIQUETA_MESSAGES.numeroInvalido,
      padrao: 'Padrão inválido',
      tamanhoPagina: 'Tamanho de página inválido',
    });
    expect(etiquetaInputSchema.safeParse({ nome: 'X', extra: 1 }).success).toBe(false);
  });

  it('round-trips payload → answer → form values unchanged', () => {
    const modelo = etiquetaInputSchema.parse({
      nome: 'Prateleira',
      padrao: 'pimaco',
      tamanhoPagina: 'letter',
      tamanhoFonte: 14,
      tamanhoFonteValor: 'medio',
    });
    const resposta = etiquetaParaResposta(modelo, {
      id: 7,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(resposta).toMatchObject({
      id: 7,
      tamanho_pagina: 'carta',
      tamanho_fonte: 14,
      tamanho_fonte_valor: 'medio',
      exibir_numero_codigo_barras: 'nao',
    });
    expect(etiquetaParaModelo(resposta)).toEqual(modelo);
    expect(etiquetaInputSchema.parse(etiquetaParaModelo(resposta))).toEqual(modelo);
  });
});

describe('sheet layout', () => {
  it('places every Pimaco preset exactly on its sheet', () => {
    const expected = {
      'pimaco-6180': { porPagina: 30, largura: 215.9, altura: 279.4 },
      'pimaco-6181': { porPagina: 20, largura: 215.9, altura: 279.4 },
      'pimaco-6187': { porPagina: 80, largura: 215.9, altura: 279.4 },
      'pimaco-a4256': { porPagina: 21, largura: 210, altura: 297 },
      'pimaco-a4260': { porPagina: 18, largura: 210, altura: 297 },
    } as const;
    for (const preset of PRESETS_ETIQUETA) {
      const result = calcularLayout(preset.geometria);
      if (!result.ok) throw new Error(result.erro);
      const { layout } = result;
      expect(layout.porPagina).toBe(expected[preset.id].porPagina);
      expect(layout.paginaLargura).toBe(expected[preset.id].largura);
      // The last label ends where the symmetric margin starts.
      const last = posicaoNaFolha(layout, layout.porPagina - 1);
      expect(last.x + layout.largura + layout.margemLateral).toBeCloseTo(layout.paginaLargura, 1);
      expect(last.y + layout.altura + layout.margemSuperior).toBeCloseTo(layout.paginaAltura, 1);
    }
  });

  it('computes 6180 positions from the published pitches (69,8 × 25,4 mm)', () => {
    const result = calcularLayout(PRESETS_ETIQUETA[0].geometria);
    if (!result.ok) throw new Error(result.erro);
    expect(posicaoNaFolha(result.layout, 0)).toEqual({ coluna: 0, linha: 0, x: 4.8, y: 12.7 });
    const quinta = posicaoNaFolha(result.layout, 4);
    expect(quinta.coluna).toBe(1);
    expect(quinta.linha).toBe(1);
    expect(quinta.x).toBeCloseTo(74.6, 6);
    expect(quinta.y).toBeCloseTo(38.1, 6);
    expect(totalPaginas(result.layout, 30)).toBe(1);
    expect(totalPaginas(result.layout, 31)).toBe(2);
    expect(totalPaginas(result.layout, 30, 2)).toBe(2);
  });

  it('fills zero sizes automatically and explains a sheet that does not fit', () => {
    const auto = calcularLayout({
      ...modeloDoPreset('pimaco-6180'),
      larguraEtiqueta: 0,
      linhasPagina: 0,
    });
    expect(auto.ok && auto.layout.largura).toBeCloseTo((215.9 - 9.6 - 6.2) / 3, 6);
    expect(auto.ok && auto.layout.linhas).toBe(10);
    const byRows = calcularLayout({ ...ETIQUETA_DEFAULTS, alturaEtiqueta: 0, linhasPagina: 5 });
    expect(byRows.ok && byRows.layout.altura).toBeCloseTo((297 - 30.3) / 5, 6);
    expect(calcularLayout({ ...ETIQUETA_DEFAULTS, alturaEtiqueta: 0, linhasPagina: 0 })).toEqual({
      ok: false,
      erro: ETIQUETA_MESSAGES.alturaOuLinhas,
    });
    const wide = calcularLayout({ ...ETIQUETA_DEFAULTS, larguraEtiqueta: 80 });
    expect(wide.ok).toBe(false);
    expect(!wide.ok && wide.erro).toContain('não cabem na largura');
    const tall = calcularLayout({ ...ETIQUETA_DEFAULTS, linhasPagina: 8 });
    expect(!tall.ok && tall.erro).toContain('não cabem na altura');
  });
});

describe('imprimirEtiquetasSchema', () => {
  it('needs one template or sheet and products or a group', () => {
    expect(
      imprimirEtiquetasSchema.parse({
        modelo: 'pimaco-6180',
        itens: [{ produto_id: 1, quantidade: 2 }],
      }),
    ).toMatchObject({ posicao_inicial: 1, quantidade_por_produto: 1 });
    expect(messages(imprimirEtiquetasSchema.safeParse({ itens: [] }))).toEqual({
      etiqueta_id: ETIQUETA_MESSAGES.modeloObrigatorio,
      itens: ETIQUETA_MESSAGES.produtosObrigatorios,
    });
    expect(
      messages(
        imprimirEtiquetasSchema.safeParse({
          etiqueta_id: 1,
          modelo: 'pimaco-6180',
          categoria_id: 2,
          itens: [{ produto_id: 1, quantidade: 1 }],
        }),
      ),
    ).toEqual({
      etiqueta_id: ETIQUETA_MESSAGES.modeloObrigatorio,
      itens: ETIQUETA_MESSAGES.produtosObrigatorios,
    });
    expect(
      messages(
        imprimirEtiquetasSchema.safeParse({
          etiqueta_id: 1,
          itens: Array.from({ length: 11 }, (_, index) => ({
            produto_id: index + 1,
            quantidade: 1000,
          })),
        }),
      ),
    ).toEqual({ itens: ETIQUETA_MESSAGES.excessoEtiquetas });
    expect(
      imprimirEtiquetasSchema.safeParse({ etiqueta_id: 1, categoria_id: 1, posicao_inicial: 0 })
        .success,
    ).toBe(false);
  });
});
