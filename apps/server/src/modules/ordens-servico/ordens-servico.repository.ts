import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { todayISO } from '@prumo/shared/dates';
import {
  calcularTotaisOS,
  formatNumeroOs,
  OS_ANEXOS_MAX,
  OS_MESSAGES,
  OS_TRANSICOES,
  PRAZO_OS_VALUES,
  PRIORIDADE_OS_VALUES,
  SITUACAO_OS_VALUES,
  SITUACOES_OS_ABERTAS,
  transicaoOsInvalidaMessage,
  type OrdemServico,
  type OrdemServicoInput,
  type OrdemServicoListQuery,
  type OrdemServicoSort,
  type OrdemServicoResumo,
  type OrdemServicoStatusInput,
  type PainelOS,
} from '@prumo/shared/ordens-servico';
import {
  produtoInativoMessage,
  unidadeFracionada,
  quantidadeInteiraMessage,
} from '@prumo/shared/vendas';
import type { Executor, Transaction } from '../../db/database';
import { documentoComStatus } from '../../db/documento';
import { colunasDoEndereco } from '../../db/documento-tabelas';
import { buscaDoDocumento, listaDe, listaPaginada } from '../../db/lista';
import { containsSearch, inicioDoDia, juncao, type SortColumns } from '../../db/sql-helpers';
import { hook } from '../server-module';
import { AppError, badRequest } from '../../http/errors';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { findCadastroResumo, nomesDeCadastros } from '../cadastros/cadastros.repository';
import { registrarSaidasDoDocumento } from '../estoque/estoque.repository';
import { lancarRecebivelDaOrdem } from '../financeiro/recebiveis.repository';
import { produtosParaVenda } from '../produtos/produtos.repository';
import { servicosParaOrdem } from '../servicos/servicos.repository';
import { nomesDeUsuarios } from '../usuarios/usuarios.repository';
import { anexosDoDocumento } from '../arquivos/arquivos.repository';
import type { UploadedFile } from '../../http/multipart';
import {
  ordemServicoHistorico,
  ordemServicoProdutos,
  ordemServicoServicos,
  ordensServico,
  tabelasDaOrdem,
} from './ordens-servico.table';

/*
 * Service orders. Totals are computed from the lines in centavos (the shared calcularTotaisOS);
 * every change of situação locks the order's row and is checked against the one transition
 * table (OS_TRANSICOES); concluding takes the parts out of stock through the ledger, all or
 * nothing, and a concluded order is never cancelled, so the parts leave exactly once.
 */

export interface OrdemContexto {
  usuario: Pick<AuthenticatedUser, 'id' | 'nome' | 'role'>;
  timeZone: string;
}

/** Photos of the equipment, the signed budget... (5 MB each). */
const anexos = anexosDoDocumento({
  ...tabelasDaOrdem.vinculoDosAnexos,
  maximo: OS_ANEXOS_MAX,
  mensagens: { demais: OS_MESSAGES.anexosDemais, naoEncontrado: OS_MESSAGES.anexoNaoEncontrado },
});

/** Lock, the transition table (OS_TRANSICOES), history. */
const documento = documentoComStatus({
  tabela: ordensServico,
  status: 'situacao',
  naoEncontrado: OS_MESSAGES.naoEncontrada,
  transicoes: OS_TRANSICOES,
  transicaoInvalida: transicaoOsInvalidaMessage,
  historico: { tabela: ordemServicoHistorico, linha: tabelasDaOrdem.linhaDoHistorico },
});

/** Today and tomorrow in the company's calendar. */
function hojeEAmanha(timeZone: string) {
  const hoje = todayISO(timeZone);
  const amanha = new Date(`${hoje}T12:00:00Z`);
  amanha.setUTCDate(amanha.getUTCDate() + 1);
  return { hoje, amanha: amanha.toISOString().slice(0, 10) };
}

