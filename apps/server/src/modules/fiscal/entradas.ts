// Purchases entered from the supplier's NF-e (issue 29, item 5): the uploaded nfeProc is checked
// (official schema, XMLDSig, SEFAZ's authorization, addressed to the company, not entered
// before), each item gets a proposed product, and the confirmation writes the supplier, the
// products to create, the entry, one stock entrada per product through the ledger, the supplier's
// codes and the payables, all in one transaction.
import { formatCnpj } from '@prumo/shared/brasil';
import { parseCadastroPayload } from '@prumo/shared/cadastros';
import { addDaysISO, formatDate, toISODate } from '@prumo/shared/dates';
import { fromMilesimos } from '@prumo/shared/estoque';
import {
  ENTRADAS_MENSAGENS as M,
  type EntradaConfirmar,
  type EntradaPrevia,
  type EntradaPreviaItem,
  type OrigemSugestao,
} from '@prumo/shared/fiscal';
import { municipioPorCodigo } from '@prumo/shared/municipios';
import { calcularValoresProduto, PRECO_PADRAO, produtoCreateSchema } from '@prumo/shared/produtos';
import { MAX_QUANTITY } from '@prumo/shared/validation';
import type { FormaPagamento } from '@prumo/shared/vendas';
import type { Config } from '../../config';
import type { Database, Transaction } from '../../db/database';
import { PG_ERROR, pgConstraint, pgErrorCode } from '../../db/pg-errors';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import { AppError, badRequest } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { createCadastro } from '../cadastros/cadastros.repository';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { registrarEntradasDoDocumento } from '../estoque/estoque.repository';
import { criarTitulo } from '../financeiro/financeiro.repository';
import { createProduto } from '../produtos/produtos.repository';
import { lerNfe, NfeIlegivel, type ItemNfe, type NfeLida } from './danfe/nfe-leitura';
import {
  categoriaDeCompras,
  codigosLembrados,
  entradaDaChave,
  fornecedorPorCnpj,
  inserirEntrada,
  lembrarCodigos,
  produtosPorCodigoDeBarras,
  produtosPorId,
  travarFornecedor,
  type ProdutoCandidato,
} from './entradas.repository';
import { assinaturaValida } from './nfe/assinatura';
import { validarXml } from './nfe/esquemas';
import { gtinValido } from './nfe/gtin';
import { ratear } from './nfe/nfe-xml';
import { semDeclaracao } from './sefaz/soap';

/** cStat of an authorized note: 100, or 150 (authorized after the deadline). */
const AUTORIZADA = new Set(['100', '150']);
/** A note's payables are due this many days after its issue when it has no duplicatas. */
const PRAZO_SEM_DUPLICATAS_DIAS = 30;
/** tPag (the note's payment) as the finance's payment method, where there is one. */
const FORMA_DO_TPAG: Record<string, FormaPagamento> = {
  '01': 'dinheiro',
  '03': 'cartao_credito',
  '04': 'cartao_debito',
  '15': 'boleto',
  '17': 'pix',
  '20': 'pix',
};
const MAX_MILESIMOS = BigInt(Math.round(MAX_QUANTITY * 1000));

/** One item of the note, with what it costs in the stock. */
export interface ItemDaNota {
  nItem: number;
  codigo: string;
  descricao: string;
  /** A GTIN SEFAZ accepts, or null. */
  gtin: string | null;
  ncm: string;
  cest: string;
  cfop: string;
  origem: number;
  unidade: string;
  /** qCom in thousandths (numeric(14,3): a fourth decimal is rounded). */
  quantidadeMilesimos: number;
  valorUnitario: number;
  /** vProd − vDesc + its share of the note's freight, insurance and other expenses. */
  custoCentavos: number;
}

/** A note checked and read: everything the preview and the confirmation need. */
export interface NotaDeEntrada {
  /** The nfeProc as stored (its XML declaration dropped: the text is Unicode). */
  xml: string;
  chave: string;
  numero: number;
  serie: number;
  emitidaEm: Date;
  homologacao: boolean;
  emitente: NfeLida['emit'];
  itens: ItemDaNota[];
  valorProdutos: number;
  valorDesconto: number;
  valorDespesas: number;
  valorTotal: number;
  parcelas: Array<{ numero: string | null; vencimento: string; valorCentavos: number }>;
  forma: FormaPagamento | null;
}

