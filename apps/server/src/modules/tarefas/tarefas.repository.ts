import { eq, sql } from 'drizzle-orm';
import { localParts } from '@prumo/shared/dates';
import type { Database, Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import { tarefasAgendadas } from './tarefas.table';

/*
 * Scheduled jobs that several app instances share (ARCHITECTURE.md, "Jobs and exports"): a job
 * runs when its next run is due and its lease is free; taking the lease is one UPDATE, so two
 * instances never run it at once. A run that dies leaves the lease to expire; the job itself
 * catches up on what it missed (the database's unique keys are the last guard).
 */

export interface Tarefa {
  nome: string;
  /** What the job does; answers what it did, in a line for the screens. */
  executar(agora: Date): Promise<string>;
  /** When it runs next after a run at `agora` (the next day's start in the company's zone…). */
  proxima(agora: Date): Date;
}

export interface EstadoDaTarefa {
  executadaEm: Date | null;
  resultado: string | null;
  erro: string | null;
  proximaEm: Date | null;
}

/** The instant a day's clock shows hh:mm in a time zone (two passes settle a DST change). */
export function instanteLocal(dia: string, hora: string, timeZone: string): Date {
  let instante = Date.parse(`${dia}T${hora}:00Z`);
  for (let passo = 0; passo < 2; passo++) {
    const p = localParts(new Date(instante), timeZone);
    const relogio = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
    instante -= relogio - Date.parse(`${dia}T${hora}:00Z`);
  }
  return new Date(instante);
}

/** A run that fails is tried again this much later. */
const ESPERA_APOS_ERRO_MS = 15 * 60_000;

/** Takes the job's lease when it is due (or forced) and free; answers whether it did. */
async function tomar(db: Executor, nome: string, agora: Date, leaseMs: number, forcar: boolean) {
  const ate = new Date(agora.getTime() + leaseMs);
  await db.insert(tarefasAgendadas).values({ nome }).onConflictDoNothing();
  const tomadas = await db
    .update(tarefasAgendadas)
    .set({ travadaAte: ate })
    .where(
      sql`${tarefasAgendadas.nome} = ${nome}
        AND (${tarefasAgendadas.travadaAte} IS NULL OR ${tarefasAgendadas.travadaAte} < ${agora.toISOString()}::timestamptz)
        AND (${forcar} OR ${tarefasAgendadas.proximaEm} IS NULL OR ${tarefasAgendadas.proximaEm} <= ${agora.toISOString()}::timestamptz)`,
    )
    .returning({ nome: tarefasAgendadas.nome });
  return tomadas.length > 0;
}

export async function estadoDaTarefa(db: Executor, nome: string): Promise<EstadoDaTarefa | null> {
  const [row] = await selectRows<{
    executada_em: Date | string | null;
    resultado: string | null;
    erro: string | null;
    proxima_em: Date | string | null;
  }>(
    db,
    sql`SELECT executada_em, resultado, erro, proxima_em FROM tarefas_agendadas WHERE nome = ${nome}`,
  );
  const data = (valor: Date | string | null) => (valor === null ? null : new Date(valor));
  return row
    ? {
        executadaEm: data(row.executada_em),
        resultado: row.resultado,
        erro: row.erro,
        proximaEm: data(row.proxima_em),
      }
    : null;
}

/**
 * Runs a job if it is due and no other instance runs it (`forcar`: due or not), recording what
 * it did or its error and its next run. Answers the run's line, or null when it did not run.
 */
export async function executarTarefa(
  db: Database,
  tarefa: Tarefa,
  opcoes: { agora?: Date; leaseMs?: number; forcar?: boolean } = {},
): Promise<string | null> {
  const agora = opcoes.agora ?? new Date();
  if (!(await tomar(db, tarefa.nome, agora, opcoes.leaseMs ?? 30 * 60_000, opcoes.forcar ?? false)))
    return null;
  try {
    const resultado = await tarefa.executar(agora);
    await db
      .update(tarefasAgendadas)
      .set({
        travadaAte: null,
        executadaEm: new Date(),
        resultado: resultado.slice(0, 500),
        erro: null,
        proximaEm: tarefa.proxima(agora),
      })
      .where(eq(tarefasAgendadas.nome, tarefa.nome));
    return resultado;
  } catch (erro) {
    await db
      .update(tarefasAgendadas)
      .set({
        travadaAte: null,
        executadaEm: new Date(),
        erro: (erro instanceof Error ? erro.message : String(erro)).slice(0, 1000),
        proximaEm: new Date(Date.now() + ESPERA_APOS_ERRO_MS),
      })
      .where(eq(tarefasAgendadas.nome, tarefa.nome));
    throw erro;
  }
}

/** The jobs whose last run failed (the bell shows them). */
export async function tarefasComErro(db: Executor): Promise<Array<{ nome: string; erro: string }>> {
  const rows = await db
    .select({ nome: tarefasAgendadas.nome, erro: tarefasAgendadas.erro })
    .from(tarefasAgendadas)
    .where(sql`${tarefasAgendadas.erro} IS NOT NULL`);
  return rows.map((r) => ({ nome: r.nome, erro: r.erro! }));
}

/** Looks every `intervaloMs` for due jobs of this process (0: never; tests run them by hand). */
export class Agendador {
  private timer?: NodeJS.Timeout;
  private primeira?: NodeJS.Timeout;
  private rodando?: Promise<unknown>;

  constructor(
    private readonly db: Database,
    private readonly tarefas: Tarefa[],
    private readonly intervaloMs: number,
    private readonly log: (mensagem: string, erro: unknown) => void,
  ) {}

  iniciar(): void {
    if (this.intervaloMs <= 0) return;
    const passar = () => {
      this.rodando ??= Promise.allSettled(
        this.tarefas.map((t) =>
          executarTarefa(this.db, t).catch((erro) => this.log(`Tarefa ${t.nome}`, erro)),
        ),
      ).finally(() => {
        this.rodando = undefined;
      });
    };
    // First look soon after start: a server that was off catches up at once.
    this.primeira = setTimeout(passar, Math.min(this.intervaloMs, 5_000));
    this.primeira.unref();
    this.timer = setInterval(passar, this.intervaloMs);
    this.timer.unref();
  }

  async parar(): Promise<void> {
    clearTimeout(this.primeira);
    clearInterval(this.timer);
    await this.rodando;
  }
}
