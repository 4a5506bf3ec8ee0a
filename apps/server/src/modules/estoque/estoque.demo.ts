import { and, eq } from 'drizzle-orm';
import { todayISO } from '@prumo/shared/dates';
import { MOTIVO_ESTOQUE_INICIAL, type TipoMovimentacao } from '@prumo/shared/estoque';
import type { Role } from '@prumo/shared/auth';
import type { Transaction } from '../../db/database';
import { produtosPorNome } from '../produtos/produtos.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import { estoqueMovimentacoes } from './estoque.table';

interface DemoMovimentacao {
  diasAtras: number;
  tipo: TipoMovimentacao;
  quantidade: number;
  motivo: string;
  observacoes?: string;
  por: Role;
}

/** A few weeks of purchases, sales and losses of some demo products (by name). */
const HISTORICO: Record<string, DemoMovimentacao[]> = {
  'Café Torrado e Moído 500g': [
    {
      diasAtras: 21,
      tipo: 'entrada',
      quantidade: 60,
      motivo: 'Compra de mercadoria',
      observacoes: 'NF-e 4512 — Distribuidora Paulista de Alimentos Ltda.',
      por: 'manager',
    },
    { diasAtras: 12, tipo: 'saida', quantidade: 18, motivo: 'Venda', por: 'user' },
    {
      diasAtras: 9,
      tipo: 'saida',
      quantidade: 2,
      motivo: 'Perda ou avaria',
      observacoes: 'Embalagens rasgadas no recebimento',
      por: 'manager',
    },
    { diasAtras: 3, tipo: 'saida', quantidade: 20, motivo: 'Venda', por: 'user' },
  ],
  'Arroz Branco Tipo 1 5kg': [
    {
      diasAtras: 18,
      tipo: 'entrada',
      quantidade: 20,
      motivo: 'Compra de mercadoria',
      observacoes: 'NF-e 8830 — Cerealista Vale do Paraíba',
      por: 'manager',
    },
    { diasAtras: 10, tipo: 'saida', quantidade: 25, motivo: 'Venda', por: 'user' },
    { diasAtras: 2, tipo: 'saida', quantidade: 5, motivo: 'Venda', por: 'user' },
  ],
  'Suco de Uva Integral 1L': [
    {
      diasAtras: 25,
      tipo: 'entrada',
      quantidade: 24,
      motivo: 'Compra de mercadoria',
      observacoes: 'NF-e 1207 — Vinícola Serra Gaúcha',
      por: 'admin',
    },
    { diasAtras: 14, tipo: 'saida', quantidade: 18, motivo: 'Venda', por: 'user' },
    { diasAtras: 4, tipo: 'saida', quantidade: 6, motivo: 'Venda', por: 'user' },
  ],
  'Água Sanitária 1L': [
    { diasAtras: 8, tipo: 'saida', quantidade: 10, motivo: 'Venda', por: 'user' },
    {
      diasAtras: 6,
      tipo: 'saida',
      quantidade: 1,
      motivo: 'Uso interno',
      observacoes: 'Limpeza da loja',
      por: 'manager',
    },
  ],
  'Água Mineral sem Gás 500ml': [
    {
      diasAtras: 7,
      tipo: 'entrada',
      quantidade: 120,
      motivo: 'Compra de mercadoria',
      observacoes: 'NF-e 3391 — Águas Serra Azul',
      por: 'manager',
    },
    { diasAtras: 1, tipo: 'saida', quantidade: 2, motivo: 'Perda ou avaria', por: 'user' },
  ],
  'Óleo de Soja 900ml': [
    { diasAtras: 5, tipo: 'saida', quantidade: 9, motivo: 'Venda', por: 'user' },
  ],
};

const HISTORICO_DIAS = 30;

function daysBefore(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * Demo ledger: the demo products arrive with their stock as an "Estoque inicial" entrada (the
 * product registry records it). For the products above, that opening entrada is moved back 30
 * days and reduced by what the later movements add, and the movements are written after it,
 * so the ledger still adds up to the stock the demo catalogue chose (a few at or below minimum).
 */
export async function seedDemoEstoque(tx: Transaction): Promise<void> {
  const hoje = todayISO();
  const users = (await listUsuarios(tx)).items.sort((a, b) => a.id - b.id);
  const userOf = (role: Role) => users.find((user) => user.role === role)?.id ?? null;
  const rows = await produtosPorNome(tx, Object.keys(HISTORICO));

  for (const produto of rows) {
    const historico = HISTORICO[produto.nome]!;
    const saldo = historico.reduce(
      (total, mov) => total + (mov.tipo === 'entrada' ? mov.quantidade : -mov.quantidade),
      0,
    );
    const inicial = produto.estoque - saldo;
    if (inicial < 0) throw new Error(`Histórico de demonstração inválido: ${produto.nome}`);
    const abertura = and(
      eq(estoqueMovimentacoes.produtoId, produto.id),
      eq(estoqueMovimentacoes.motivo, MOTIVO_ESTOQUE_INICIAL),
    );
    await tx.delete(estoqueMovimentacoes).where(abertura);
    const movimentos = [
      ...(inicial > 0
        ? [
            {
              diasAtras: HISTORICO_DIAS,
              tipo: 'entrada' as const,
              quantidade: inicial,
              motivo: MOTIVO_ESTOQUE_INICIAL,
              por: 'admin' as Role,
            },
          ]
        : []),
      ...historico,
    ];
    for (const mov of movimentos) {
      const data = daysBefore(hoje, mov.diasAtras);
      const at = new Date(`${data}T13:00:00Z`);
      await tx.insert(estoqueMovimentacoes).values({
        produtoId: produto.id,
        tipo: mov.tipo,
        quantidade: mov.quantidade,
        data,
        motivo: mov.motivo,
        observacoes: 'observacoes' in mov ? (mov.observacoes ?? null) : null,
        usuarioId: userOf(mov.por),
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  // The other demo products' opening stock dates from the same day.
  await tx
    .update(estoqueMovimentacoes)
    .set({ data: daysBefore(hoje, HISTORICO_DIAS) })
    .where(eq(estoqueMovimentacoes.motivo, MOTIVO_ESTOQUE_INICIAL));
}
