import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** Products whose stock differs from what their ledger adds up to (a test expects none). */
export async function productsOutOfBalance(db: Database): Promise<unknown[]> {
  const result = (await db.execute(sql`
    SELECT p.id, p.estoque, coalesce(l.saldo, 0) AS saldo
    FROM produtos p
    LEFT JOIN (
      SELECT produto_id,
             sum(CASE tipo WHEN 'entrada' THEN quantidade ELSE -quantidade END) AS saldo
      FROM estoque_movimentacoes GROUP BY produto_id
    ) l ON l.produto_id = p.id
    WHERE p.estoque <> coalesce(l.saldo, 0)`)) as { rows: unknown[] };
  return result.rows;
}
