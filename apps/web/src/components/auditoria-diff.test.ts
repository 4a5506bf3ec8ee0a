import { describe, expect, it } from 'vitest';
import { camposAuditados, formatValorAuditado } from './auditoria-diff';

describe('camposAuditados', () => {
  it('shows only what changed in an update', () => {
    expect(
      camposAuditados({
        antes: { id: 7, nome: 'Caneta', custo: 1.5, ativo: true },
        depois: { id: 7, nome: 'Caneta azul', custo: 1.5, ativo: false },
      }),
    ).toEqual([
      { campo: 'nome', antes: 'Caneta', depois: 'Caneta azul' },
      { campo: 'ativo', antes: 'Sim', depois: 'Não' },
    ]);
  });

  it('shows every field of a creation and of a deletion', () => {
    expect(
      camposAuditados({ antes: null, depois: { nome: 'Grupo', estoque_minimo: 1234.5 } }),
    ).toEqual([
      { campo: 'nome', antes: '', depois: 'Grupo' },
      { campo: 'estoque minimo', antes: '', depois: '1.234,5' },
    ]);
    expect(camposAuditados({ antes: { nome: 'Grupo', descricao: null }, depois: null })).toEqual([
      { campo: 'nome', antes: 'Grupo', depois: '' },
      { campo: 'descricao', antes: '—', depois: '' },
    ]);
  });

  it('writes objects as JSON', () => {
    expect(formatValorAuditado({ a: 1 })).toBe('{"a":1}');
  });
});
