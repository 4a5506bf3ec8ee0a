// Returns (issue 29, item 4). A customer's return: the goods come back into stock, the money
// goes back (refunded now, or a credit left open) and an NF-e de devolução (entrada, finalidade
// 4) references the sale's note. A return to a supplier: the goods leave the stock, the supplier
// owes the value, and our NF-e de devolução (saída) references its note. The return, its items,
// the stock movements, the title and the note with its number are one transaction, serialised
// on the original document, so what is returned never passes what the note had, counting the
// earlier returns; the note is sent to SEFAZ after it commits (ARCHITECTURE.md, outside
// services). Cancelling (or voiding) the return's note undoes the return, once.
import { todayISO } from '@prumo/shared/dates';
import { formatQuantidade, fromMilesimos, toMilesimos } from '@prumo/shared/estoque';
import {
  DEVOLUCOES_MENSAGENS as M,
  MODELO_LABELS,
  TIPO_DEVOLUCAO_LABELS,
  type DevolucaoCreate,
  type DevolucaoOrigem,
  type DevolucaoOrigemQuery,
  type ModeloFiscal,
} from '@prumo/shared/fiscal';
import { fromCentavos } from '@prumo/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { AppError, badRequest, notFound } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  registrarEntradasDoDocumento,
  registrarSaidasDoDocumento,
} from '../estoque/estoque.repository';
import {
  baixarParcela,
  cancelarTitulosDaOrigem,
  criarTitulo,
  parcelasDoTitulo,
} from '../financeiro/financeiro.repository';
import { lerNfe, type ItemNfe, type NfeLida } from './danfe/nfe-leitura';
import {
  devolucaoFiscal,
  devolvidasPorItem,
  inserirDevolucao,
  marcarCancelada,
  travarOrigem,
  type DevolucaoFiscal,
} from './devolucoes.repository';
import { ServicoFiscal } from './emissao';
import { entradaNfeItens, entradasNfe } from './entradas.table';
import { devolucaoItens } from './fiscal.table';
import { cadastroFiscal, notaRow, vendaFiscal, type NotaRow } from './fiscal.repository';
import { valorDevolvido } from './nota-da-devolucao';

/** An item of the original note, the product it is in our stock and its factor. */
interface ItemDeOrigem {
  original: ItemNfe;
  produtoId: number;
  produtoNome: string;
  descricao: string;
  unidade: string;
  /** Product units in one unit of the note (a supplier's box of 12 → 12000). */
  fatorMilesimos: number;
}

interface OrigemLida {
  tipo: DevolucaoCreate['tipo'];
  lida: NfeLida;
  /** The original note's XML, as stored. */
  xml: string;
  pessoa: { id: number; nome: string } | null;
  notaId: number | null;
  entradaId: number | null;
  vendaId: number | null;
  itens: Map<number, ItemDeOrigem>;
}

type Origem = { notaOrigemId: number } | { entradaNfeId: number };

const chaveDaOrigem = (origem: OrigemLida): Origem =>
  origem.notaId !== null ? { notaOrigemId: origem.notaId } : { entradaNfeId: origem.entradaId! };

/** A sale's authorized note: our own XML, each item the sale's line of the same order. */
async function origemDoCliente(db: Executor, notaId: number): Promise<OrigemLida> {
  const nota = await notaRow(db, notaId);
  if (!nota) throw notFound(M.notaOrigemNaoEncontrada);
  if (nota.finalidade !== 1 || nota.vendaId === null) {
    throw new AppError('REGRA_VIOLADA', M.notaOrigemDeDevolucao);
  }
  if (nota.situacao !== 'Autorizada' || !nota.xmlAutorizado) {
    throw new AppError('REGRA_VIOLADA', M.notaOrigemNaoAutorizada);
  }
  const venda = (await vendaFiscal(db, nota.vendaId))!;
  const lida = lerNfe(nota.xmlAutorizado);
  const itens = new Map<number, ItemDeOrigem>();
  for (const original of lida.det) {
    const linha = venda.itens[original.nItem - 1];
    if (!linha) continue;
    itens.set(original.nItem, {
      original,
      produtoId: linha.produto_id,
      produtoNome: linha.produto_nome,
      descricao: linha.produto_nome,
      unidade: linha.unidade_medida,
      fatorMilesimos: 1000,
    });
  }
  return {
    tipo: 'cliente',
    lida,
    xml: nota.xmlAutorizado,
    pessoa: venda.cliente ? { id: venda.cliente.id, nome: venda.cliente.nome } : null,
    notaId: nota.id,
    entradaId: null,
    vendaId: venda.id,
    itens,
  };
}

