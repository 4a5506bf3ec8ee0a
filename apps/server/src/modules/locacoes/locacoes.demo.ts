import { ADMIN_MANAGER } from '@prumo/shared/auth';
import { itemLocavelInputSchema, locacaoInputSchema } from '@prumo/shared/contratos';
import { addDaysISO, DEFAULT_TIME_ZONE, todayISO } from '@prumo/shared/dates';
import { produtoCreateSchema } from '@prumo/shared/produtos';
import type { Transaction } from '../../db/database';
import { listCadastros } from '../cadastros/cadastros.repository';
import { createProduto } from '../produtos/produtos.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import {
  alterarSituacao,
  createItemLocavel,
  createLocacao,
  type LocacaoContexto,
} from './locacoes.repository';

/** Two machines for rent, with their stock and units. */
const MAQUINAS = [
  {
    produto: { nome: 'Betoneira 400 L', custo: 2800, preco: 4500, unidade_medida: 'UN' },
    unidades: ['PAT-0101', 'PAT-0102'],
    precos: { preco_diaria: 60, preco_semanal: 300, preco_mensal: 900 },
  },
  {
    produto: {
      nome: 'Andaime tubular 1,5 m (módulo)',
      custo: 350,
      preco: 600,
      unidade_medida: 'UN',
    },
    unidades: Array.from({ length: 10 }, () => null),
    precos: { preco_diaria: 8, preco_semanal: 40, preco_mensal: 120 },
  },
] as const;

/**
 * The rental desk: a concrete mixer and scaffolding for rent, a booking for next week and a
 * mixer taken out ten days ago for a week, now late (the Atrasadas filter), made through the
 * same functions as the API.
 */
export async function seedDemoLocacoes(tx: Transaction): Promise<void> {
  const gerente = (await listUsuarios(tx)).items.find((u) => ADMIN_MANAGER.includes(u.role));
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  if (!gerente || clientes.length < 2) return;
  const itens: number[] = [];
  for (const maquina of MAQUINAS) {
    const produto = await createProduto(
      tx,
      produtoCreateSchema.parse({ ...maquina.produto, estoque: maquina.unidades.length }),
    );
    itens.push(
      await createItemLocavel(
        tx,
        itemLocavelInputSchema.parse({
          produto_id: produto.id,
          ...maquina.precos,
          unidades: maquina.unidades.map((identificacao) => ({ identificacao })),
        }),
      ),
    );
  }
  const contexto: LocacaoContexto = { usuario: gerente, timeZone: DEFAULT_TIME_ZONE };
  const hoje = todayISO(DEFAULT_TIME_ZONE);
  await createLocacao(
    tx,
    locacaoInputSchema.parse({
      cliente_id: clientes[0]!.id,
      retirada: addDaysISO(hoje, 3),
      devolucao_prevista: addDaysISO(hoje, 17),
      forma_pagamento: 'pix',
      itens: [{ item_id: itens[1], quantidade: 6 }],
    }),
    contexto,
  );
  const atrasada = await createLocacao(
    tx,
    locacaoInputSchema.parse({
      cliente_id: clientes[1]!.id,
      retirada: addDaysISO(hoje, -10),
      devolucao_prevista: addDaysISO(hoje, -3),
      forma_pagamento: 'dinheiro',
      caucao: 500,
      itens: [{ item_id: itens[0] }],
    }),
    contexto,
  );
  await alterarSituacao(
    tx,
    atrasada,
    { situacao: 'Retirada', data: addDaysISO(hoje, -10) },
    contexto,
  );
}
