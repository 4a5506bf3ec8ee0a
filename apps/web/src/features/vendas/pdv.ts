import { fromCentavos, toCentavos } from '@prumo/shared/money';
import type { ProdutoSearchItem } from '@prumo/shared/produtos';
import { matchesSearch } from '@prumo/shared/search';
import {
  calcularPagamentos,
  linhaDaBalanca,
  type FormaPagamento,
  type LeituraPdv,
  type LinhaVenda,
  type ModoBalanca,
  type Pagamento,
} from '@prumo/shared/vendas';

// The counter's (PDV) logic, free of React: the cart, what a scanned or typed code adds, and the
// payments with their troco. The panel only wires keys and inputs to these.

/** What the counter knows of a product: the search answer. */
export type ProdutoPdv = Pick<
  ProdutoSearchItem,
  | 'id'
  | 'nome'
  | 'preco'
  | 'estoque'
  | 'unidade_medida'
  | 'codigo_barras'
  | 'codigo_interno'
  | 'ativo'
>;

export interface LinhaCarrinho extends LinhaVenda {
  /** Stable React key of the line. */
  chave: string;
  produto_id: number;
  produto_nome: string;
  unidade_medida: string;
  estoque: number;
  /** A scale label's line: its own weight and price, never merged with another. */
  balanca: boolean;
}

export interface Carrinho {
  linhas: LinhaCarrinho[];
  /** When the first item went in (ISO): the sale's inicio_atendimento. */
  inicio: string | null;
  /** The line last added or incremented (the screen marks it). */
  ultima: string | null;
  seq: number;
}

export const CARRINHO_VAZIO: Carrinho = { linhas: [], inicio: null, ultima: null, seq: 0 };

export type AcaoCarrinho =
  | { tipo: 'adicionar'; produto: ProdutoPdv; quantidade: number; agora: string }
  | { tipo: 'balanca'; produto: ProdutoPdv; linha: LinhaVenda; agora: string }
  | { tipo: 'quantidade'; chave: string; quantidade: number }
  | { tipo: 'remover'; chave: string }
  | { tipo: 'limpar' };

/** Quantities have at most 3 decimals: summed in thousandths, never as floats. */
export function somarQuantidades(a: number, b: number): number {
  return (Math.round(a * 1000) + Math.round(b * 1000)) / 1000;
}

function novaLinha(
  state: Carrinho,
  produto: ProdutoPdv,
  linha: LinhaVenda,
  balanca: boolean,
  agora: string,
): Carrinho {
  const chave = `l${state.seq + 1}`;
  return {
    linhas: [
      ...state.linhas,
      {
        chave,
        produto_id: produto.id,
        produto_nome: produto.nome,
        unidade_medida: produto.unidade_medida,
        estoque: produto.estoque,
        balanca,
        ...linha,
      },
    ],
    inicio: state.inicio ?? agora,
    ultima: chave,
    seq: state.seq + 1,
  };
}

/**
 * The cart: a product scanned again adds to its line (so two scans make one line of 2); a scale
 * label always makes its own line. The first item marks when the service started.
 */
export function carrinhoReducer(state: Carrinho, acao: AcaoCarrinho): Carrinho {
  switch (acao.tipo) {
    case 'adicionar': {
      if (!(acao.quantidade > 0)) return state;
      const existente = state.linhas.find(
        (linha) => linha.produto_id === acao.produto.id && !linha.balanca,
      );
      if (existente) {
        return {
          ...state,
          linhas: state.linhas.map((linha) =>
            linha === existente
              ? { ...linha, quantidade: somarQuantidades(linha.quantidade, acao.quantidade) }
              : linha,
          ),
          ultima: existente.chave,
        };
      }
      const linha = {
        quantidade: acao.quantidade,
        preco_unitario: acao.produto.preco,
        desconto_item: 0,
      };
      return novaLinha(state, acao.produto, linha, false, acao.agora);
    }
    case 'balanca':
      return novaLinha(state, acao.produto, acao.linha, true, acao.agora);
    case 'quantidade':
      if (!(acao.quantidade > 0)) return state;
      return {
        ...state,
        linhas: state.linhas.map((linha) =>
          linha.chave === acao.chave ? { ...linha, quantidade: acao.quantidade } : linha,
        ),
        ultima: acao.chave,
      };
    case 'remover': {
      const linhas = state.linhas.filter((linha) => linha.chave !== acao.chave);
      return {
        ...state,
        linhas,
        inicio: linhas.length ? state.inicio : null,
        ultima: state.ultima === acao.chave ? null : state.ultima,
      };
    }
    case 'limpar':
      return { ...CARRINHO_VAZIO, seq: state.seq };
  }
}

/** The cart's lines as a sale sends them. */
export function itensDoCarrinho(linhas: readonly LinhaCarrinho[]) {
  return linhas.map(({ produto_id, quantidade, preco_unitario, desconto_item }) => ({
    produto_id,
    quantidade,
    preco_unitario,
    desconto_item,
  }));
}

/** The text to search the catalogue for: the code or name, or a scale label's product code. */
export function termoDaLeitura(leitura: LeituraPdv): string {
  return leitura.tipo === 'balanca' ? leitura.codigo : leitura.termo;
}