/** A purchase entered by XML: the supplier's note, each item the product it became. */
async function origemDoFornecedor(db: Executor, entradaId: number): Promise<OrigemLida> {
  const [entrada] = await db.select().from(entradasNfe).where(eq(entradasNfe.id, entradaId));
  if (!entrada) throw notFound(M.entradaNaoEncontrada);
  const [linhas, [fornecedor]] = await Promise.all([
    selectRows<{ ordem: number; produto_id: number; produto_nome: string; fator: string }>(
      db,
      sql`SELECT i.ordem, i.produto_id, p.nome AS produto_nome, i.fator
        FROM ${entradaNfeItens} i JOIN produtos p ON p.id = i.produto_id
        WHERE i.entrada_id = ${entradaId}`,
    ),
    selectRows<{ id: number; nome: string }>(
      db,
      sql`SELECT id, nome FROM cadastros WHERE id = ${entrada.fornecedorId}`,
    ),
  ]);
  const lida = lerNfe(entrada.xml);
  const porOrdem = new Map(linhas.map((linha) => [Number(linha.ordem), linha]));
  const itens = new Map<number, ItemDeOrigem>();
  for (const original of lida.det) {
    const linha = porOrdem.get(original.nItem);
    if (!linha) continue;
    itens.set(original.nItem, {
      original,
      produtoId: linha.produto_id,
      produtoNome: linha.produto_nome,
      descricao: original.xProd,
      unidade: original.uCom,
      fatorMilesimos: toMilesimos(Number(linha.fator)),
    });
  }
  return {
    tipo: 'fornecedor',
    lida,
    xml: entrada.xml,
    pessoa: fornecedor ?? null,
    notaId: null,
    entradaId: entrada.id,
    vendaId: null,
    itens,
  };
}

function lerOrigem(
  db: Executor,
  pedido: { tipo: 'cliente'; nota_id: number } | { tipo: 'fornecedor'; entrada_id: number },
): Promise<OrigemLida> {
  return pedido.tipo === 'cliente'
    ? origemDoCliente(db, pedido.nota_id)
    : origemDoFornecedor(db, pedido.entrada_id);
}

/** GET /api/devolucoes/origem: the original note's items and what may still be returned. */
export async function origemDaDevolucao(
  db: Database,
  query: DevolucaoOrigemQuery,
): Promise<DevolucaoOrigem> {
  const origem = await lerOrigem(db, query);
  const devolvidas = await devolvidasPorItem(db, chaveDaOrigem(origem));
  const { lida } = origem;
  return {
    tipo: origem.tipo,
    chave: lida.chave,
    modelo: lida.ide.mod,
    numero: lida.ide.nNF,
    serie: lida.ide.serie,
    emitida_em: lida.ide.dhEmi,
    pessoa: origem.pessoa,
    nota_id: origem.notaId,
    entrada_id: origem.entradaId,
    venda_id: origem.vendaId,
    itens: [...origem.itens.values()].map((item) => {
      const quantidade = Math.round(item.original.qCom * 1000);
      const devolvida = devolvidas.get(item.original.nItem) ?? 0;
      return {
        n_item: item.original.nItem,
        produto_id: item.produtoId,
        produto_nome: item.produtoNome,
        descricao: item.descricao,
        unidade: item.unidade,
        fator: fromMilesimos(item.fatorMilesimos),
        quantidade: fromMilesimos(quantidade),
        devolvida: fromMilesimos(devolvida),
        disponivel: fromMilesimos(Math.max(0, quantidade - devolvida)),
        valor_unitario: fromCentavos(Math.round(item.original.vUnCom * 100)),
        valor_liquido_unitario: fromCentavos(
          Math.round(
            (item.original.vProd - item.original.vDesc) / Math.max(item.original.qCom, 0.001),
          ),
        ),
      };
    }),
  };
}

