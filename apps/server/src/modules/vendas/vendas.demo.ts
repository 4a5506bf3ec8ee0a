import type { Role } from '@prumo/shared/auth';
import type { VendaProdutoInput } from '@prumo/shared/vendas';
import { DEFAULT_TIME_ZONE, todayISO } from '@prumo/shared/dates';
import { sumMoney } from '@prumo/shared/money';
import type { Transaction } from '../../db/database';
import { listCadastros } from '../cadastros/cadastros.repository';
import { abrirCaixa, fecharCaixa } from '../caixas/caixas.repository';
import { produtosPorNome } from '../produtos/produtos.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import { listUsuarios } from '../usuarios/usuarios.repository';
import { createAgendamento } from './agendamentos.repository';
import {
  alterarStatusVenda,
  createVenda,
  getVendaNaTransacao,
  type VendaContexto,
} from './vendas.repository';

type Linha = [produto: string, quantidade: number, desconto?: number];

/**
 * A pending, a finalized and a cancelled product sale, the seller's closed caixa with two
 * counter sales and the next days' appointments, all through the same functions the API uses (so the stock ledger follows).
 * Sale 1 stays Pendente: the bad-input fuzz edits it.
 */
export async function seedDemoVendas(tx: Transaction): Promise<void> {
  const { items: usuarios } = await listUsuarios(tx);
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  const produtos = await produtosPorNome(tx, [
    'Café Torrado e Moído 500g',
    'Óleo de Soja 900ml',
    'Refrigerante Guaraná 2L',
    'Detergente Neutro 500ml',
    'Água Mineral sem Gás 500ml',
    'Feijão Carioca 1kg',
  ]);
  const produtoId = (nome: string) => produtos.find((produto) => produto.nome === nome)?.id;
  const clienteId = (nome: string) => clientes.find((cliente) => cliente.nome === nome)?.id;
  const contextoDe = (role: Role): VendaContexto | undefined => {
    const usuario = usuarios.find((candidate) => candidate.role === role);
    return usuario && { usuario, timeZone: DEFAULT_TIME_ZONE, descontoLimite: 100 };
  };
  const vendedor = contextoDe('user');
  const gerente = contextoDe('manager');
  if (!vendedor || !gerente) return;

  const venda = (
    tipo: VendaProdutoInput['tipo'],
    linhas: Linha[],
    extra: Partial<VendaProdutoInput>,
  ): VendaProdutoInput | undefined => {
    const itens = linhas.map(([nome, quantidade, desconto = 0]) => ({
      produto_id: produtoId(nome)!,
      quantidade,
      preco_unitario: null,
      desconto_item: desconto,
    }));
    if (itens.some((item) => item.produto_id === undefined)) return undefined;
    return {
      tipo,
      cliente_id: null,
      cliente_nome: null,
      forma_pagamento: null,
      pagamentos: null,
      desconto: 0,
      frete: 0,
      observacoes: null,
      itens,
      atendimento_rapido: false,
      inicio_atendimento: null,
      autorizacao: null,
      ...extra,
    };
  };

  const vendasDeProdutos: Array<
    [VendaProdutoInput | undefined, 'Pendente' | 'Finalizada' | 'Cancelada']
  > = [
    [
      venda(
        'produto',
        [
          ['Café Torrado e Moído 500g', 2],
          ['Óleo de Soja 900ml', 1],
        ],
        {
          cliente_id: clienteId('Maria Aparecida da Silva') ?? null,
          forma_pagamento: 'boleto',
          desconto: 2,
          observacoes: 'Entregar na sexta-feira pela manhã.',
        },
      ),
      'Pendente',
    ],
    [
      venda(
        'produto',
        [
          ['Refrigerante Guaraná 2L', 6, 1.5],
          ['Detergente Neutro 500ml', 4],
        ],
        {
          cliente_id: clienteId('Padaria Pão Quente Ltda') ?? null,
          forma_pagamento: 'pix',
        },
      ),
      'Finalizada',
    ],
    [
      venda('produto', [['Feijão Carioca 1kg', 3]], {
        cliente_id: clienteId('Supermercado Bom Preço Ltda') ?? null,
        forma_pagamento: 'cartao_credito',
      }),
      'Cancelada',
    ],
  ];
  for (const [input, status] of vendasDeProdutos) {
    if (!input || input.cliente_id === null) continue;
    const criada = await createVenda(tx, input, vendedor);
    if (status !== 'Pendente') {
      await alterarStatusVenda(tx, criada.id, { status: 'Finalizada', motivo: null }, vendedor);
    }
    if (status === 'Cancelada') {
      await alterarStatusVenda(
        tx,
        criada.id,
        { status: 'Cancelada', motivo: 'Cliente desistiu da compra' },
        gerente,
      );
    }
  }

  // Yesterday's shift of the seller: opened, two quick sales, a sangria-free closing.
  const caixa = await abrirCaixa(tx, vendedor.usuario.id, {
    valor_inicial: 100,
    observacoes: null,
  });
  const balcao = [
    venda(
      'balcao',
      [
        ['Água Mineral sem Gás 500ml', 2],
        ['Refrigerante Guaraná 2L', 1],
      ],
      {
        atendimento_rapido: true,
        pagamentos: [{ forma: 'dinheiro', valor: 20 }],
      },
    ),
    venda('balcao', [['Detergente Neutro 500ml', 3]], {
      atendimento_rapido: true,
      forma_pagamento: 'cartao_debito',
      cliente_nome: 'Carlos',
    }),
  ];
  const recebido = { dinheiro: 100, cartao_debito: 0 };
  for (const input of balcao) {
    if (!input) continue;
    const feita = await getVendaNaTransacao(tx, (await createVenda(tx, input, vendedor)).id);
    for (const pagamento of feita.pagamentos) {
      if (pagamento.forma === 'dinheiro') {
        recebido.dinheiro = sumMoney(recebido.dinheiro, pagamento.valor, -feita.troco);
      }
      if (pagamento.forma === 'cartao_debito') {
        recebido.cartao_debito = sumMoney(recebido.cartao_debito, pagamento.valor);
      }
    }
  }
  await fecharCaixa(
    tx,
    caixa.id,
    { contado: recebido, observacoes: 'Fechamento sem diferenças.' },
    vendedor.usuario,
  );

  await seedDemoAgendamentos(tx, vendedor, clientes);
}