/** The file's text: UTF-8 (BOM allowed) or, when its declaration says so, ISO-8859-1. */
function textoDoArquivo(conteudo: Buffer): string {
  // The declaration is ASCII in either encoding (after a UTF-8 BOM, "ï»¿" read as Latin-1).
  const inicio = conteudo.subarray(0, 200).toString('latin1').replace(/^ï»¿/, '');
  const codificacao = /^\s*<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(inicio)?.[1];
  const latin1 = /^(iso-8859-1|latin-?1|windows-1252|cp1252)$/i.test(codificacao ?? '');
  try {
    const texto = new TextDecoder(latin1 ? 'latin1' : 'utf-8', { fatal: true }).decode(conteudo);
    return semDeclaracao(texto.replace(/^\uFEFF/, '')).trim();
  } catch {
    throw badRequest(M.ilegivel('o texto não está em UTF-8'), { xml: M.arquivo });
  }
}

const recusa = (mensagem: string) => badRequest(mensagem, { xml: mensagem });

/** "1.0000" → 1000 thousandths; a fourth decimal rounds. */
const milesimos = (quantidade: number) => Math.round(quantidade * 1000);

function itemDaNota(item: ItemNfe, despesaCentavos: number): ItemDaNota {
  return {
    nItem: item.nItem,
    codigo: item.cProd,
    descricao: item.xProd,
    gtin: gtinValido(item.cEAN) ? item.cEAN : null,
    ncm: item.NCM,
    cest: item.CEST,
    cfop: item.CFOP,
    origem: Number(item.orig) || 0,
    unidade: item.uCom.toUpperCase(),
    quantidadeMilesimos: milesimos(item.qCom),
    valorUnitario: item.vUnCom,
    custoCentavos: item.vProd - item.vDesc + despesaCentavos,
  };
}

/**
 * Checks the uploaded nfeProc and reads it; refuses (pt-BR, 4xx) a file that is not an
 * authorized NF-e signed as SEFAZ signs it, one addressed to another company, and a key entered
 * before (409, with the day of that entry).
 */
export async function lerNotaDeEntrada(
  db: Database,
  config: Config,
  conteudo: Buffer,
): Promise<NotaDeEntrada> {
  const xml = textoDoArquivo(conteudo);
  if (!xml.startsWith('<')) throw recusa(M.ilegivel('o arquivo não é um XML'));
  // An NF-e never declares a DTD: refused before any parser could expand its entities.
  if (/<!(DOCTYPE|ENTITY)/i.test(xml)) throw recusa(M.ilegivel('o XML declara uma DTD'));
  const validacao = await validarXml(xml, 'procNFe');
  if (!validacao.valido) throw recusa(M.esquema(validacao.erros[0] ?? ''));
  if (!assinaturaValida(xml)) throw recusa(M.assinatura);
  let nota: NfeLida;
  try {
    nota = lerNfe(xml);
  } catch (erro) {
    if (erro instanceof NfeIlegivel) throw recusa(M.ilegivel(erro.message));
    throw erro;
  }
  if (nota.ide.mod !== 55) throw recusa(M.modelo);
  const protocolo = nota.protocolo;
  if (!protocolo || !AUTORIZADA.has(protocolo.cStat)) {
    throw recusa(M.naoAutorizada(protocolo?.cStat ?? '—', protocolo?.xMotivo ?? 'sem protocolo'));
  }
  // The reader gives the protocol's status; its key is read here (the schema placed it).
  const chaveDoProtocolo = /<(?:\w+:)?protNFe\b[\s\S]*?<(?:\w+:)?chNFe>([^<]*)</.exec(xml)?.[1];
  if (chaveDoProtocolo !== nota.chave) throw recusa(M.protocoloDeOutraNota);
  if (!nota.emit.CNPJ) throw recusa(M.emitenteSemCnpj);

  const empresa = await getEmpresa(db, config);
  if (!empresa.documento) throw recusa(M.empresaSemCnpj);
  const destinatario = nota.dest?.CNPJ || nota.dest?.CPF || '';
  if (destinatario !== empresa.documento) {
    throw recusa(M.outraEmpresa(formatCnpj(destinatario) || 'não informado'));
  }
  await recusarSeLancada(db, nota.chave, config.timeZone);

  const total = nota.total;
  const liquidos = nota.det.map((item) => item.vProd - item.vDesc);
  const despesas = total.vFrete + total.vSeg + total.vOutro;
  const rateio = ratear(despesas, liquidos);
  const emitidaEm = new Date(nota.ide.dhEmi);
  const duplicatas = (nota.cobr?.dup ?? []).filter((dup) => dup.vDup > 0);
  const pagamentos = nota.pag.detPag.map((pag) => pag.tPag);
  const semPagamento = pagamentos.length > 0 && pagamentos.every((tPag) => tPag === '90');
  const parcelas = duplicatas.length
    ? duplicatas.map((dup) => ({
        numero: dup.nDup || null,
        vencimento: dup.dVenc,
        valorCentavos: dup.vDup,
      }))
    : total.vNF > 0 && !semPagamento
      ? [
          {
            numero: null,
            vencimento: addDaysISO(
              toISODate(emitidaEm, config.timeZone),
              PRAZO_SEM_DUPLICATAS_DIAS,
            ),
            valorCentavos: total.vNF,
          },
        ]
      : [];
  return {
    xml,
    chave: nota.chave,
    numero: nota.ide.nNF,
    serie: nota.ide.serie,
    emitidaEm,
    homologacao: nota.ide.tpAmb === 2,
    emitente: nota.emit,
    itens: nota.det.map((item, i) => itemDaNota(item, rateio[i]!)),
    valorProdutos: total.vProd,
    valorDesconto: total.vDesc,
    valorDespesas: despesas,
    valorTotal: total.vNF,
    parcelas,
    forma: FORMA_DO_TPAG[pagamentos.find((tPag) => tPag !== '90') ?? ''] ?? null,
  };
}