/** Who the return's note goes to: the chosen customer, the sale's, or the supplier. */
async function pessoaDaDevolucao(tx: Executor, origem: OrigemLida, entrada: DevolucaoCreate) {
  if (origem.tipo === 'fornecedor') return cadastroFiscal(tx, origem.pessoa!.id);
  const id = entrada.cliente_id ?? origem.pessoa?.id;
  if (!id) throw new AppError('REGRA_VIOLADA', M.semCliente);
  const cliente = await cadastroFiscal(tx, id, 'cliente');
  if (!cliente) throw badRequest(M.clienteNaoEncontrado, { cliente_id: M.clienteNaoEncontrado });
  return cliente;
}

/**
 * POST /api/devolucoes: records the return, moves the stock and the money and creates its NF-e
 * in one transaction, then sends the note. Answers the return's id.
 */
export async function registrarDevolucao(
  db: Database,
  config: Config,
  usuario: AuthenticatedUser,
  entrada: DevolucaoCreate,
): Promise<number> {
  const servico = ServicoFiscal.de(db);
  if (!servico) throw new Error('Serviço fiscal não iniciado');
  const pedido =
    entrada.tipo === 'cliente'
      ? { tipo: 'cliente' as const, nota_id: entrada.nota_id! }
      : { tipo: 'fornecedor' as const, entrada_id: entrada.entrada_id! };
  const origem = await lerOrigem(db, pedido);
  const contexto = await servico.contexto(usuario);
  const rotuloOrigem = `${MODELO_LABELS[origem.lida.ide.mod as ModeloFiscal]} nº ${origem.lida.ide.nNF}`;
  const descricao = `${TIPO_DEVOLUCAO_LABELS[origem.tipo]} — ${rotuloOrigem}`.slice(0, 200);
  const cliente = origem.tipo === 'cliente';

  const { nota, fiscal } = await comAuditoria(db, usuario, async (tx) => {
    const chave = chaveDaOrigem(origem);
    await travarOrigem(tx, chave);
    const devolvidas = await devolvidasPorItem(tx, chave);
    const itens = entrada.itens.map((pedido) => {
      const item = origem.itens.get(pedido.n_item);
      if (!item) throw badRequest(M.itemInexistente(pedido.n_item));
      const milesimos = toMilesimos(pedido.quantidade);
      const disponivel =
        Math.round(item.original.qCom * 1000) - (devolvidas.get(pedido.n_item) ?? 0);
      if (milesimos > disponivel) {
        throw new AppError(
          'REGRA_VIOLADA',
          M.quantidadeAcimaDoSaldo(
            pedido.n_item,
            formatQuantidade(fromMilesimos(Math.max(0, disponivel))),
            item.unidade,
          ),
        );
      }
      const valor = valorDevolvido(item.original, milesimos);
      return { item, milesimos, valor };
    });
    const pessoa = await pessoaDaDevolucao(tx, origem, entrada);
    if (!pessoa) throw notFound(M.naoEncontrada);
    const totalCentavos = itens.reduce((soma, { valor }) => soma + valor.liquido, 0);

    const devolucao = await inserirDevolucao(
      tx,
      {
        tipo: origem.tipo,
        notaOrigemId: origem.notaId,
        entradaNfeId: origem.entradaId,
        chaveReferenciada: origem.lida.chave,
        pessoaId: pessoa.id,
        motivo: entrada.motivo,
        acerto: entrada.acerto,
        valorTotal: fromCentavos(totalCentavos),
        usuarioId: usuario.id,
      },
      itens.map(({ item, milesimos, valor }) => ({
        nItem: item.original.nItem,
        produtoId: item.produtoId,
        descricao: item.descricao.slice(0, 200),
        unidade: item.unidade.slice(0, 10),
        quantidade: fromMilesimos(milesimos),
        quantidadeEstoque: fromMilesimos(Math.round((milesimos * item.fatorMilesimos) / 1000)),
        valorUnitario: fromCentavos(valor.valorUnitarioCentavos),
        valorTotal: fromCentavos(valor.liquido),
      })),
    );

    const linhas = itens.map(({ item, milesimos }) => ({
      produtoId: item.produtoId,
      quantidade: fromMilesimos(Math.round((milesimos * item.fatorMilesimos) / 1000)),
    }));
    const movimento = {
      origem: { devolucaoId: devolucao.id },
      motivo: descricao,
      usuarioId: usuario.id,
      timeZone: config.timeZone,
    };
    if (cliente) await registrarEntradasDoDocumento(tx, linhas, movimento);
    else await registrarSaidasDoDocumento(tx, linhas, movimento);

    if (totalCentavos > 0) {
      const contextoFinanceiro = { usuario, timeZone: config.timeZone };
      const hoje = todayISO(config.timeZone);
      const [tituloId] = await criarTitulo(
        tx,
        {
          natureza: cliente ? 'pagar' : 'receber',
          descricao,
          pessoa_id: pessoa.id,
          categoria_id: null,
          centro_custo: null,
          documento: `Dev. ${rotuloOrigem}`.slice(0, 60),
          competencia: hoje,
          forma_pagamento: null,
          valor: fromCentavos(totalCentavos),
          vencimento: hoje,
          parcelas: 1,
          recorrente_meses: null,
          observacoes: `${entrada.motivo} (chave referenciada ${origem.lida.chave})`.slice(0, 2000),
          devolucao_id: devolucao.id,
        },
        contextoFinanceiro,
      );
      if (entrada.acerto === 'reembolso') {
        const [parcela] = await parcelasDoTitulo(tx, tituloId!, config.timeZone);
        await baixarParcela(
          tx,
          parcela!.id,
          {
            data: hoje,
            conta_id: entrada.conta_id!,
            valor: fromCentavos(totalCentavos),
            juros: 0,
            multa: 0,
            desconto: 0,
            observacao: cliente ? 'Reembolso da devolução' : 'Recebido do fornecedor',
          },
          contextoFinanceiro,
        );
      }
    }

    const gravados = await tx
      .select()
      .from(devolucaoItens)
      .where(eq(devolucaoItens.devolucaoId, devolucao.id))
      .orderBy(devolucaoItens.nItem);
    const fiscal: DevolucaoFiscal = {
      devolucao,
      itens: gravados,
      pessoa,
      xmlOrigem: origem.xml,
    };
    const nota = await servico.inserirNotaDaDevolucao(tx, usuario, contexto, fiscal);
    return { nota, fiscal };
  });

  // Committed: a failure to send leaves the note in Rascunho, transmitted from its screen.
  await servico.enviarNotaNova(usuario, nota, contexto, { devolucao: fiscal }).catch((erro) => {
    if (!(erro instanceof AppError)) console.error('Envio da NF-e de devolução', erro);
  });
  return fiscal.devolucao.id;
}

