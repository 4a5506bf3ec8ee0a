import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { addDaysISO, addMonthsISO, DEFAULT_TIME_ZONE, todayISO } from '@prumo/shared/dates';
import type { TituloInput } from '@prumo/shared/financeiro';
import type { FormaPagamento, VendaProdutoInput } from '@prumo/shared/vendas';
import type { Transaction } from '../db/database';
import { listCadastros } from '../modules/cadastros/cadastros.repository';
import { createMovimentacao } from '../modules/estoque/estoque.repository';
import { produtosPorNome } from '../modules/produtos/produtos.repository';
import { listUsuarios } from '../modules/usuarios/usuarios.repository';
import { createVenda } from '../modules/vendas/vendas.repository';
import {
  baixarParcela,
  createConta,
  criarTitulo,
  criarTransferencia,
  listCategorias,
  type FinanceiroContexto,
} from '../modules/financeiro/financeiro.repository';
import { contasFinanceiras, parcelas, titulos } from '../modules/financeiro/financeiro.table';

/*
 * A demo story across modules, so it lives with the seed, above them all: it sells through the
 * vendas module and books through the financeiro one, after every module's own demo data.
 * Six months of a small shop's money, so every report and every chart of the dashboard has a
 * shape: a bank and a savings account; wholesale sales spread over the months (made through the
 * real functions today, with the goods bought in first so the stock ends where it was, then
 * dated back by SQL with their receivables and settlements); the monthly bills, mostly paid,
 * a few open, one overdue; the rent for the coming months; customers owing overdue money.
 */

/** The demo's wholesale orders (to bakeries and markets): product, quantity. */
const PEDIDOS: ReadonlyArray<ReadonlyArray<[string, number]>> = [
  [
    ['Café Torrado e Moído 500g', 48],
    ['Açúcar Cristal 1kg', 120],
    ['Refrigerante Guaraná 2L', 60],
    ['Óleo de Soja 900ml', 72],
  ],
  [
    ['Arroz Branco Tipo 1 5kg', 40],
    ['Feijão Carioca 1kg', 100],
    ['Água Mineral sem Gás 500ml', 192],
    ['Creme Dental 90g', 48],
  ],
  [
    ['Sabão em Pó 1kg', 60],
    ['Papel Higiênico Folha Dupla 12 rolos', 48],
    ['Detergente Neutro 500ml', 120],
    ['Café Torrado e Moído 500g', 24],
  ],
];
const FORMAS: readonly FormaPagamento[] = ['pix', 'boleto', 'cartao_credito', 'dinheiro'];
/** Three orders a month (few, so seeding stays quick; each one goes through the real sale). */
const DIAS_DAS_VENDAS = [5, 14, 23];
/** Sale receivables already due that stay unpaid (for /cobrancas). */
const BOLETOS_EM_ATRASO = 2;