function selectResumo(db: Executor) {
  const cliente = nomesDeCadastros(db, 'cliente');
  const tecnico = nomesDeCadastros(db, 'tecnico');
  return db
    .select({
      id: ordensServico.id,
      numero: ordensServico.numero,
      cliente_id: ordensServico.clienteId,
      cliente_nome: cliente.nome,
      equipamento: ordensServico.equipamento,
      tecnico_id: ordensServico.tecnicoId,
      tecnico_nome: tecnico.nome,
      prioridade: ordensServico.prioridade,
      situacao: ordensServico.situacao,
      prazo: ordensServico.prazo,
      dataEntrada: ordensServico.dataEntrada,
      valor_total: ordensServico.valorTotal,
    })
    .from(ordensServico)
    .leftJoin(cliente, eq(cliente.id, ordensServico.clienteId))
    .leftJoin(tecnico, eq(tecnico.id, ordensServico.tecnicoId));
}

type ResumoRow = Awaited<ReturnType<typeof selectResumo>>[number];
const toResumo = ({ dataEntrada, ...row }: ResumoRow): OrdemServicoResumo => ({
  ...row,
  data_entrada: dataEntrada.toISOString(),
});

const abertas = () => inArray(ordensServico.situacao, [...SITUACOES_OS_ABERTAS]);

/** The condition of a deadline bucket among open orders. */
function condicaoDoPrazo(bucket: string, timeZone: string): SQL {
  const { hoje, amanha } = hojeEAmanha(timeZone);
  const prazo = ordensServico.prazo;
  const condicoes: Record<string, SQL> = {
    vencidas: sql`${prazo} < ${hoje}`,
    hoje: sql`${prazo} = ${hoje}`,
    amanha: sql`${prazo} = ${amanha}`,
    futuras: sql`${prazo} > ${amanha}`,
    'sem-prazo': sql`${prazo} IS NULL`,
  };
  return and(abertas(), condicoes[bucket])!;
}

function listConditions(
  db: Executor,
  query: OrdemServicoListQuery,
  timeZone: string,
): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    query.situacao === 'abertas'
      ? abertas()
      : query.situacao
        ? eq(ordensServico.situacao, query.situacao)
        : undefined,
    query.prioridade ? eq(ordensServico.prioridade, query.prioridade) : undefined,
    query.prazo ? condicaoDoPrazo(query.prazo, timeZone) : undefined,
    query.tecnico_id ? eq(ordensServico.tecnicoId, query.tecnico_id) : undefined,
    query.cliente_id ? eq(ordensServico.clienteId, query.cliente_id) : undefined,
    query.de ? gte(ordensServico.dataEntrada, inicioDoDia(query.de, timeZone)) : undefined,
    query.ate
      ? lt(ordensServico.dataEntrada, sql`${inicioDoDia(query.ate, timeZone)} + interval '1 day'`)
      : undefined,
  ];
  if (query.q) {
    const cliente = nomesDeCadastros(db, 'busca_cliente');
    // = ANY(ARRAY(…)) reads the matching customers once, so both sides of the OR use an index
    // (with IN (SELECT …) the planner scans the orders instead).
    const porTexto = sql`(${containsSearch(query.q, ordensServico.equipamento)} OR ${ordensServico.clienteId} = ANY(ARRAY(SELECT ${cliente.id} FROM ${cliente} WHERE ${containsSearch(query.q, cliente.nome)})))`;
    conditions.push(buscaDoDocumento(query.q, ordensServico.numero, porTexto));
  }
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined));
}

/** What each sort key of the list orders by (the indexes of migration 0018 cover them). */
const OS_SORT_COLUMNS: SortColumns<OrdemServicoSort> = {
  data: [ordensServico.dataEntrada],
  numero: [ordensServico.numero],
  prazo: [ordensServico.prazo],
  valor: [ordensServico.valorTotal],
};

/** GET /api/ordens-servico's two statements (the page and the total), not yet run. */
const lista = listaDe(
  (db, query: OrdemServicoListQuery, timeZone: string) =>
    listaPaginada(db, {
      rows: selectResumo(db).$dynamic(),
      tabela: ordensServico,
      where: listConditions(db, query, timeZone),
      columns: OS_SORT_COLUMNS,
      query,
      padrao: { sort: 'data', order: 'desc', id: ordensServico.id },
    }),
  toResumo,
);

/** GET /api/ordens-servico: newest first unless `sort` says otherwise, one page, and the total. */
export const listOrdens = lista.ler;