/** The stock a return's undoing takes back, per product (a customer's return goes out again). */
const linhasDaDevolucao = (fiscal: DevolucaoFiscal) =>
  fiscal.itens.map((item) => ({
    produtoId: item.produtoId,
    quantidade: Number(item.quantidadeEstoque),
  }));

/**
 * Undoes the return of a note cancelled or voided with SEFAZ: the stock back as it was and its
 * title cancelled (a refund's settlement reversed), once (canceladaEm is set in the same
 * transaction). Answers false when it had been undone already.
 */
export async function desfazerDevolucao(
  db: Database,
  config: Config,
  usuario: AuthenticatedUser,
  nota: NotaRow,
  motivo: string,
): Promise<boolean> {
  const fiscal = await devolucaoFiscal(db, nota.devolucaoId!);
  if (!fiscal) throw notFound(M.naoEncontrada);
  return comAuditoria(db, usuario, async (tx) => {
    if (!(await marcarCancelada(tx, fiscal.devolucao.id))) return false;
    const movimento = {
      origem: { devolucaoId: fiscal.devolucao.id },
      motivo: `Devolução desfeita — NF-e nº ${nota.numero}: ${motivo}`.slice(0, 200),
      usuarioId: usuario.id,
      timeZone: config.timeZone,
    };
    if (fiscal.devolucao.tipo === 'cliente') {
      await registrarSaidasDoDocumento(tx, linhasDaDevolucao(fiscal), movimento);
    } else {
      await registrarEntradasDoDocumento(tx, linhasDaDevolucao(fiscal), movimento);
    }
    await cancelarTitulosDaOrigem(
      tx,
      { devolucao_id: fiscal.devolucao.id },
      { usuario, timeZone: config.timeZone },
    );
    return true;
  });
}