async function recusarSeLancada(db: Database | Transaction, chave: string, timeZone: string) {
  const anterior = await entradaDaChave(db, chave);
  if (anterior) {
    throw new AppError('DUPLICADO', M.jaLancada(formatDate(anterior.createdAt, timeZone)), {
      xml: M.jaLancada(formatDate(anterior.createdAt, timeZone)),
    });
  }
}

// ----- matching ---------------------------------------------------------------------------------

/** A GTIN's 14-digit form (GS1 compares GTIN-8/12/13/14 so). */
const gtin14 = (gtin: string) => gtin.padStart(14, '0');

/** The ways a GTIN may be written in a product's barcode: its 8/12/13/14-digit forms. */
function grafiasDoGtin(gtin: string): string[] {
  const significativo = gtin.replace(/^0+/, '');
  return [8, 12, 13, 14]
    .filter((tamanho) => tamanho >= significativo.length)
    .map((tamanho) => significativo.padStart(tamanho, '0'));
}

/** The products whose barcode is each GTIN of the items, by the GTIN's 14-digit form. */
async function produtosDosGtins(
  db: Database | Transaction,
  gtins: ReadonlyArray<string | null>,
): Promise<Map<string, ProdutoCandidato[]>> {
  const validos = [...new Set(gtins.filter((gtin): gtin is string => gtin !== null))];
  const porGtin = new Map<string, ProdutoCandidato[]>();
  if (validos.length === 0) return porGtin;
  const encontrados = await produtosPorCodigoDeBarras(db, validos.flatMap(grafiasDoGtin));
  for (const { codigo_barras, ...produto } of encontrados) {
    const chave = gtin14(codigo_barras);
    porGtin.set(chave, [...(porGtin.get(chave) ?? []), produto]);
  }
  return porGtin;
}

interface Sugestao {
  produto: ProdutoCandidato | null;
  origem: OrigemSugestao;
  fator: number;
  gtinAmbiguo: ProdutoCandidato[];
}

/**
 * What each item becomes unless the user says otherwise: the product its supplier code was
 * entered as before (with that factor), else the one product with its GTIN, else a new product.
 */