/** The SQL GET /api/ordens-servico runs for a query (checked by listas.explain.test.ts). */
export const listOrdensSql = lista.sql;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The quote each order came from: a SELECT of chave (the order's id), id and numero. */
export const orcamentoDaOrdemHook = hook<() => SQL>(
  'de que orçamento veio a ordem de serviço: SELECT chave, id, numero',
);

/** GET /api/ordens-servico/{id}: the order with its lines and its history. */
export async function getOrdem(db: Executor, id: number): Promise<OrdemServico | undefined> {
  const vendedor = nomesDeCadastros(db, 'vendedor');
  const orcamento = juncao(orcamentoDaOrdemHook.call(), 'orcamento_origem');
  const [[resumo], [row], [produtos, servicos], historico, arquivos] = await Promise.all([
    selectResumo(db).where(eq(ordensServico.id, id)),
    db
      .select({
        os: ordensServico,
        vendedorNome: vendedor.nome,
        orcamentoId: orcamento.coluna<number | null>('id'),
        orcamentoNumero: orcamento.coluna<number | null>('numero'),
      })
      .from(ordensServico)
      .leftJoin(vendedor, eq(vendedor.id, ordensServico.vendedorId))
      .leftJoin(orcamento.tabela, eq(orcamento.coluna('chave'), ordensServico.id))
      .where(eq(ordensServico.id, id)),
    tabelasDaOrdem.lerLinhas(db, id),
    tabelasDaOrdem.lerHistorico(db, id, nomesDeUsuarios(db, 'autor')),
    anexos.listar(db, id),
  ]);
  if (!resumo || !row) return undefined;
  const os = row.os;
  return {
    ...toResumo(resumo),
    data_saida: iso(os.dataSaida),
    canal_venda: os.canalVenda,
    centro_custo: os.centroCusto,
    vendedor_id: os.vendedorId,
    vendedor_nome: row.vendedorNome,
    marca: os.marca,
    modelo: os.modelo,
    numero_serie: os.numeroSerie,
    condicoes: os.condicoes,
    defeitos: os.defeitos,
    acessorios: os.acessorios,
    solucao: os.solucao,
    laudo: os.laudo,
    termos: os.termos,
    produtos,
    servicos,
    cep: os.cep,
    logradouro: os.logradouro,
    numero_endereco: os.numeroEndereco,
    complemento: os.complemento,
    bairro: os.bairro,
    cidade: os.cidade,
    uf: os.uf,
    mao_de_obra: os.maoDeObra,
    pecas: os.pecas,
    frete: os.frete,
    outros: os.outros,
    desconto: os.desconto,
    exibir_total: os.exibirTotal,
    observacoes: os.observacoes,
    observacoes_internas: os.observacoesInternas,
    aprovado_por: os.aprovadoPor,
    aprovado_em: iso(os.aprovadoEm),
    entregue_a: os.entregueA,
    entregue_em: iso(os.entregueEm),
    concluida_em: iso(os.concluidaEm),
    historico,
    anexos: arquivos,
    orcamento_id: row.orcamentoId,
    orcamento_numero: row.orcamentoNumero,
    created_at: os.createdAt.toISOString(),
    updated_at: os.updatedAt.toISOString(),
  };
}

const refused = (field: string, message: string) => badRequest(message, { [field]: message });

/** A registry record of the expected kind, or a 400 on the field. */
async function exigirCadastro(
  tx: Executor,
  id: number | null,
  tipo: 'cliente' | 'funcionario',
  campo: string,
) {
  if (id === null) return;
  const cadastro = await findCadastroResumo(tx, id);
  if (!cadastro || cadastro.tipo !== tipo) {
    throw refused(
      campo,
      tipo === 'cliente' ? OS_MESSAGES.clienteNaoEncontrado : OS_MESSAGES.funcionarioNaoEncontrado,
    );
  }
}

/** The order's columns and lines, computed from the input against the catalogues. */
async function calcularOrdem(tx: Executor, input: OrdemServicoInput) {
  await exigirCadastro(tx, input.cliente_id, 'cliente', 'cliente_id');
  await exigirCadastro(tx, input.vendedor_id, 'funcionario', 'vendedor_id');
  await exigirCadastro(tx, input.tecnico_id, 'funcionario', 'tecnico_id');

  const catalogo = new Map(
    (await produtosParaVenda(tx, [...new Set(input.produtos.map((l) => l.produto_id))])).map(
      (p) => [p.id, p],
    ),
  );
  const servicosCatalogo = new Map(
    (await servicosParaOrdem(tx, [...new Set(input.servicos.map((l) => l.servico_id))])).map(
      (s) => [s.id, s],
    ),
  );
  const produtos = input.produtos.map((linha, index) => {
    const produto = catalogo.get(linha.produto_id);
    const campo = `produtos.${index}`;
    if (!produto) throw refused(`${campo}.produto_id`, OS_MESSAGES.produtoNaoEncontrado);
    if (!produto.ativo) throw refused(`${campo}.produto_id`, produtoInativoMessage(produto.nome));
    if (!unidadeFracionada(produto.unidade) && !Number.isInteger(linha.quantidade)) {
      throw refused(`${campo}.quantidade`, quantidadeInteiraMessage(produto.nome, produto.unidade));
    }
    return { ...linha, valor: linha.valor ?? produto.preco, produto };
  });
  const servicos = input.servicos.map((linha, index) => {
    const servico = servicosCatalogo.get(linha.servico_id);
    const campo = `servicos.${index}.servico_id`;
    if (!servico) throw refused(campo, OS_MESSAGES.servicoNaoEncontrado);
    if (!servico.ativo) throw refused(campo, `O serviço "${servico.nome}" está inativo.`);
    return { ...linha, valor: linha.valor ?? servico.preco, servico };
  });

  const totais = calcularTotaisOS(produtos, servicos, input);
  const [primeiroErro] = Object.values(totais.erros);
  if (primeiroErro) throw badRequest(primeiroErro, totais.erros);

  return {
    colunas: {
      clienteId: input.cliente_id,
      dataSaida: input.data_saida ? new Date(input.data_saida) : null,
      prazo: input.prazo,
      canalVenda: input.canal_venda,
      centroCusto: input.centro_custo,
      prioridade: input.prioridade,
      vendedorId: input.vendedor_id,
      tecnicoId: input.tecnico_id,
      equipamento: input.equipamento,
      marca: input.marca,
      modelo: input.modelo,
      numeroSerie: input.numero_serie,
      condicoes: input.condicoes,
      defeitos: input.defeitos,
      acessorios: input.acessorios,
      solucao: input.solucao,
      laudo: input.laudo,
      termos: input.termos,
      ...colunasDoEndereco(input),
      maoDeObra: totais.mao_de_obra,
      pecas: totais.pecas,
      frete: input.frete,
      outros: input.outros,
      desconto: input.desconto,
      valorTotal: totais.valor_total,
      exibirTotal: input.exibir_total,
      observacoes: input.observacoes,
      observacoesInternas: input.observacoes_internas,
    },
    produtos: produtos.map((linha, ordem) => ({
      ordem,
      produtoId: linha.produto.id,
      nome: linha.produto.nome,
      unidadeMedida: linha.produto.unidade,
      detalhes: linha.detalhes,
      quantidade: linha.quantidade,
      valor: linha.valor,
      desconto: linha.desconto,
      subtotal: totais.produtos[ordem]!,
      custoUnitario: linha.produto.custoFinal,
    })),
    servicos: servicos.map((linha, ordem) => ({
      ordem,
      servicoId: linha.servico.id,
      nome: linha.servico.nome,
      detalhes: linha.detalhes,
      quantidade: linha.quantidade,
      valor: linha.valor,
      desconto: linha.desconto,
      subtotal: totais.servicos[ordem]!,
      custoUnitario: linha.servico.custo,
    })),
  };
}

type OrdemCalculada = Awaited<ReturnType<typeof calcularOrdem>>;

async function gravarLinhas(tx: Transaction, ordemServicoId: number, calculada: OrdemCalculada) {
  if (calculada.produtos.length > 0) {
    await tx
      .insert(ordemServicoProdutos)
      .values(calculada.produtos.map((linha) => ({ ...linha, ordemServicoId })));
  }
  if (calculada.servicos.length > 0) {
    await tx
      .insert(ordemServicoServicos)
      .values(calculada.servicos.map((linha) => ({ ...linha, ordemServicoId })));
  }
}

/** POST /api/ordens-servico: a new order em aberto. */
export async function createOrdem(
  tx: Transaction,
  input: OrdemServicoInput,
  contexto: OrdemContexto,
): Promise<OrdemServico> {
  const calculada = await calcularOrdem(tx, input);
  const [row] = await tx
    .insert(ordensServico)
    .values({
      ...calculada.colunas,
      ...(input.data_entrada ? { dataEntrada: new Date(input.data_entrada) } : {}),
      usuarioId: contexto.usuario.id,
    })
    .returning({ id: ordensServico.id });
  await gravarLinhas(tx, row!.id, calculada);
  await documento.registrarHistorico(tx, row!.id, 'em-aberto', contexto.usuario.id, null);
  return (await getOrdem(tx, row!.id))!;
}

/** Locks an order's row for a write; 404 when there is none. */
const travarOrdem = (tx: Transaction, id: number) => documento.travar(tx, id);

/** PUT /api/ordens-servico/{id}: while the order is still being worked; lines are replaced. */
export async function updateOrdem(
  tx: Transaction,
  id: number,
  input: OrdemServicoInput,
): Promise<OrdemServico> {
  const atual = await travarOrdem(tx, id);
  if (!SITUACOES_OS_ABERTAS.includes(atual.status)) {
    throw new AppError('REGRA_VIOLADA', OS_MESSAGES.naoEditavel);
  }
  const calculada = await calcularOrdem(tx, input);
  await tx.delete(ordemServicoProdutos).where(eq(ordemServicoProdutos.ordemServicoId, id));
  await tx.delete(ordemServicoServicos).where(eq(ordemServicoServicos.ordemServicoId, id));
  await tx
    .update(ordensServico)
    .set({
      ...calculada.colunas,
      ...(input.data_entrada ? { dataEntrada: new Date(input.data_entrada) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(ordensServico.id, id));
  await gravarLinhas(tx, id, calculada);
  return (await getOrdem(tx, id))!;
}

/** DELETE /api/ordens-servico/{id}: only an order em aberto (it never moved stock). */
export async function deleteOrdem(tx: Transaction, id: number): Promise<void> {
  const atual = await travarOrdem(tx, id);
  if (atual.status !== 'em-aberto') {
    throw new AppError('REGRA_VIOLADA', OS_MESSAGES.naoExcluivel);
  }
  await tx.delete(ordensServico).where(eq(ordensServico.id, id));
}

/**
 * PATCH /api/ordens-servico/{id}/status: any move of the transition table. Approval records who
 * approved and when; concluding takes the parts out of stock (all or nothing) and creates the
 * order's receivable; the hand-back records to whom and when.
 */
export async function alterarSituacao(
  tx: Transaction,
  id: number,
  input: OrdemServicoStatusInput,
  contexto: OrdemContexto,
): Promise<OrdemServico> {
  const para = input.situacao;
  return documento.alterarStatus(tx, id, {
    para,
    por: contexto.usuario,
    observacao: input.observacao,
    colunas: { numero: ordensServico.numero, dataSaida: ordensServico.dataSaida },
    antes: async (atual) => {
      const mudancas: Partial<typeof ordensServico.$inferInsert> = {};
      if (atual.status === 'aguardando-aprovacao' && para === 'em-andamento') {
        if (!input.aprovado_por) {
          throw refused('aprovado_por', OS_MESSAGES.aprovadoPorObrigatorio);
        }
        Object.assign(mudancas, { aprovadoPor: input.aprovado_por, aprovadoEm: new Date() });
      }
      if (para === 'concluida') {
        const pecas = await tx
          .select({
            produtoId: ordemServicoProdutos.produtoId,
            quantidade: ordemServicoProdutos.quantidade,
          })
          .from(ordemServicoProdutos)
          .where(eq(ordemServicoProdutos.ordemServicoId, id));
        await registrarSaidasDoDocumento(tx, pecas, {
          origem: { ordemServicoId: id },
          motivo: `Ordem de serviço Nº ${formatNumeroOs(atual.numero)}`,
          usuarioId: contexto.usuario.id,
          timeZone: contexto.timeZone,
        });
        mudancas.concluidaEm = new Date();
      }
      if (para === 'entregue') {
        if (!input.entregue_a) throw refused('entregue_a', OS_MESSAGES.entregueAObrigatorio);
        const agora = new Date();
        Object.assign(mudancas, {
          entregueA: input.entregue_a,
          entregueEm: agora,
          dataSaida: atual.dataSaida ?? agora,
        });
      }
      return mudancas;
    },
    reler: async () => {
      const ordem = (await getOrdem(tx, id))!;
      if (para === 'concluida') await lancarRecebivelDaOrdem(tx, ordem, contexto);
      return ordem;
    },
  });
}

/**
 * GET /api/ordens-servico/painel: the open queue by deadline, priority and situação (one
 * query), and what each technician's concluded orders are worth (another).
 */
export async function painelOrdens(db: Executor, timeZone: string): Promise<PainelOS> {
  const { hoje, amanha } = hojeEAmanha(timeZone);
  const prazo = ordensServico.prazo;
  const bucket = sql<string>`CASE
    WHEN ${prazo} IS NULL THEN 'sem-prazo'
    WHEN ${prazo} < ${hoje} THEN 'vencidas'
    WHEN ${prazo} = ${hoje} THEN 'hoje'
    WHEN ${prazo} = ${amanha} THEN 'amanha'
    ELSE 'futuras' END`;
  const tecnico = nomesDeCadastros(db, 'tecnico');
  const [grupos, faturamento] = await Promise.all([
    db
      .select({
        situacao: ordensServico.situacao,
        prioridade: ordensServico.prioridade,
        bucket,
        n: sql<number>`count(*)::int`,
      })
      .from(ordensServico)
      .groupBy(sql`1, 2, 3`), // by position: the bucket's parameters make it another expression
    db
      .select({
        tecnico_id: ordensServico.tecnicoId,
        tecnico_nome: sql<string>`coalesce(${tecnico.nome}, 'Sem técnico')`,
        total: sql<string>`sum(${ordensServico.valorTotal})`,
        ordens: sql<number>`count(*)::int`,
      })
      .from(ordensServico)
      .leftJoin(tecnico, eq(tecnico.id, ordensServico.tecnicoId))
      .where(inArray(ordensServico.situacao, ['concluida', 'entregue']))
      .groupBy(ordensServico.tecnicoId, tecnico.nome)
      .orderBy(desc(sql`sum(${ordensServico.valorTotal})`)),
  ]);
  const zeros = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  const painel: PainelOS = {
    prazos: zeros(PRAZO_OS_VALUES),
    prioridades: zeros(PRIORIDADE_OS_VALUES),
    situacoes: zeros(SITUACAO_OS_VALUES),
    faturamento_por_tecnico: faturamento.map((linha) => ({
      ...linha,
      total: Number(linha.total),
      ordens: Number(linha.ordens),
    })),
  };
  for (const grupo of grupos) {
    const n = Number(grupo.n);
    painel.situacoes[grupo.situacao] += n;
    if (!SITUACOES_OS_ABERTAS.includes(grupo.situacao)) continue;
    painel.prioridades[grupo.prioridade] += n;
    painel.prazos[grupo.bucket as keyof PainelOS['prazos']] += n;
  }
  return painel;
}

/** POST /api/ordens-servico/{id}/anexos: files already checked by size and content. */
export async function adicionarAnexos(
  tx: Transaction,
  id: number,
  files: readonly UploadedFile[],
): Promise<OrdemServico> {
  await travarOrdem(tx, id);
  await anexos.adicionar(tx, id, files);
  return (await getOrdem(tx, id))!;
}

/** GET /api/ordens-servico/{id}/anexos/{arquivoId}: the file, or undefined. */
export function lerAnexo(db: Executor, id: number, arquivoId: number) {
  return anexos.ler(db, id, arquivoId);
}

/** DELETE /api/ordens-servico/{id}/anexos/{arquivoId}: the link and the file. */
export function removerAnexo(tx: Transaction, id: number, arquivoId: number) {
  return anexos.remover(tx, id, arquivoId);
}
