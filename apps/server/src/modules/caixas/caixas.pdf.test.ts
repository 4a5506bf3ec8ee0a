// The caixa's closing report on the 80 mm roll, read back with pdftotext.
import { describe, expect, it } from 'vitest';
import type { Caixa } from '@prumo/shared/caixas';
import { MM } from '../../pdf/documento';
import { CONTEXTO_TESTE, medianaMs, paginasDoPdf, textoDoPdf } from '../../pdf/pdf-teste';
import { relatorioCaixaPdf } from './caixas.pdf';

/** Closed with R$ 3,00 missing in cash and R$ 5,00 over in PIX. */
function caixa(campos: Partial<Caixa> = {}): Caixa {
  return {
    id: 12,
    usuario_id: 2,
    usuario_nome: 'Ana Souza',
    status: 'fechado',
    valor_inicial: 100,
    observacoes: 'Abertura com moedas novas',
    observacoes_fechamento: 'Faltaram R$ 3,00 no dinheiro.\nConferido com o gerente.',
    // 08:00 and 18:05 in São Paulo.
    aberto_em: '2026-03-10T11:00:00.000Z',
    fechado_em: '2026-03-10T21:05:00.000Z',
    fechado_por_nome: 'Ana Souza',
    vendas: 15,
    total_vendas: 1234.56,
    troco: 23,
    sangrias: 200,
    suprimentos: 50,
    movimentos: [
      {
        id: 1,
        tipo: 'suprimento',
        valor: 50,
        motivo: 'Reforço de moedas',
        usuario_nome: 'Ana Souza',
        created_at: '2026-03-10T13:00:00.000Z',
      },
      {
        id: 2,
        tipo: 'sangria',
        valor: 200,
        motivo: 'Depósito no banco',
        usuario_nome: 'Carlos Gerente',
        created_at: '2026-03-10T19:15:00.000Z',
      },
    ],
    formas: [
      { forma: 'dinheiro', recebido: 500, esperado: 427, contado: 424, diferenca: -3 },
      { forma: 'cartao_credito', recebido: 400, esperado: 400, contado: 400, diferenca: 0 },
      { forma: 'cartao_debito', recebido: 134.56, esperado: 134.56, contado: 134.56, diferenca: 0 },
      { forma: 'pix', recebido: 200, esperado: 200, contado: 205, diferenca: 5 },
    ],
    ...campos,
  };
}

describe('relatorioCaixaPdf', () => {
  it('prints the closing: session, fundo, sales, movements and per method expected, counted and difference', async () => {
    const pdf = await relatorioCaixaPdf(caixa(), CONTEXTO_TESTE);
    const paginas = await paginasDoPdf(pdf);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]!.largura).toBeCloseTo(80 * MM, 2);

    const texto = textoDoPdf(pdf);
    for (const esperado of [
      'Padaria Pão Quente Ltda',
      'CNPJ: 11.222.333/0001-81',
      'Fechamento de Caixa',
      'Nº 12',
      'Operador: Ana Souza',
      'Aberto em: 10/03/2026 08:00',
      'Fechado em: 10/03/2026 18:05',
      'Reforço de moedas (Ana Souza)',
      'Depósito no banco (Carlos Gerente)',
      'Abertura com moedas novas',
      'Faltaram R$ 3,00 no dinheiro.',
      'Conferido com o gerente.',
      'Operador',
      'Conferente',
    ])
      expect(texto).toContain(esperado);
    // Closed by the operator: no "Fechado por" line.
    expect(texto).not.toContain('Fechado por');
    expect(texto).not.toContain('PARCIAL');
    expect(texto).toMatch(/Fundo de troco\s+R\$ 100,00/);
    expect(texto).toMatch(/Vendas \(15 vendas\)\s+R\$ 1\.234,56/);
    expect(texto).toMatch(/Troco devolvido\s+-R\$ 23,00/);
    expect(texto).toMatch(/Suprimentos\s+R\$ 50,00/);
    expect(texto).toMatch(/Sangrias\s+-R\$ 200,00/);
    expect(texto).toMatch(/10\/03\/2026 10:00 Suprimento\s+R\$ 50,00/);
    expect(texto).toMatch(/10\/03\/2026 16:15 Sangria\s+-R\$ 200,00/);

    // Each method's block, in order, with its own figures.
    const bloco = (titulo: string, proximo: string) =>
      texto.slice(texto.indexOf(`${titulo}\n`), texto.indexOf(`${proximo}\n`));
    const dinheiro = bloco('Dinheiro', 'Cartão de Crédito');
    expect(dinheiro).toMatch(/Recebido em vendas\s+R\$ 500,00/);
    expect(dinheiro).toMatch(/Esperado\s+R\$ 427,00/);
    expect(dinheiro).toMatch(/Contado\s+R\$ 424,00/);
    expect(dinheiro).toMatch(/Diferença\s+-R\$ 3,00 \(falta\)/);
    expect(bloco('Cartão de Crédito', 'Cartão de Débito')).toMatch(/Diferença\s+R\$ 0,00/);
    expect(bloco('PIX', 'Total')).toMatch(/Diferença\s+\+R\$ 5,00 \(sobra\)/);
    const total = texto.slice(texto.indexOf('Total\n'));
    expect(total).toMatch(/Esperado\s+R\$ 1\.161,56/);
    expect(total).toMatch(/Contado\s+R\$ 1\.163,56/);
    expect(total).toMatch(/Diferença\s+\+R\$ 2,00 \(sobra\)/);
  });

  it('says who closed it when it was not the operator', async () => {
    const texto = textoDoPdf(
      await relatorioCaixaPdf(caixa({ fechado_por_nome: 'Carlos Gerente' }), CONTEXTO_TESTE),
    );
    expect(texto).toContain('Fechado por: Carlos Gerente');
  });

  it('prints an open caixa as a partial report, with nothing counted yet', async () => {
    const texto = textoDoPdf(
      await relatorioCaixaPdf(
        caixa({
          status: 'aberto',
          fechado_em: null,
          fechado_por_nome: null,
          observacoes_fechamento: null,
          movimentos: [],
          formas: caixa().formas.map((forma) => ({ ...forma, contado: null, diferenca: null })),
        }),
        CONTEXTO_TESTE,
      ),
    );
    expect(texto).toContain('CAIXA ABERTO - PARCIAL');
    expect(texto).toContain('Caixa (parcial)');
    expect(texto).toContain('Fechado em: em aberto');
    expect(texto).toMatch(/Esperado\s+R\$ 427,00/);
    expect(texto).not.toContain('Contado');
    expect(texto).not.toContain('Diferença');
    expect(texto).not.toContain('Suprimentos e sangrias');
  });

  it('does not throw on text the PDF fonts cannot print, and renders quickly once warm', async () => {
    const estranho = caixa({
      usuario_nome: 'Operador 😀 \u202Eabc',
      movimentos: [{ ...caixa().movimentos[0]!, motivo: 'Troco 💰 para o 中文 caixa\u0000' }],
    });
    const texto = textoDoPdf(await relatorioCaixaPdf(estranho, CONTEXTO_TESTE));
    expect(texto).toContain('Operador: Operador ? abc');
    expect(texto).toContain('Troco ? para o ?? caixa');

    const ms = await medianaMs(() => relatorioCaixaPdf(caixa(), CONTEXTO_TESTE));
    console.info(`Relatório de caixa (mediana, aquecido): ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(500);
  });
});
