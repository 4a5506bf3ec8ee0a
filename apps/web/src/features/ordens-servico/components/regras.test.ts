import { describe, expect, it } from 'vitest';
import { OS_TRANSICOES, type SituacaoOS } from '@prumo/shared/ordens-servico';
import { MAX_UPLOAD_BYTES } from '../../../lib/files';
import { filtrarAnexos } from '../../../components/anexos/Anexos';
import { novaLinha } from '../../../components/form/LinhasSection';
import { REGRAS_ANEXOS_OS } from './AnexosOs';
import { perguntaDaMudanca } from './SituacaoOs';

const arquivo = (nome: string, bytes: number) =>
  new File([new Uint8Array(bytes)], nome, { type: 'image/png' });

describe('what a situação change asks first', () => {
  it('who approved, when the budget waiting for approval is started', () => {
    expect(perguntaDaMudanca('aguardando-aprovacao', 'em-andamento')).toBe('aprovado_por');
    expect(perguntaDaMudanca('aguardando-pecas', 'em-andamento')).toBeNull();
    expect(perguntaDaMudanca('em-aberto', 'em-andamento')).toBeNull();
  });

  it('to whom, when the equipment is handed back', () => {
    expect(perguntaDaMudanca('concluida', 'entregue')).toBe('entregue_a');
  });

  it('nothing for the other moves the table allows', () => {
    const outras = (Object.entries(OS_TRANSICOES) as Array<[SituacaoOS, SituacaoOS[]]>).flatMap(
      ([de, paras]) => paras.map((para) => [de, para] as const),
    );
    const perguntam = outras.filter(([de, para]) => perguntaDaMudanca(de, para) !== null);
    expect(perguntam).toEqual([
      ['aguardando-aprovacao', 'em-andamento'],
      ['concluida', 'entregue'],
    ]);
  });
});

describe('the attachments chosen for an order', () => {
  it('keeps what fits and says why the rest was left out', () => {
    const { aceitos, problema } = filtrarAnexos(
      [
        arquivo('foto.png', 10),
        arquivo('grande.png', MAX_UPLOAD_BYTES + 1),
        arquivo('vazio.png', 0),
      ],
      0,
      REGRAS_ANEXOS_OS,
    );
    expect(aceitos.map((a) => a.name)).toEqual(['foto.png']);
    expect(problema).toBe('Excede o limite de 5 MB: grande.png.');
  });

  it('never goes past ten per order', () => {
    const { aceitos, problema } = filtrarAnexos(
      [arquivo('a.png', 1), arquivo('b.png', 1), arquivo('c.png', 1)],
      8,
      REGRAS_ANEXOS_OS,
    );
    expect(aceitos.map((a) => a.name)).toEqual(['a.png', 'b.png']);
    expect(problema).toBe('Uma ordem de serviço pode ter no máximo 10 anexos.');
    expect(filtrarAnexos([arquivo('d.png', 1)], 10, REGRAS_ANEXOS_OS).aceitos).toEqual([]);
  });
});

describe('a line added from the catalogue', () => {
  it('is one unit at the catalogue price, no discount', () => {
    expect(
      novaLinha('produtos', { id: 3, nome: 'Fonte', preco: 80, unidade_medida: 'PC' }),
    ).toEqual({
      produto_id: 3,
      unidade_medida: 'PC',
      nome: 'Fonte',
      detalhes: '',
      quantidade: 1,
      valor: 80,
      desconto: 0,
    });
    expect(novaLinha('servicos', { id: 7, nome: 'Diagnóstico', preco: 60 })).toEqual({
      servico_id: 7,
      nome: 'Diagnóstico',
      detalhes: '',
      quantidade: 1,
      valor: 60,
      desconto: 0,
    });
  });
});
