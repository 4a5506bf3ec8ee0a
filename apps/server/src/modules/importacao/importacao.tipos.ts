// The kinds of import: how a row's cells become the payload of the module's own form schema, how
// a row finds the record it updates, and which of the module's write functions stores it.
import { sql } from 'drizzle-orm';
import {
  documentoDuplicadoMessage,
  formatCidadeUf,
  parseCadastroPayload,
  type CadastroDados,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import { movimentacaoInputSchema, type MovimentacaoInput } from '@prumo/shared/estoque';
import {
  CAMPOS_IMPORTACAO,
  IMPORTACAO_MENSAGENS as M,
  lerBooleanoBr,
  lerDataBr,
  lerDinheiroBr,
  lerInteiroBr,
  IMPORTACAO_DO_CADASTRO,
  lerNumeroBr,
  lerOpcao,
  normalizarTexto,
  type CampoImportacao,
  type ErroLinha,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import {
  CATEGORIA_PADRAO_ID,
  PRODUTO_MESSAGES,
  produtoCreateSchema,
  produtoUpdateSchema,
  type ProdutoCreate,
  type ProdutoUpdate,
} from '@prumo/shared/produtos';
import {
  SERVICO_MESSAGES,
  servicoCreateSchema,
  servicoUpdateSchema,
  type ServicoCreate,
  type ServicoUpdate,
} from '@prumo/shared/servicos';
import { isCodigoServicoNacional } from '@prumo/shared/servicos-nacionais';
import type { z } from '@prumo/shared/validation';
import type { Executor, Transaction } from '../../db/database';
import { createCadastro, updateCadastro } from '../cadastros/cadastros.repository';
import { createCategoria } from '../categorias/categorias.repository';
import { createMovimentacao } from '../estoque/estoque.repository';
import { createProdutosEmLote, updateProduto } from '../produtos/produtos.repository';
import { createServico, updateServico } from '../servicos/servicos.repository';

/** A cell read by its field's format: the value, or the message saying why it is not one. */
type Lida = { valor: unknown } | { erro: string };

function lerCelula(campo: CampoImportacao, texto: string): Lida {
  const erro = (mensagem: string): Lida => ({ erro: mensagem });
  if (campo.opcoes) {
    const valor = lerOpcao(campo, texto);
    return valor === null
      ? erro(M.opcaoInvalida(campo.rotulo, campo.opcoes.map((o) => o.rotulo).join(', ')))
      : { valor };
  }
  switch (campo.formato) {
    case 'dinheiro': {
      const valor = lerDinheiroBr(texto);
      return valor === null ? erro(M.dinheiroInvalido(campo.rotulo)) : { valor };
    }
    case 'numero': {
      const valor = lerNumeroBr(texto);
      return valor === null ? erro(M.numeroInvalido(campo.rotulo)) : { valor };
    }
    case 'inteiro': {
      const valor = lerInteiroBr(texto);
      return valor === null ? erro(M.inteiroInvalido(campo.rotulo)) : { valor };
    }
    case 'data': {
      const valor = lerDataBr(texto);
      return valor === null ? erro(M.dataInvalida(campo.rotulo)) : { valor };
    }
    case 'booleano': {
      const valor = lerBooleanoBr(texto);
      return valor === null ? erro(M.booleanoInvalido(campo.rotulo)) : { valor };
    }
    case 'uf':
      return { valor: texto.toUpperCase() };
    default:
      return { valor: texto };
  }
}

/**
 * The row's filled cells read by format. A blank cell is left out: on create the form's default
 * applies, on update the stored value stays (a spreadsheet's empty cell never erases data).
 */
export function lerValores(
  tipo: TipoImportacao,
  textos: Record<string, string>,
): { valores: Record<string, unknown>; erros: ErroLinha[] } {
  const valores: Record<string, unknown> = {};
  const erros: ErroLinha[] = [];
  for (const campo of CAMPOS_IMPORTACAO[tipo]) {
    const texto = textos[campo.chave];
    if (texto === undefined || texto === '') continue;
    const lida = lerCelula(campo, texto);
    if ('erro' in lida) erros.push({ campo: campo.chave, mensagem: lida.erro });
    else valores[campo.chave] = lida.valor;
  }
  return { valores, erros };
}

/** Zod issues as row errors, each on the field of the sheet it came from. */
function errosDoSchema(
  issues: readonly z.core.$ZodIssue[],
  campoDe: Readonly<Record<string, string>>,
  campos: readonly CampoImportacao[],
): ErroLinha[] {
  return issues.map((issue) => {
    const chave = typeof issue.path[0] === 'string' ? issue.path[0] : null;
    const campo = chave ? (campoDe[chave] ?? chave) : null;
    return {
      campo: campo && campos.some((c) => c.chave === campo) ? campo : null,
      mensagem: issue.message,
    };
  });
}

/** A row after reading: what the module's write function receives, or why it cannot. */
export interface Preparo {
  dados?: unknown;
  erros: ErroLinha[];
}

/** What a kind knows of the records already there (one query per kind, before the rows). */
export interface Indice {
  /** Key value (normalised) → record id, per key the kind allows; -1 when several share it. */
  porChave: Record<string, Map<string, number>>;
  /** Extra facts per record (a product's name and whether it moves stock). */
  registros: Map<number, { nome: string; movimentaEstoque?: boolean }>;
  /** Product groups by normalised name (produtos only). */
  grupos?: Map<string, number>;
}

export interface ItemEscrita {
  dados?: unknown;
  registroId: number | null;
}

export interface ContextoEscrita {
  tx: Transaction;
  usuarioId: number | null;
  usuarioNome: string | null;
  timeZone: string;
  indice: Indice;
}

export interface DefinicaoTipo {
  /** The key's value of a row's cells, normalised as the index holds it; null when blank. */
  chaveDe(chave: string, textos: Record<string, string>): string | null;
  carregarIndice(db: Executor): Promise<Indice>;
  /** Reads and checks a row with the form's schema (create or update). */
  preparar(
    valores: Record<string, unknown>,
    registroId: number | null,
    indice: Indice,
    chave: string,
  ): Preparo;
  /**
   * Writes checked rows with the module's functions, in the caller's transaction (the run wraps
   * each batch in a savepoint and, when the database refuses one, retries its rows one by one).
   */
  gravarLote(itens: readonly ItemEscrita[], ctx: ContextoEscrita): Promise<void>;
  /** Runs before a batch's savepoint (what a failed batch must not take back with it). */
  antesDoLote?(itens: readonly ItemEscrita[], ctx: ContextoEscrita): Promise<void>;
  /** Opening stock: every row creates (a movement); the existentes option does not apply. */
  sempreCria?: boolean;
}

const somenteDigitos = (texto: string) => texto.replace(/[^0-9A-Za-z]/g, '').toUpperCase();

function adicionar(mapa: Map<string, number>, chave: string | null, id: number) {
  if (!chave) return;
  mapa.set(chave, mapa.has(chave) && mapa.get(chave) !== id ? -1 : id);
}

async function linhas<T>(db: Executor, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const resultado = (await db.execute(consulta)) as unknown as { rows: T[] };
  return resultado.rows;
}

// ---------------------------------------------------------------------------------------------
// Cadastros: customers, suppliers, employees and carriers (one table with tipo).

const TIPO_CADASTRO = Object.fromEntries(
  Object.entries(IMPORTACAO_DO_CADASTRO).map(([cadastro, importacao]) => [importacao, cadastro]),
) as Record<string, TipoCadastro>;

/** The form's field each payload key is shown on in the sheet. */
const CAMPO_DO_CADASTRO: Record<string, string> = {
  cpf: 'cpf_cnpj',
  cnpj: 'cpf_cnpj',
  cidade_uf: 'cidade',
};

function definicaoCadastro(tipoImportacao: TipoImportacao): DefinicaoTipo {
  const tipo = TIPO_CADASTRO[tipoImportacao]!;
  const campos = CAMPOS_IMPORTACAO[tipoImportacao];
  const comDocumentoUnico = tipo === 'cliente' || tipo === 'fornecedor';
  // Employees and carriers have cidade and uf of their own; the others one "Cidade/UF" field.
  const campoDe = comDocumentoUnico ? CAMPO_DO_CADASTRO : {};

  const documentoDe = (texto: string) => somenteDigitos(texto) || null;
  const nomeDe = (texto: string) => normalizarTexto(texto) || null;

  return {
    chaveDe(chave, textos) {
      const texto = textos[chave] ?? '';
      return chave === 'nome' || chave === 'nome_fantasia' ? nomeDe(texto) : documentoDe(texto);
    },

    async carregarIndice(db) {
      const rows = await linhas<{
        id: number;
        nome: string;
        cpf: string | null;
        cnpj: string | null;
      }>(db, sql`SELECT id, nome, cpf, cnpj FROM cadastros WHERE tipo = ${tipo}`);
      const cpf = new Map<string, number>();
      const cnpj = new Map<string, number>();
      const nome = new Map<string, number>();
      const registros = new Map<number, { nome: string }>();
      for (const row of rows) {
        adicionar(cpf, row.cpf, row.id);
        adicionar(cnpj, row.cnpj, row.id);
        adicionar(nome, nomeDe(row.nome), row.id);
        registros.set(row.id, { nome: row.nome });
      }
      const cpfCnpj = new Map([...cpf, ...cnpj]);
      return {
        porChave: { cpf, cnpj, cpf_cnpj: cpfCnpj, nome, nome_fantasia: nome },
        registros,
      };
    },

    preparar(valores, registroId, indice) {
      const payload: Record<string, unknown> = { tipo };
      for (const [chave, valor] of Object.entries(valores)) {
        if (chave === 'cpf_cnpj' || chave === 'cidade' || chave === 'uf') continue;
        payload[chave] = valor;
      }
      if (typeof valores.cpf_cnpj === 'string') {
        const documento = valores.cpf_cnpj;
        const pessoaFisica = /^\d{0,11}$/.test(somenteDigitos(documento));
        payload[pessoaFisica ? 'cpf' : 'cnpj'] = documento;
        const campoTipo = tipo === 'cliente' ? 'tipo_cliente' : 'tipo_fornecedor';
        payload[campoTipo] ??= pessoaFisica ? 'pessoa-fisica' : 'pessoa-juridica';
      }
      if (comDocumentoUnico) {
        const campoTipo = tipo === 'cliente' ? 'tipo_cliente' : 'tipo_fornecedor';
        if (registroId === null) payload[campoTipo] ??= 'pessoa-fisica';
        if (valores.cidade !== undefined || valores.uf !== undefined) {
          payload.cidade_uf = formatCidadeUf(
            (valores.cidade as string | undefined) ?? null,
            (valores.uf as string | undefined) ?? null,
          );
        }
      } else {
        if (valores.cidade !== undefined) payload.cidade = valores.cidade;
        if (valores.uf !== undefined) payload.uf = valores.uf;
      }
      if (tipo === 'transportadora' && registroId === null) {
        payload.tipo_transportadora ??= 'transportadora';
      }
      if (registroId === null) payload.situacao ??= 'ativo';

      const resultado = parseCadastroPayload(payload, registroId === null ? 'create' : 'update');
      if (!resultado.success) {
        return { erros: errosDoSchema(resultado.error.issues, campoDe, campos) };
      }
      const dados = resultado.data;
      // A document another record of the tipo already has: the unique index would refuse it.
      const erros: ErroLinha[] = [];
      for (const [documento, rotulo] of [
        [dados.cpf, 'CPF'],
        [dados.cnpj, 'CNPJ'],
      ] as const) {
        if (!documento) continue;
        const dono = indice.porChave[rotulo === 'CPF' ? 'cpf' : 'cnpj']!.get(documento);
        if (dono !== undefined && dono !== registroId) {
          const campo = campos.some((c) => c.chave === 'cpf_cnpj')
            ? 'cpf_cnpj'
            : rotulo.toLowerCase();
          erros.push({ campo, mensagem: documentoDuplicadoMessage(tipo, rotulo) });
        }
      }
      return erros.length ? { erros } : { dados, erros };
    },

    async gravarLote(itens, { tx }) {
      for (const { dados, registroId } of itens) {
        if (registroId === null) await createCadastro(tx, dados as CadastroDados);
        else await updateCadastro(tx, registroId, null, dados as CadastroDados, { anexos: [] });
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Produtos, with their groups (created when missing, by name).

const CAMPO_DO_PRODUTO: Record<string, string> = { categoria_id: 'grupo' };

interface DadosProduto {
  payload: Record<string, unknown>;
  grupo: string | null;
}

const definicaoProdutos: DefinicaoTipo = {
  chaveDe(chave, textos) {
    const texto = (textos[chave] ?? '').trim();
    if (!texto) return null;
    if (chave === 'codigo_interno') return texto.toLowerCase();
    if (chave === 'nome') return normalizarTexto(texto);
    return texto;
  },

  async carregarIndice(db) {
    const rows = await linhas<{
      id: number;
      nome: string;
      codigo_interno: string | null;
      codigo_barras: string | null;
      movimenta_estoque: boolean;
    }>(db, sql`SELECT id, nome, codigo_interno, codigo_barras, movimenta_estoque FROM produtos`);
    const codigoInterno = new Map<string, number>();
    const codigoBarras = new Map<string, number>();
    const nome = new Map<string, number>();
    const registros = new Map<number, { nome: string; movimentaEstoque: boolean }>();
    for (const row of rows) {
      adicionar(codigoInterno, row.codigo_interno?.toLowerCase() ?? null, row.id);
      adicionar(codigoBarras, row.codigo_barras, row.id);
      adicionar(nome, normalizarTexto(row.nome), row.id);
      registros.set(row.id, { nome: row.nome, movimentaEstoque: row.movimenta_estoque });
    }
    const grupos = await linhas<{ id: number; nome: string }>(
      db,
      sql`SELECT id, nome FROM categorias`,
    );
    return {
      porChave: { codigo_interno: codigoInterno, codigo_barras: codigoBarras, nome },
      registros,
      grupos: new Map(grupos.map((g) => [normalizarTexto(g.nome), g.id])),
    };
  },

  preparar(valores, registroId, indice) {
    const { grupo, ...payload } = valores;
    // The group is checked by name; its id is known (or created) when the row is written.
    if (grupo !== undefined) payload.categoria_id = CATEGORIA_PADRAO_ID;
    const schema = registroId === null ? produtoCreateSchema : produtoUpdateSchema;
    const resultado = schema.safeParse(payload);
    if (!resultado.success) {
      return {
        erros: errosDoSchema(resultado.error.issues, CAMPO_DO_PRODUTO, CAMPOS_IMPORTACAO.produtos),
      };
    }
    const erros: ErroLinha[] = [];
    const codigo = resultado.data.codigo_interno;
    const dono = codigo ? indice.porChave.codigo_interno!.get(codigo.toLowerCase()) : undefined;
    if (dono !== undefined && dono !== registroId) {
      erros.push({ campo: 'codigo_interno', mensagem: PRODUTO_MESSAGES.codigoInternoDuplicado });
    }
    const barras = resultado.data.codigo_barras;
    const donoBarras = barras ? indice.porChave.codigo_barras!.get(barras) : undefined;
    if (donoBarras !== undefined && donoBarras !== registroId) {
      erros.push({ campo: 'codigo_barras', mensagem: PRODUTO_MESSAGES.codigoBarrasDuplicado });
    }
    if (erros.length) return { erros };
    const dados: DadosProduto = {
      payload: resultado.data as Record<string, unknown>,
      grupo: typeof grupo === 'string' ? grupo : null,
    };
    return { dados, erros };
  },

  async antesDoLote(itens, { tx, indice }) {
    for (const { dados } of itens) {
      const { payload, grupo } = dados as DadosProduto;
      if (grupo !== null) payload.categoria_id = await grupoId(tx, indice, grupo);
    }
  },

  async gravarLote(itens, { tx, usuarioId }) {
    const novos: ProdutoCreate[] = [];
    for (const { dados, registroId } of itens) {
      const { payload } = dados as DadosProduto;
      if (registroId === null) novos.push(payload as ProdutoCreate);
      else await updateProduto(tx, registroId, payload as ProdutoUpdate, usuarioId);
    }
    // New products in one INSERT: one at a time, 50,000 would take minutes.
    await createProdutosEmLote(tx, novos);
  },
};

/** The group's id by name, created (in the import's transaction) the first time it is missing. */
async function grupoId(tx: Transaction, indice: Indice, nome: string): Promise<number> {
  const chave = normalizarTexto(nome);
  const existente = indice.grupos!.get(chave);
  if (existente !== undefined) return existente;
  const criado = await tx.transaction((sp) => createCategoria(sp, { nome }));
  indice.grupos!.set(chave, criado.id);
  return criado.id;
}

// ---------------------------------------------------------------------------------------------
// Serviços.

const CAMPO_DO_SERVICO: Record<string, string> = { valorVenda: 'preco' };

const definicaoServicos: DefinicaoTipo = {
  chaveDe(chave, textos) {
    const texto = (textos[chave] ?? '').trim();
    if (!texto) return null;
    return chave === 'nome' ? normalizarTexto(texto) : texto.toLowerCase();
  },

  async carregarIndice(db) {
    const rows = await linhas<{ id: number; nome: string; codigo_interno: string | null }>(
      db,
      sql`SELECT id, nome, codigo_interno FROM servicos`,
    );
    const codigo = new Map<string, number>();
    const nome = new Map<string, number>();
    for (const row of rows) {
      adicionar(codigo, row.codigo_interno?.toLowerCase() ?? null, row.id);
      adicionar(nome, normalizarTexto(row.nome), row.id);
    }
    return {
      porChave: { codigoInterno: codigo, nome },
      registros: new Map(rows.map((r) => [r.id, { nome: r.nome }])),
    };
  },

  preparar(valores, registroId, indice) {
    const schema = registroId === null ? servicoCreateSchema : servicoUpdateSchema;
    const resultado = schema.safeParse(valores);
    if (!resultado.success) {
      return {
        erros: errosDoSchema(resultado.error.issues, CAMPO_DO_SERVICO, CAMPOS_IMPORTACAO.servicos),
      };
    }
    const dados = resultado.data;
    const erros: ErroLinha[] = [];
    const codigoNacional = dados.codigoTributacaoNacional;
    if (codigoNacional && !isCodigoServicoNacional(codigoNacional)) {
      erros.push({
        campo: 'codigoTributacaoNacional',
        mensagem: SERVICO_MESSAGES.codigoTributacaoNacional,
      });
    }
    const codigo = dados.codigoInterno;
    const dono = codigo ? indice.porChave.codigoInterno!.get(codigo.toLowerCase()) : undefined;
    if (dono !== undefined && dono !== registroId) {
      erros.push({ campo: 'codigoInterno', mensagem: SERVICO_MESSAGES.codigoInternoDuplicado });
    }
    return erros.length ? { erros } : { dados, erros };
  },

  async gravarLote(itens, { tx }) {
    for (const { dados, registroId } of itens) {
      if (registroId === null) await createServico(tx, dados as ServicoCreate);
      else await updateServico(tx, registroId, dados as ServicoUpdate);
    }
  },
};

// ---------------------------------------------------------------------------------------------
// Saldo inicial de estoque: one entrada per row through the stock ledger.

interface DadosEstoque {
  movimentacao: MovimentacaoInput;
  custo: { nome: string; custo: number } | null;
}

const definicaoEstoque: DefinicaoTipo = {
  sempreCria: true,
  chaveDe(chave, textos) {
    const texto = (textos.produto ?? '').trim();
    if (!texto) return null;
    return chave === 'codigo_interno' ? texto.toLowerCase() : texto;
  },

  carregarIndice: (db) => definicaoProdutos.carregarIndice(db),

  preparar(valores, _registroId, indice, chave) {
    const erros: ErroLinha[] = [];
    const texto = String(valores.produto ?? '').trim();
    const normalizado = chave === 'codigo_interno' ? texto.toLowerCase() : texto;
    const produtoId = texto ? indice.porChave[chave]?.get(normalizado) : undefined;
    const produto = produtoId !== undefined ? indice.registros.get(produtoId) : undefined;
    if (texto && !produto)
      erros.push({ campo: 'produto', mensagem: M.produtoNaoEncontrado(texto) });
    if (produto && produto.movimentaEstoque === false) {
      erros.push({ campo: 'produto', mensagem: M.produtoSemEstoque(produto.nome) });
    }
    const resultado = movimentacaoInputSchema.safeParse({
      tipo: 'entrada',
      produto_id: produtoId ?? null,
      quantidade: valores.quantidade ?? null,
      data: valores.data ?? null,
      motivo: M.saldoInicialMotivo,
      observacoes: valores.observacoes ?? null,
    });
    if (!resultado.success) {
      const campos = CAMPOS_IMPORTACAO.estoque;
      for (const erro of errosDoSchema(resultado.error.issues, { produto_id: 'produto' }, campos)) {
        // A missing product is said once, with its code.
        if (erro.campo === 'produto' && texto) continue;
        erros.push(erro);
      }
    }
    let custo: DadosEstoque['custo'] = null;
    if (valores.custo !== undefined && produto) {
      const custoLido = produtoUpdateSchema.safeParse({ nome: produto.nome, custo: valores.custo });
      if (!custoLido.success) {
        erros.push(...errosDoSchema(custoLido.error.issues, {}, CAMPOS_IMPORTACAO.estoque));
      } else {
        custo = { nome: produto.nome, custo: custoLido.data.custo! };
      }
    }
    if (erros.length || !resultado.success) return { erros };
    const dados: DadosEstoque = { movimentacao: resultado.data, custo };
    return { dados, erros };
  },

  async gravarLote(itens, { tx, usuarioId, usuarioNome, timeZone }) {
    for (const { dados } of itens) {
      const { movimentacao, custo } = dados as DadosEstoque;
      await createMovimentacao(tx, movimentacao, { usuarioId, usuarioNome, timeZone });
      if (custo) await updateProduto(tx, movimentacao.produto_id, custo, usuarioId);
    }
  },
};

export const DEFINICOES: Record<TipoImportacao, DefinicaoTipo> = {
  clientes: definicaoCadastro('clientes'),
  fornecedores: definicaoCadastro('fornecedores'),
  funcionarios: definicaoCadastro('funcionarios'),
  transportadoras: definicaoCadastro('transportadoras'),
  produtos: definicaoProdutos,
  servicos: definicaoServicos,
  estoque: definicaoEstoque,
};
