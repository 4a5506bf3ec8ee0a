import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The app's scheduled jobs (contract billing…): one row each, its lease (several app instances
 * run a job once: the one that takes the lease), its next run and what the last run did.
 */
export const tarefasAgendadas = pgTable('tarefas_agendadas', {
  nome: varchar({ length: 60 }).primaryKey(),
  travadaAte: timestamp({ withTimezone: true }),
  proximaEm: timestamp({ withTimezone: true }),
  executadaEm: timestamp({ withTimezone: true }),
  resultado: varchar({ length: 500 }),
  erro: varchar({ length: 1000 }),
});