async function sugestoes(
  db: Database,
  fornecedorId: number | null,
  itens: readonly ItemDaNota[],
): Promise<Sugestao[]> {
  const [lembrados, porGtin] = await Promise.all([
    fornecedorId === null
      ? new Map<string, { produto: ProdutoCandidato; fator: number }>()
      : codigosLembrados(
          db,
          fornecedorId,
          itens.map((item) => item.codigo),
        ),
    produtosDosGtins(
      db,
      itens.map((item) => item.gtin),
    ),
  ]);
  return itens.map((item) => {
    const lembrado = lembrados.get(item.codigo);
    if (lembrado) return { ...lembrado, origem: 'codigo_fornecedor', gtinAmbiguo: [] };
    const candidatos = item.gtin ? (porGtin.get(gtin14(item.gtin)) ?? []) : [];
    if (candidatos.length === 1) {
      return { produto: candidatos[0]!, origem: 'gtin', fator: 1, gtinAmbiguo: [] };
    }
    return { produto: null, origem: 'criar', fator: 1, gtinAmbiguo: candidatos };
  });
}

const reais = (centavos: number) => centavos / 100;

/** POST /api/entradas-nfe/previa: the supplier, each item's proposal and the payables. */
export async function previaDaEntrada(db: Database, nota: NotaDeEntrada): Promise<EntradaPrevia> {
  const emit = nota.emitente;
  const fornecedor = await fornecedorPorCnpj(db, emit.CNPJ);
  const propostas = await sugestoes(db, fornecedor?.id ?? null, nota.itens);
  const itens: EntradaPreviaItem[] = nota.itens.map((item, i) => {
    const { produto, origem, fator, gtinAmbiguo } = propostas[i]!;
    return {
      n_item: item.nItem,
      codigo: item.codigo,
      descricao: item.descricao,
      gtin: item.gtin,
      ncm: item.ncm,
      cfop: item.cfop,
      unidade: item.unidade,
      quantidade: fromMilesimos(item.quantidadeMilesimos),
      valor_unitario: item.valorUnitario,
      custo_total: reais(item.custoCentavos),
      produto,
      origem,
      fator,
      gtin_ambiguo: gtinAmbiguo,
    };
  });
  return {
    chave: nota.chave,
    numero: nota.numero,
    serie: nota.serie,
    emitida_em: nota.emitidaEm.toISOString(),
    homologacao: nota.homologacao,
    valor_produtos: reais(nota.valorProdutos),
    valor_desconto: reais(nota.valorDesconto),
    valor_despesas: reais(nota.valorDespesas),
    valor_total: reais(nota.valorTotal),
    fornecedor: {
      id: fornecedor?.id ?? null,
      nome: fornecedor?.nome ?? emit.xNome,
      cnpj: emit.CNPJ,
      inscricao_estadual: emit.IE || null,
      cidade: emit.endereco.xMun || null,
      uf: emit.endereco.UF || null,
    },
    itens,
    parcelas: nota.parcelas.map((parcela) => ({
      numero: parcela.numero,
      vencimento: parcela.vencimento,
      valor: reais(parcela.valorCentavos),
    })),
  };
}

// ----- confirmation -------------------------------------------------------------------------------

/** An item with the user's decision: its product (or none yet) and the quantity in its unit. */
interface ItemDecidido {
  item: ItemDaNota;
  produtoId: number | null;
  fatorMilesimos: number;
  quantidadeMilesimos: number;
  custoUnitarioCentavos: number;
}

/** Pairs each item with its decision; every item once, no other. */
function decidir(nota: NotaDeEntrada, dados: EntradaConfirmar): ItemDecidido[] {
  const porItem = new Map<number, EntradaConfirmar['itens'][number]>();
  for (const decisao of dados.itens) {
    if (porItem.has(decisao.n_item)) throw badRequest(M.itemRepetido(decisao.n_item));
    if (!nota.itens.some((item) => item.nItem === decisao.n_item)) {
      throw badRequest(M.itemInexistente(decisao.n_item));
    }
    porItem.set(decisao.n_item, decisao);
  }
  return nota.itens.map((item) => {
    const decisao = porItem.get(item.nItem);
    if (!decisao) throw badRequest(M.itemFaltando(item.nItem));
    const fatorMilesimos = milesimos(decisao.fator);
    // qCom × fator in thousandths, rounded half up (BigInt: the product passes 2^53).
    const quantidade = (BigInt(item.quantidadeMilesimos) * BigInt(fatorMilesimos) + 500n) / 1000n;
    if (quantidade <= 0n || quantidade > MAX_MILESIMOS) {
      throw badRequest(M.quantidade(item.nItem));
    }
    // The cost of one unit of the product, to the centavo (half up).
    const custo = (BigInt(item.custoCentavos) * 2000n + quantidade) / (2n * quantidade);
    return {
      item,
      produtoId: decisao.produto_id,
      fatorMilesimos,
      quantidadeMilesimos: Number(quantidade),
      custoUnitarioCentavos: Number(custo),
    };
  });
}