/** The next days' appointments of the first employees, for the Serviços tab and the agenda. */
async function seedDemoAgendamentos(
  tx: Transaction,
  contexto: VendaContexto,
  clientes: ReadonlyArray<{ id: number }>,
) {
  const { items: profissionais } = await listCadastros(tx, { tipo: 'funcionario' });
  const servicos = await servicosParaOrdem(tx, [1, 2, 3]);
  if (profissionais.length === 0 || servicos.length === 0 || clientes.length < 2) return;
  const diaDaqui = (dias: number) => {
    const dia = new Date(`${todayISO(DEFAULT_TIME_ZONE)}T12:00:00Z`);
    dia.setUTCDate(dia.getUTCDate() + dias);
    return dia.toISOString().slice(0, 10);
  };
  const agenda: Array<
    [dias: number, hora: string, profissional: number, servico: number, cliente: number]
  > = [
    [1, '09:00', 0, 0, 0],
    [1, '10:30', 0, 1, 1],
    [1, '09:00', 1, 2, 1],
    [2, '14:00', 0, 0, 1],
    [3, '16:00', 1, 1, 0],
  ];
  for (const [dias, hora, profissional, servico, cliente] of agenda) {
    await createAgendamento(
      tx,
      {
        tipo: 'servico',
        cliente_id: clientes[cliente]!.id,
        servico_id: servicos[servico % servicos.length]!.id,
        data_agendamento: diaDaqui(dias),
        hora_inicio: hora,
        duracao_estimada: null,
        profissional_id: profissionais[profissional % profissionais.length]!.id,
        observacoes: null,
        status: 'Agendado',
        forma_pagamento: null,
        desconto: 0,
      },
      contexto,
    );
  }
}
