import { describe, expect, it } from 'vitest';
import {
  descricaoEstoqueMinimo,
  descricaoVencimento,
  linkNotificacao,
  tituloEstoqueMinimo,
  tituloVencimento,
} from './notificacoes.rules';

describe('notification texts', () => {
  it('words one and many installments', () => {
    expect(tituloVencimento('receber_vencida', 1)).toBe('1 conta a receber vencida');
    expect(tituloVencimento('receber_vencida', 3)).toBe('3 contas a receber vencidas');
    expect(tituloVencimento('pagar_hoje', 1)).toBe('1 conta a pagar vence hoje');
    expect(tituloVencimento('pagar_hoje', 2)).toBe('2 contas a pagar vencem hoje');
  });

  it('shows the amount owed, and since when for overdue ones', () => {
    expect(descricaoVencimento(1234.56)).toBe('R$\u00a01.234,56 em aberto');
    expect(descricaoVencimento(7, '2026-11-02')).toBe('R$\u00a07,00 em aberto desde 02/11/2026');
  });

  it('names the first products and counts the rest', () => {
    expect(tituloEstoqueMinimo(1)).toBe('1 produto abaixo do estoque mínimo');
    expect(tituloEstoqueMinimo(5)).toBe('5 produtos abaixo do estoque mínimo');
    expect(descricaoEstoqueMinimo(['Arroz'], 1)).toBe('Arroz');
    expect(descricaoEstoqueMinimo(['Arroz', 'Suco', 'Café'], 5)).toBe('Arroz, Suco, Café e mais 2');
  });

  it('links each group to the screen that lists it, filtered', () => {
    expect(linkNotificacao('receber_vencida', '2026-11-23')).toBe(
      '/financeiro?aba=receber&status=vencido',
    );
    expect(linkNotificacao('pagar_hoje', '2026-11-23')).toBe(
      '/financeiro?aba=pagar&de=2026-11-23&ate=2026-11-23',
    );
    expect(linkNotificacao('estoque_minimo', '2026-11-23')).toBe('/estoque?situacao=baixo');
  });
});
