import { addDaysISO, DEFAULT_TIME_ZONE, todayISO } from '@prumo/shared/dates';
import { assinaturaInputSchema, planoInputSchema } from '@prumo/shared/contratos';
import type { Transaction } from '../../db/database';
import { listCadastros } from '../cadastros/cadastros.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import {
  cancelarAssinatura,
  createAssinatura,
  createPlano,
  type AssinaturaContexto,
} from './assinaturas.repository';

/**
 * Three plans (monthly with a trial, monthly, yearly) and a few subscriptions: active ones, one
 * in its trial, one whose bill is 12 days overdue (Inadimplente once the renewal runs) and one
 * cancelled at once, made through the same functions as the API (what was due is billed, so
 * their receivables are in Financeiro).
 */
export async function seedDemoAssinaturas(tx: Transaction): Promise<void> {
  const admin = (await listUsuarios(tx)).items.find((u) => u.role === 'admin');
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  if (!admin || clientes.length < 3) return;
  const contexto = {
    usuario: { id: admin.id, nome: admin.nome, role: admin.role },
    timeZone: DEFAULT_TIME_ZONE,
  } satisfies AssinaturaContexto;
  const hoje = todayISO(DEFAULT_TIME_ZONE);

  const plano = (dados: Record<string, unknown>) => createPlano(tx, planoInputSchema.parse(dados));
  const essencial = await plano({
    nome: 'Essencial',
    descricao: 'Suporte por e-mail e uma visita técnica por mês',
    preco: 89.9,
    ciclo: 'mensal',
    dias_teste: 14,
  });
  const profissional = await plano({
    nome: 'Profissional',
    descricao: 'Suporte prioritário e visitas ilimitadas',
    preco: 189.9,
    ciclo: 'mensal',
  });
  const anual = await plano({
    nome: 'Profissional Anual',
    descricao: 'O Profissional pago por ano, com dois meses de desconto',
    preco: 1899,
    ciclo: 'anual',
  });

  const assinar = (clienteId: number, planoId: number, inicio: string, diasVencimento = 5) =>
    createAssinatura(
      tx,
      assinaturaInputSchema.parse({
        cliente_id: clienteId,
        plano_id: planoId,
        inicio,
        forma_pagamento: 'pix',
        dias_vencimento: diasVencimento,
      }),
      contexto,
      hoje,
    );
  // Billed 10 days ago, due 5 days ago: still within the grace.
  await assinar(clientes[0]!.id, profissional.id, addDaysISO(hoje, -10));
  await assinar(clientes[1]!.id, essencial.id, addDaysISO(hoje, -3));
  await assinar(clientes[2]!.id, anual.id, addDaysISO(hoje, -2));
  // Due 12 days ago and unpaid: Inadimplente on the first renewal run.
  await assinar(clientes[2]!.id, essencial.id, addDaysISO(hoje, -26), 0);
  const cancelada = await assinar(clientes[1]!.id, profissional.id, addDaysISO(hoje, -40));
  await cancelarAssinatura(
    tx,
    cancelada,
    { quando: 'agora', motivo: 'Trocou pelo plano Essencial' },
    contexto,
    hoje,
  );
}