/** The supplier from the note's emitente; a field the registry refuses is left out. */
async function criarFornecedor(tx: Transaction, emit: NfeLida['emit']): Promise<number> {
  const endereco = emit.endereco;
  const municipio = municipioPorCodigo(Number(endereco.cMun));
  const payload: Record<string, unknown> = {
    tipo: 'fornecedor',
    tipo_fornecedor: emit.CRT === '4' ? 'mei' : 'pessoa-juridica',
    nome: emit.xNome,
    cnpj: emit.CNPJ,
    inscricao_estadual: emit.IE || null,
    telefone: endereco.fone || null,
    endereco_tipo: 'comercial',
    cep: endereco.CEP || null,
    logradouro: endereco.xLgr || null,
    numero: endereco.nro || null,
    complemento: endereco.xCpl || null,
    bairro: endereco.xBairro || null,
    codigo_municipio: municipio ? municipio.codigo : null,
  };
  let lido = parseCadastroPayload(payload, 'create');
  if (!lido.success) {
    for (const issue of lido.error.issues) {
      const campo = issue.path[0];
      if (typeof campo === 'string' && !['tipo', 'nome', 'cnpj'].includes(campo)) {
        delete payload[campo];
      }
    }
    lido = parseCadastroPayload(payload, 'create');
  }
  if (!lido.success) throw badRequest(M.fornecedor(lido.error.issues[0]?.message ?? ''));
  return createCadastro(tx, lido.data);
}

/** A product made from an item: its description, GTIN (when free), NCM, cost and unit. */
async function criarProduto(
  tx: Transaction,
  decidido: ItemDecidido,
  gtinLivre: boolean,
  usuarioId: number,
): Promise<number> {
  const { item } = decidido;
  const custo = reais(decidido.custoUnitarioCentavos);
  const preco = calcularValoresProduto({ custo }).valor_venda_sugerido;
  const dados = produtoCreateSchema.safeParse({
    nome: item.descricao,
    codigo_barras: gtinLivre ? item.gtin : null,
    // A box of 12 entered as 12 units: the product counts units; otherwise the note's unit.
    unidade_medida: decidido.fatorMilesimos === 1000 ? item.unidade.slice(0, 10) : 'UN',
    custo,
    preco: preco > 0 ? preco : PRECO_PADRAO,
    ncm: /^\d{8}$/.test(item.ncm) ? item.ncm : null,
    cest: /^\d{7}$/.test(item.cest) ? item.cest : null,
    origem: item.origem <= 2 ? item.origem : 0,
  });
  if (!dados.success) {
    throw badRequest(`Item ${item.nItem}: ${dados.error.issues[0]?.message ?? M.produto}`);
  }
  return (await createProduto(tx, dados.data, [], usuarioId)).id;
}

/** "Compra NF-e 123 — Fornecedor": the ledger's reason and the payable's description. */
const descricaoDaCompra = (nota: NotaDeEntrada, fornecedor: string) =>
  `Compra NF-e ${nota.numero} — ${fornecedor}`.slice(0, 200);

/**
 * POST /api/entradas-nfe: everything in one transaction, serialised per supplier, so the same
 * note confirmed twice (or at once) is entered once. Answers the entry's id.
 */