export async function seedDemoFinanceiro(tx: Transaction): Promise<void> {
  const { items: usuarios } = await listUsuarios(tx);
  const gerente = usuarios.find((u) => u.role === 'manager');
  const vendedor = usuarios.find((u) => u.role === 'user');
  const { items: clientes } = await listCadastros(tx, { tipo: 'cliente' });
  const { items: fornecedores } = await listCadastros(tx, { tipo: 'fornecedor' });
  const produtos = await produtosPorNome(tx, [...new Set(PEDIDOS.flat().map(([nome]) => nome))]);
  if (!gerente || !vendedor || clientes.length === 0 || produtos.length === 0) return;
  const timeZone = DEFAULT_TIME_ZONE;
  const contexto: FinanceiroContexto = { usuario: gerente, timeZone };
  const hoje = todayISO(timeZone);
  /** Day `dia` of the month `atras` months back (the month's last day when it has fewer). */
  const diaDoMes = (atras: number, dia: number) => {
    const primeiro = addMonthsISO(`${hoje.slice(0, 7)}-01`, -atras);
    const ultimo = addDaysISO(addMonthsISO(primeiro, 1), -1);
    const alvo = `${primeiro.slice(0, 8)}${String(dia).padStart(2, '0')}`;
    return alvo > ultimo ? ultimo : alvo;
  };
  /** "mm/aaaa" of the month `atras` months back. */
  const mesDe = (atras: number) => diaDoMes(atras, 1).slice(0, 7).split('-').reverse().join('/');
  const inicio = diaDoMes(6, 28);

  // ---- accounts: the cash drawer's float, the bank and the savings
  await tx
    .update(contasFinanceiras)
    .set({ saldoInicial: 300, dataSaldoInicial: inicio })
    .where(eq(contasFinanceiras.tipo, 'caixa'));
  const conta = (nome: string, tipo: 'corrente' | 'poupanca', numero: string, saldo: number) =>
    createConta(
      tx,
      {
        nome,
        tipo,
        banco: 'Banco do Brasil',
        agencia: '3421-7',
        conta: numero,
        saldo_inicial: saldo,
        data_saldo_inicial: inicio,
        ativo: true,
      },
      timeZone,
    );
  const corrente = (await conta('Conta Corrente', 'corrente', '18.775-2', 12_000)).id;
  const poupanca = (await conta('Poupança', 'poupanca', '18.775-2/51', 20_000)).id;
  const [caixa] = await tx
    .select({ id: contasFinanceiras.id })
    .from(contasFinanceiras)
    .where(eq(contasFinanceiras.tipo, 'caixa'))
    .orderBy(asc(contasFinanceiras.id))
    .limit(1);
  // The sales module's demo ran before these accounts existed: its PIX and debit card money
  // landed in the Caixa; it belongs in the bank.
  await tx.execute(sql`
    UPDATE baixas SET conta_id = ${corrente}
    FROM parcelas p JOIN titulos t ON t.id = p.titulo_id
    WHERE p.id = baixas.parcela_id AND t.forma_pagamento IN ('pix', 'cartao_debito')`);

  // ---- six months of wholesale sales, goods bought in first
  const plano: Array<{ dia: string; pedido: number; forma: FormaPagamento }> = [];
  for (let atras = 5; atras >= 0; atras--) {
    DIAS_DAS_VENDAS.forEach((d, i) => {
      const dia = diaDoMes(atras, d);
      if (dia > hoje) return;
      plano.push({
        dia,
        pedido: (atras + i) % PEDIDOS.length,
        forma: FORMAS[(atras + i) % FORMAS.length]!,
      });
    });
  }
  const produtoId = new Map(produtos.map((p) => [p.nome, p.id]));
  const compras = new Map<number, number>();
  for (const { pedido } of plano) {
    for (const [nome, quantidade] of PEDIDOS[pedido]!) {
      const id = produtoId.get(nome)!;
      compras.set(id, (compras.get(id) ?? 0) + quantidade);
    }
  }
  for (const [produto_id, quantidade] of compras) {
    await createMovimentacao(
      tx,
      {
        tipo: 'entrada',
        produto_id,
        produto: null,
        quantidade,
        data: inicio,
        motivo: 'Compra de mercadorias',
        observacoes: 'Reposição para os pedidos de atacado',
      },
      { usuarioId: gerente.id, timeZone },
    );
  }
  const datas: Array<[vendaId: number, dia: string]> = [];
  for (const [n, { dia, pedido, forma }] of plano.entries()) {
    const input: VendaProdutoInput = {
      tipo: 'produto',
      cliente_id: clientes[n % clientes.length]!.id,
      cliente_nome: null,
      forma_pagamento: forma,
      pagamentos: null,
      desconto: 0,
      frete: 0,
      observacoes: null,
      itens: PEDIDOS[pedido]!.map(([nome, quantidade]) => ({
        produto_id: produtoId.get(nome)!,
        quantidade,
        preco_unitario: null,
        desconto_item: 0,
      })),
      atendimento_rapido: true,
      inicio_atendimento: null,
      autorizacao: null,
    };
    const venda = await createVenda(tx, input, {
      ...contexto,
      usuario: vendedor,
      descontoLimite: 100,
    });
    datas.push([venda.id, dia]);
  }
  await datarVendas(tx, datas, hoje, timeZone);

  // ---- the bills of every month
  const categorias = new Map(
    (await listCategorias(tx)).map((c) => [`${c.tipo}:${c.nome}`, c.id] as const),
  );
  const despesa = (nome: string) => categorias.get(`despesa:${nome}`) ?? null;
  const receita = (nome: string) => categorias.get(`receita:${nome}`) ?? null;
  const fornecedor = fornecedores[0]?.id ?? null;
  const titulo = (
    input: Partial<TituloInput> & Pick<TituloInput, 'natureza' | 'descricao' | 'valor'>,
  ) =>
    criarTitulo(
      tx,
      {
        pessoa_id: null,
        categoria_id: null,
        centro_custo: null,
        documento: null,
        competencia: null,
        forma_pagamento: null,
        vencimento: null,
        parcelas: 1,
        recorrente_meses: null,
        observacoes: null,
        ...input,
      },
      contexto,
    );
  const energia = [312.45, 298.1, 287.66, 305.9, 331.27, 344.8];
  const simples = [398.12, 421.55, 389.9, 445.31, 467.02, 430.18];
  const rendimento = [0, 95.48, 98.59, 101.7, 104.81, 107.92];
  await titulo({
    natureza: 'pagar',
    descricao: 'Aluguel da loja',
    categoria_id: despesa('Aluguel'),
    valor: 1800,
    vencimento: diaDoMes(5, 5),
    recorrente_meses: 12,
  });
  for (let atras = 5; atras >= 0; atras--) {
    const mes = mesDe(atras);
    await titulo({
      natureza: 'pagar',
      descricao: `Folha de pagamento ${mes}`,
      categoria_id: despesa('Salários e encargos'),
      valor: 2450,
      vencimento: diaDoMes(atras, 5),
    });
    await titulo({
      natureza: 'pagar',
      descricao: `Energia elétrica ${mes}`,
      categoria_id: despesa('Energia elétrica'),
      documento: `CEMIG ${mes}`,
      valor: energia[atras]!,
      vencimento: diaDoMes(atras, 12),
    });
    await titulo({
      natureza: 'pagar',
      descricao: `Internet e telefone ${mes}`,
      categoria_id: despesa('Telefone e internet'),
      valor: 119.9,
      vencimento: diaDoMes(atras, 15),
    });
    await titulo({
      natureza: 'pagar',
      descricao: `DAS Simples Nacional ${mes}`,
      categoria_id: despesa('Impostos (Simples Nacional)'),
      valor: simples[atras]!,
      vencimento: diaDoMes(atras, 20),
    });
    if (atras > 0) {
      await titulo({
        natureza: 'receber',
        descricao: `Rendimento da poupança ${mes}`,
        categoria_id: receita('Receitas financeiras'),
        valor: rendimento[atras]!,
        vencimento: diaDoMes(atras, 28),
      });
    }
  }
  await titulo({
    natureza: 'pagar',
    descricao: 'Compra de mercadorias – NF 4471',
    pessoa_id: fornecedor,
    categoria_id: despesa('Compra de mercadorias'),
    documento: 'NF 4471',
    competencia: diaDoMes(3, 10),
    valor: 4800,
    vencimento: diaDoMes(2, 10),
    parcelas: 3,
  });
  await titulo({
    natureza: 'pagar',
    descricao: 'Panfletos e carro de som',
    categoria_id: despesa('Marketing e publicidade'),
    valor: 350,
    vencimento: diaDoMes(3, 18),
  });
  // Customers who owe: an event rental long overdue, a delivery in two installments.
  await titulo({
    natureza: 'receber',
    descricao: 'Locação do salão para evento',
    pessoa_id: clientes[1 % clientes.length]!.id,
    categoria_id: receita('Outras receitas'),
    valor: 450,
    vencimento: addDaysISO(hoje, -25),
  });
  await titulo({
    natureza: 'receber',
    descricao: 'Fornecimento para a festa junina',
    pessoa_id: clientes[2 % clientes.length]!.id,
    categoria_id: receita('Outras receitas'),
    valor: 1280,
    vencimento: addDaysISO(hoje, -12),
    parcelas: 2,
  });

  // ---- what was paid: everything due before today, on its day, but last month's internet
  // bill, the overdue customers above and the last boletos of the sales
  const internetEmAtraso = `Internet e telefone ${mesDe(1)}`;
  const vencidas = await tx
    .select({
      id: parcelas.id,
      vencimento: parcelas.vencimento,
      saldo: sql<number>`${parcelas.valor} - ${parcelas.valorPago}`,
      natureza: titulos.natureza,
      descricao: titulos.descricao,
      forma: titulos.formaPagamento,
      venda: titulos.vendaId,
      pessoa: titulos.pessoaId,
    })
    .from(parcelas)
    .innerJoin(titulos, eq(titulos.id, parcelas.tituloId))
    .where(and(inArray(parcelas.status, ['aberto', 'parcial']), lt(parcelas.vencimento, hoje)))
    .orderBy(asc(parcelas.vencimento), asc(parcelas.id));
  const boletos = vencidas.filter((p) => p.forma === 'boleto').slice(-BOLETOS_EM_ATRASO);
  for (const p of vencidas) {
    const deCliente = p.natureza === 'receber' && p.venda === null && p.pessoa !== null;
    if (deCliente || boletos.includes(p) || p.descricao === internetEmAtraso) continue;
    const poupado = p.descricao.startsWith('Rendimento');
    await baixarParcela(
      tx,
      p.id,
      {
        data: p.vencimento,
        conta_id: poupado ? poupanca : corrente,
        valor: Number(p.saldo),
        juros: 0,
        multa: 0,
        desconto: 0,
        observacao: null,
      },
      contexto,
    );
  }

  // ---- the cash drawer's takings go to the bank every month; some savings
  for (let atras = 5; atras >= 1; atras--) {
    await criarTransferencia(
      tx,
      {
        origem_id: caixa!.id,
        destino_id: corrente,
        data: diaDoMes(atras, 28),
        valor: 1200,
        descricao: 'Depósito do caixa',
      },
      contexto,
    );
  }
  await criarTransferencia(
    tx,
    {
      origem_id: corrente,
      destino_id: poupanca,
      data: diaDoMes(3, 6),
      valor: 3000,
      descricao: 'Reserva de emergência',
    },
    contexto,
  );
}

