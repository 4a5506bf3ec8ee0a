import { sql } from 'drizzle-orm';
import { hasRole, type Role } from '@prumo/shared/auth';
import { todayISO } from '@prumo/shared/dates';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import {
  descricaoEstoqueMinimo,
  descricaoVencimento,
  linkNotificacao,
  NOTIFICACAO_PRODUTOS_NOMEADOS,
  TIPOS_NOTIFICACAO,
  tituloEstoqueMinimo,
  tituloVencimento,
  type Notificacao,
  type Notificacoes,
  type TipoNotificacao,
  type TipoVencimento,
} from '@prumo/shared/notificacoes';
import type { Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import { hook } from '../server-module';

/**
 * What the fiscal module puts on the bell (certificate about to expire, rejected notes,
 * contingency near its 24 h), for a role; answered by fiscal.module.ts.
 */
export const notificacoesFiscaisHook = hook<
  (db: Executor, role: Role, agora: Date) => Promise<Notificacao[]>
>('o que a emissão fiscal põe no sino');

/** What the e-mail outbox puts on the bell (e-mails given up), for a role; answered by emails.module.ts. */
export const notificacoesEmailsHook = hook<(db: Executor, role: Role) => Promise<Notificacao[]>>(
  'o que a fila de e-mails põe no sino',
);

/** What contract billing puts on the bell (its daily run failed); answered by contratos.module.ts. */
export const notificacoesContratosHook = hook<(db: Executor, role: Role) => Promise<Notificacao[]>>(
  'o que o faturamento dos contratos põe no sino',
);

/**
 * What the subscriptions put on the bell (inadimplentes, the renewal's last run failed);
 * answered by assinaturas.module.ts.
 */
export const notificacoesAssinaturasHook = hook<
  (db: Executor, role: Role) => Promise<Notificacao[]>
>('o que as assinaturas põem no sino');

/** Who sees what: the roles of /api/financeiro and of /api/estoque (the routes' own lists). */
export interface NotificacoesRegras {
  financeiro: readonly Role[];
  estoque: readonly Role[];
}

interface VencimentoRow {
  natureza: 'pagar' | 'receber';
  vencida: boolean;
  quantidade: number;
  saldo: number;
  mais_antiga: string;
}

/**
 * The installments still owed (aberto or parcial, title not cancelled) due today or before, in
 * four groups, while the company's "alertas de vencimento" is on (on when never saved). One
 * query; "today" is the company's, so an installment turns overdue at its midnight.
 */
function vencimentos(db: Executor, hoje: string) {
  return selectRows<VencimentoRow>(
    db,
    sql`
    SELECT t.natureza, p.vencimento < ${hoje}::date AS vencida, count(*) AS quantidade,
      sum(p.valor - p.valor_pago) AS saldo, min(p.vencimento)::text AS mais_antiga
    FROM parcelas p
    JOIN titulos t ON t.id = p.titulo_id
    WHERE p.status IN ('aberto', 'parcial') AND t.cancelado_em IS NULL
      AND p.vencimento <= ${hoje}::date
      AND coalesce((SELECT alertas_vencimento FROM preferencias WHERE id = 1), true)
    GROUP BY 1, 2`,
  );
}

interface EstoqueRow {
  quantidade: number;
  nomes: string[];
}

/**
 * Active products that move stock and hold less than their minimum: how many, and the first
 * names, the emptiest first. One query.
 */
async function estoqueAbaixoDoMinimo(db: Executor): Promise<EstoqueRow> {
  const abaixo = sql`ativo AND movimenta_estoque AND estoque < estoque_minimo`;
  const [row] = await selectRows<EstoqueRow>(
    db,
    sql`
    SELECT (SELECT count(*) FROM produtos WHERE ${abaixo}) AS quantidade,
      ARRAY(SELECT nome FROM produtos WHERE ${abaixo}
        ORDER BY estoque / estoque_minimo, nome_busca, id
        LIMIT ${NOTIFICACAO_PRODUTOS_NOMEADOS}) AS nomes`,
  );
  return { quantidade: Number(row?.quantidade ?? 0), nomes: row?.nomes ?? [] };
}

const TIPO_VENCIMENTO: Record<
  VencimentoRow['natureza'],
  Record<'true' | 'false', TipoNotificacao>
> = {
  receber: { true: 'receber_vencida', false: 'receber_hoje' },
  pagar: { true: 'pagar_vencida', false: 'pagar_hoje' },
};

/**
 * GET /api/notificacoes: what the role may see, grouped (at most three queries, side by side,
 * whatever the amount of data).
 */
export async function listNotificacoes(
  db: Executor,
  role: Role,
  timeZone: string,
  regras: NotificacoesRegras,
): Promise<Notificacoes> {
  const hoje = todayISO(timeZone);
  const [parcelas, estoque, fiscais, emails, contratos, assinaturas] = await Promise.all([
    hasRole(role, regras.financeiro) ? vencimentos(db, hoje) : [],
    hasRole(role, regras.estoque) ? estoqueAbaixoDoMinimo(db) : null,
    notificacoesFiscaisHook.call(db, role, new Date()),
    notificacoesEmailsHook.call(db, role),
    notificacoesContratosHook.call(db, role),
    notificacoesAssinaturasHook.call(db, role),
  ]);

  const porTipo = new Map<TipoNotificacao, Notificacao>();
  for (const row of parcelas) {
    const tipo = TIPO_VENCIMENTO[row.natureza][row.vencida ? 'true' : 'false'];
    const quantidade = Number(row.quantidade);
    const valor = fromCentavos(toCentavos(Number(row.saldo)));
    porTipo.set(tipo, {
      tipo,
      titulo: tituloVencimento(tipo as TipoVencimento, quantidade),
      descricao: descricaoVencimento(valor, row.vencida ? row.mais_antiga : null),
      quantidade,
      valor,
      link: linkNotificacao(tipo, hoje),
    });
  }
  if (estoque && estoque.quantidade > 0) {
    porTipo.set('estoque_minimo', {
      tipo: 'estoque_minimo',
      titulo: tituloEstoqueMinimo(estoque.quantidade),
      descricao: descricaoEstoqueMinimo(estoque.nomes, estoque.quantidade),
      quantidade: estoque.quantidade,
      link: linkNotificacao('estoque_minimo', hoje),
    });
  }

  for (const notificacao of [...fiscais, ...emails, ...contratos, ...assinaturas]) {
    porTipo.set(notificacao.tipo, notificacao);
  }
  const itens = TIPOS_NOTIFICACAO.flatMap((tipo) => porTipo.get(tipo) ?? []);
  return { total: itens.reduce((soma, item) => soma + item.quantidade, 0), itens };
}