const semZerosAEsquerda = (codigo: string) => codigo.replace(/^0+(?=\d)/, '');
const mesmoCodigo = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The active product whose barcode or internal code is exactly the text. */
export function produtoPorCodigo<P extends ProdutoPdv>(candidatos: readonly P[], codigo: string) {
  const ativos = candidatos.filter((produto) => produto.ativo);
  return (
    ativos.find((produto) => mesmoCodigo(produto.codigo_barras, codigo)) ??
    ativos.find((produto) => mesmoCodigo(produto.codigo_interno, codigo))
  );
}

/** The active product of a scale label: its internal code, leading zeros aside. */
export function produtoDaBalanca<P extends ProdutoPdv>(candidatos: readonly P[], codigo: string) {
  const alvo = semZerosAEsquerda(codigo);
  return candidatos.find(
    (produto) =>
      produto.ativo &&
      produto.codigo_interno !== null &&
      semZerosAEsquerda(produto.codigo_interno.trim()) === alvo,
  );
}

export type ResultadoLeitura =
  | { tipo: 'produto'; produto: ProdutoPdv; quantidade: number }
  | { tipo: 'balanca'; produto: ProdutoPdv; linha: LinhaVenda }
  | { tipo: 'nenhum' };

/**
 * What Enter adds for a reading, from the catalogue's answer to its search (spec 5: an exact
 * barcode, or a name containing the text). A scale label adds its product with the label's price
 * or weight; a label that is a product's own barcode adds that product. A number that is no
 * product's code adds nothing (a misread barcode must not sell something else).
 */
export function resolverLeitura(
  leitura: LeituraPdv,
  candidatos: readonly ProdutoPdv[],
  modo: ModoBalanca,
  quantidadePadrao: number,
): ResultadoLeitura {
  const exato = produtoPorCodigo(candidatos, leitura.termo);
  const quantidade = (leitura.tipo === 'codigo' ? leitura.quantidade : null) ?? quantidadePadrao;
  if (exato) return { tipo: 'produto', produto: exato, quantidade };
  if (leitura.tipo === 'balanca') {
    const produto = produtoDaBalanca(candidatos, leitura.codigo);
    return produto
      ? { tipo: 'balanca', produto, linha: linhaDaBalanca(leitura, produto.preco, modo) }
      : { tipo: 'nenhum' };
  }
  if (/^\d+$/.test(leitura.termo)) return { tipo: 'nenhum' };
  const porNome = candidatos.find(
    (produto) => produto.ativo && matchesSearch(leitura.termo, produto.nome),
  );
  return porNome ? { tipo: 'produto', produto: porNome, quantidade } : { tipo: 'nenhum' };
}

/** What a reading adds, as the cart's action. */
export type ItemLido = Exclude<ResultadoLeitura, { tipo: 'nenhum' }>;

export function acaoAdicionar(item: ItemLido, agora: string): AcaoCarrinho {
  return item.tipo === 'balanca'
    ? { tipo: 'balanca', produto: item.produto, linha: item.linha, agora }
    : { tipo: 'adicionar', produto: item.produto, quantidade: item.quantidade, agora };
}

// --- Payments -------------------------------------------------------------------------------

/** One payment of the counter: a method and what it pays; null is "the rest of the total". */
export interface LinhaPagamento {
  forma: FormaPagamento;
  valor: number | null;
}

export interface ResumoPagamentos {
  /** What the sale sends: one method for the whole total, or the list of payments. */
  forma_pagamento: FormaPagamento | null;
  pagamentos: Pagamento[] | null;
  pago: number;
  /** Still to pay (0 when covered). */
  falta: number;
  troco: number;
  erro: string | null;
}

/**
 * The payments of a counter sale. One method without a value pays the total; cash with the
 * amount received gives troco; with several methods, one left blank pays what the others do not.
 * The troco and the errors are the shared calcularPagamentos's, the server's own rule.
 */
export function resumirPagamentos(
  total: number,
  linhas: readonly LinhaPagamento[],
): ResumoPagamentos {
  const totalCentavos = toCentavos(total);
  const informados = linhas.reduce((soma, linha) => soma + toCentavos(linha.valor ?? 0), 0);
  const restante = Math.max(0, totalCentavos - informados);
  const pagamentos: Pagamento[] = [];
  let restoUsado = false;
  for (const linha of linhas) {
    let centavos = linha.valor === null ? 0 : toCentavos(linha.valor);
    if (linha.valor === null && !restoUsado) {
      centavos = restante;
      restoUsado = true;
    }
    if (centavos > 0) pagamentos.push({ forma: linha.forma, valor: fromCentavos(centavos) });
  }
  const pago = pagamentos.reduce((soma, pagamento) => soma + toCentavos(pagamento.valor), 0);
  const falta = fromCentavos(Math.max(0, totalCentavos - pago));
  const umaForma = linhas.length === 1 && linhas[0]!.valor === null;
  if (umaForma) {
    return {
      forma_pagamento: linhas[0]!.forma,
      pagamentos: null,
      pago: total,
      falta: 0,
      troco: 0,
      erro: null,
    };
  }
  const resultado = calcularPagamentos(total, null, pagamentos);
  if ('erro' in resultado) {
    return {
      forma_pagamento: null,
      pagamentos,
      pago: fromCentavos(pago),
      falta,
      troco: 0,
      erro: resultado.erro,
    };
  }
  return {
    forma_pagamento: null,
    pagamentos: resultado.pagamentos,
    pago: fromCentavos(pago),
    falta: 0,
    troco: resultado.troco,
    erro: null,
  };
}