export async function confirmarEntrada(
  db: Database,
  usuario: AuthenticatedUser,
  config: Config,
  nota: NotaDeEntrada,
  dados: EntradaConfirmar,
): Promise<number> {
  const decididos = decidir(nota, dados);
  const cnpj = nota.emitente.CNPJ;
  try {
    return await comAuditoria(db, usuario, async (tx) => {
      await travarFornecedor(tx, cnpj);
      await recusarSeLancada(tx, nota.chave, config.timeZone);
      const fornecedor = (await fornecedorPorCnpj(tx, cnpj)) ?? {
        id: await criarFornecedor(tx, nota.emitente),
        nome: nota.emitente.xNome,
      };
      const fornecedorId = fornecedor.id;

      const escolhidos = [...new Set(decididos.flatMap((d) => d.produtoId ?? []))];
      const existentes = new Set((await produtosPorId(tx, escolhidos)).map((p) => p.id));
      const faltando = decididos.find((d) => d.produtoId !== null && !existentes.has(d.produtoId));
      if (faltando) throw badRequest(M.produtoDoItem(faltando.item.nItem));

      const aCriar = decididos.filter((d) => d.produtoId === null);
      const gtinsUsados = new Set(
        (
          await produtosDosGtins(
            tx,
            aCriar.map((d) => d.item.gtin),
          )
        ).keys(),
      );
      for (const decidido of aCriar) {
        const gtin = decidido.item.gtin && gtin14(decidido.item.gtin);
        const livre = gtin !== null && !gtinsUsados.has(gtin);
        if (gtin) gtinsUsados.add(gtin);
        decidido.produtoId = await criarProduto(tx, decidido, livre, usuario.id);
      }

      const descricao = descricaoDaCompra(nota, fornecedor.nome);
      const entradaId = await inserirEntrada(
        tx,
        {
          chave: nota.chave,
          fornecedorId,
          numero: nota.numero,
          serie: nota.serie,
          emitidaEm: nota.emitidaEm,
          valorTotal: reais(nota.valorTotal),
          xml: nota.xml,
          usuarioId: usuario.id,
        },
        decididos.map((d) => ({
          ordem: d.item.nItem,
          produtoId: d.produtoId!,
          codigoFornecedor: d.item.codigo,
          descricao: d.item.descricao.slice(0, 200),
          gtin: d.item.gtin,
          unidadeNota: d.item.unidade.slice(0, 10),
          quantidadeNota: fromMilesimos(d.item.quantidadeMilesimos),
          fator: fromMilesimos(d.fatorMilesimos),
          quantidade: fromMilesimos(d.quantidadeMilesimos),
          custoUnitario: reais(d.custoUnitarioCentavos),
          valorTotal: reais(d.item.custoCentavos),
        })),
      );
      await registrarEntradasDoDocumento(
        tx,
        decididos.map((d) => ({
          produtoId: d.produtoId!,
          quantidade: fromMilesimos(d.quantidadeMilesimos),
        })),
        {
          origem: { entradaNfeId: entradaId },
          motivo: descricao,
          usuarioId: usuario.id,
          timeZone: config.timeZone,
        },
      );
      await lembrarCodigos(
        tx,
        fornecedorId,
        new Map(
          decididos.map((d) => [
            d.item.codigo,
            { produtoId: d.produtoId!, fator: fromMilesimos(d.fatorMilesimos) },
          ]),
        ),
      );
      if (nota.parcelas.length > 0) {
        const total = nota.parcelas.reduce((soma, parcela) => soma + parcela.valorCentavos, 0);
        await criarTitulo(
          tx,
          {
            natureza: 'pagar',
            descricao,
            pessoa_id: fornecedorId,
            categoria_id: await categoriaDeCompras(tx),
            centro_custo: null,
            documento: `NF-e ${nota.numero}/${nota.serie}`,
            competencia: toISODate(nota.emitidaEm, config.timeZone),
            forma_pagamento: nota.forma,
            valor: reais(total),
            vencimento: null,
            parcelas: nota.parcelas.map((parcela) => ({
              vencimento: parcela.vencimento,
              valor: reais(parcela.valorCentavos),
            })),
            recorrente_meses: null,
            observacoes: `Chave de acesso ${nota.chave}`,
            entrada_nfe_id: entradaId,
          },
          { usuario, timeZone: config.timeZone },
        );
      }
      return entradaId;
    });
  } catch (erro) {
    // The key's unique index is the last guard against a second entry of the same note.
    if (
      pgErrorCode(erro) === PG_ERROR.uniqueViolation &&
      pgConstraint(erro) === 'entradas_nfe_chave_unique'
    ) {
      await recusarSeLancada(db, nota.chave, config.timeZone);
    }
    throw erro;
  }
}
