import { describe, expect, it } from 'vitest';
import {
  cancelarNotaSchema,
  cartaCorrecaoSchema,
  EVENTOS_MENSAGENS,
  inutilizacaoInputSchema,
  mensagemSefazEvento,
} from './eventos.schema';

describe('events and inutilização input', () => {
  it('sends SEFAZ one line of Latin-1 text of 15 to 255 characters', () => {
    expect(
      cancelarNotaSchema.parse({ justificativa: '  Cliente\n desistiu   da compra ' }),
    ).toEqual({ justificativa: 'Cliente desistiu da compra', cancelar_venda: false });
    const curta = cancelarNotaSchema.safeParse({ justificativa: 'Desistiu    da  ' });
    expect(curta.error?.issues[0]?.message).toBe(EVENTOS_MENSAGENS.justificativa);
    expect(
      cancelarNotaSchema.parse({ justificativa: '“Cliente” desistiu — de novo…' }).justificativa,
    ).toBe('"Cliente" desistiu - de novo...');
    const emoji = cancelarNotaSchema.safeParse({ justificativa: 'Cliente desistiu 😀 da compra' });
    expect(emoji.error?.issues.map((issue) => issue.message)).toEqual([
      EVENTOS_MENSAGENS.caractere('😀'),
    ]);
    expect(cartaCorrecaoSchema.safeParse({ correcao: 'ã'.repeat(1000) }).success).toBe(true);
    expect(cartaCorrecaoSchema.safeParse({ correcao: 'ã'.repeat(1001) }).success).toBe(false);
  });

  it('refuses a range that ends before it starts', () => {
    const faixa = {
      modelo: 55,
      serie: 1,
      numero_inicial: 9,
      numero_final: 7,
      justificativa: 'Numeração pulada por falha',
    };
    const resultado = inutilizacaoInputSchema.safeParse(faixa);
    expect(resultado.error?.issues[0]).toMatchObject({
      path: ['numero_final'],
      message: EVENTOS_MENSAGENS.faixa,
    });
    expect(inutilizacaoInputSchema.safeParse({ ...faixa, numero_final: 9 }).success).toBe(true);
  });

  it("tells SEFAZ's answers in pt-BR, and an unknown one with its code and reason", () => {
    expect(mensagemSefazEvento(501, 'Rejeição: Prazo de cancelamento superior')).toBe(
      'O prazo de cancelamento terminou: a SEFAZ não aceita mais o cancelamento desta nota (SEFAZ 501)',
    );
    expect(mensagemSefazEvento(999, 'Rejeição: nova')).toBe(
      'A SEFAZ recusou o pedido (999: Rejeição: nova)',
    );
  });
});
