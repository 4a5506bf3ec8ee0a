import { addDaysISO, DEFAULT_TIME_ZONE, todayISO } from '@prumo/shared/dates';
import {
  dividirEmParcelas,
  orcamentoInputSchema,
  type OrcamentoInputValues,
  type StatusOrcamento,
} from '@prumo/shared/orcamentos';
import type { Transaction } from '../../db/database';
import { listCadastros } from '../cadastros/cadastros.repository';
import { produtosParaVenda, produtosPorNome } from '../produtos/produtos.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import {
  alterarStatusOrcamento,
  createOrcamento,
  type OrcamentoContexto,
} from './orcamentos.repository';

/**
 * A salesperson's desk: a mixed quote sent in three installments, a draft for a prospect, one
 * approved and ready to convert, one rejected and one sent 40 days ago that has expired, made
 * through the same functions as the API.
 */
export async function seedDemoOrcamentos(tx: Transaction): Promise<void> {
  const usuario = (await listUsuarios(tx)).items.find((candidate) => candidate.role === 'user');
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  const { items: funcionarios } = await listCadastros(tx, { tipo: 'funcionario' });
  const servicos = await servicosParaOrdem(tx, [1, 2, 3]);
  const [cafe, arroz] = await produtosPorNome(tx, [
    'Café Torrado e Moído 500g',
    'Arroz Branco Tipo 1 5kg',
  ]);
  if (!usuario || clientes.length < 2 || servicos.length < 2 || !cafe || !arroz) return;
  const contexto: OrcamentoContexto = {
    usuario,
    timeZone: DEFAULT_TIME_ZONE,
    descontoLimite: 100,
  };
  const hoje = todayISO(DEFAULT_TIME_ZONE);
  const vendedor = funcionarios[0]?.id ?? null;

  const criar = async (dados: OrcamentoInputValues, passos: StatusOrcamento[] = []) => {
    const orcamento = await createOrcamento(
      tx,
      orcamentoInputSchema.parse({ vendedor_id: vendedor, ...dados }),
      contexto,
    );
    for (const status of passos) {
      await alterarStatusOrcamento(
        tx,
        orcamento.id,
        { status: status as 'pendente', observacao: null },
        contexto,
      );
    }
    return orcamento;
  };

  // 10 × café + 5 × arroz + the first service + 25,00 freight, in 3 monthly installments.
  const precos = new Map(
    (await produtosParaVenda(tx, [cafe.id, arroz.id])).map((p) => [p.id, p.preco]),
  );
  const mistoTotal =
    10 * precos.get(cafe.id)! + 5 * precos.get(arroz.id)! + servicos[0]!.preco + 25;
  await criar(
    {
      cliente_id: clientes[0]!.id,
      aos_cuidados: 'Setor de compras',
      prazo_entrega: '5 dias úteis',
      produtos: [
        { produto_id: cafe.id, quantidade: 10 },
        { produto_id: arroz.id, quantidade: 5 },
      ],
      servicos: [{ servico_id: servicos[0]!.id }],
      frete: 25,
      forma_pagamento: 'boleto',
      condicao_pagamento: 'parcelado',
      parcelas: dividirEmParcelas(Math.round(mistoTotal * 100) / 100, 3, addDaysISO(hoje, 30)),
      observacoes: 'Entrega no endereço cadastrado, em horário comercial.',
      observacoes_internas: 'Cliente pediu para reavaliar o frete se fechar o pedido nesta semana.',
    },
    ['pendente'],
  );
  await criar({
    cliente_nome: 'Restaurante Bom Sabor',
    produtos: [
      { produto_id: arroz.id, quantidade: 20, desconto: 10 },
      { nome: 'Embalagem para presente', quantidade: 1, valor: 12.5 },
    ],
    canal_venda: 'telefone',
  });
  await criar(
    {
      cliente_id: clientes[1]!.id,
      servicos: [{ servico_id: servicos[1]!.id, quantidade: 2 }],
      forma_pagamento: 'pix',
      condicao_pagamento: 'a-vista',
    },
    ['pendente', 'aprovado'],
  );
  await criar(
    {
      cliente_id: clientes[1]!.id,
      produtos: [{ produto_id: cafe.id, quantidade: 30 }],
      condicao_pagamento: 'a-vista',
    },
    ['pendente', 'rejeitado'],
  );
  await criar(
    {
      cliente_id: clientes[0]!.id,
      data: addDaysISO(hoje, -40),
      servicos: [{ servico_id: servicos[0]!.id }],
    },
    ['pendente'],
  );
}