/**
 * Dates the demo sales back to their days: the sale, its stock movements, its receivables
 * (due the same number of days after the sale) and its automatic settlements.
 */
async function datarVendas(
  tx: Transaction,
  datas: ReadonlyArray<[number, string]>,
  hoje: string,
  timeZone: string,
) {
  if (datas.length === 0) return;
  const valores = sql.join(
    datas.map(([id, dia]) => sql`(${id}::int, ${dia}::date)`),
    sql`, `,
  );
  const d = sql`(VALUES ${valores}) AS d(venda_id, dia)`;
  const instante = sql`((d.dia + time '10:30') AT TIME ZONE ${timeZone})`;
  await tx.execute(sql`UPDATE vendas SET data_venda = ${instante}, finalizada_em = ${instante},
    created_at = ${instante}, updated_at = ${instante} FROM ${d} WHERE vendas.id = d.venda_id`);
  await tx.execute(sql`UPDATE venda_historico SET created_at = ${instante} FROM ${d}
    WHERE venda_historico.venda_id = d.venda_id`);
  await tx.execute(sql`UPDATE estoque_movimentacoes SET data = d.dia FROM ${d}
    WHERE estoque_movimentacoes.venda_id = d.venda_id`);
  await tx.execute(sql`UPDATE titulos SET competencia = d.dia, created_at = ${instante} FROM ${d}
    WHERE titulos.venda_id = d.venda_id`);
  await tx.execute(sql`UPDATE parcelas SET vencimento = d.dia + (parcelas.vencimento - ${hoje}::date)
    FROM titulos, ${d} WHERE parcelas.titulo_id = titulos.id AND titulos.venda_id = d.venda_id`);
  await tx.execute(sql`UPDATE baixas SET data = d.dia, created_at = ${instante}
    FROM parcelas, titulos, ${d}
    WHERE baixas.parcela_id = parcelas.id AND parcelas.titulo_id = titulos.id
      AND titulos.venda_id = d.venda_id`);
}
