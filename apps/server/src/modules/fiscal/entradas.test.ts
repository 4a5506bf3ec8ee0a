import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '@prumo/shared/brasil';
import { formatDate } from '@prumo/shared/dates';
import {
  entradaNfeSchema,
  entradaPreviaSchema,
  type EntradaNfe,
  type EntradaPrevia,
} from '@prumo/shared/fiscal';
import { selectRows } from '../../db/sql-helpers';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import { multipart } from '../../test/multipart-body';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { gerarCertificadoTeste, type CertificadoTeste } from './certificado/certificado-teste';
import {
  CNPJ_FORNECEDOR_EXEMPLO,
  itemDeCompra,
  nfeProcDeCompra,
  notaDeCompra,
  RAZAO_FORNECEDOR_EXEMPLO,
  type Duplicata,
  type OpcoesCompra,
} from './entradas-exemplo';

/*
 * Purchases entered from the supplier's NF-e XML (issue 29, item 5), with notes made by the
 * project's own builder and signed with a test A1: the preview's proposals (GTIN, a GTIN on two
 * products, the supplier's remembered codes, create), the confirmation's stock, costs and
 * payables in one transaction, the same note twice (also at once) entered once, and the broken
 * files refused with nothing written.
 */

let ctx: TestContext;
let certificado: CertificadoTeste;
let cafe: number;
let ambiguoA: number;
let ambiguoB: number;

/** GTIN of the coffee; the UPC-A below is on two products (12- and 13-digit spellings). */
const GTIN_CAFE = '7891000315507';
const UPC = '012345678905';

beforeAll(async () => {
  ctx = await createTestContext();
  certificado = gerarCertificadoTeste({
    cnpj: CNPJ_FORNECEDOR_EXEMPLO,
    razaoSocial: RAZAO_FORNECEDOR_EXEMPLO,
  });
  cafe = await produto({ nome: 'Café torrado 500 g', codigo_barras: GTIN_CAFE, estoque: 10 });
  ambiguoA = await produto({ nome: 'Filtro de papel 103', codigo_barras: UPC });
  ambiguoB = await produto({ nome: 'Filtro de papel 103 (caixa)', codigo_barras: `0${UPC}` });
});
afterAll(() => ctx?.close());

async function produto(dados: Record<string, unknown>): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: { preco: 20, custo: 7.5, ...dados },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/**
 * The main note: a box of 12 coffees (GTIN), a UPC on two products and an item with no GTIN;
 * R$ 3,00 of discount and R$ 9,90 of freight spread by the builder; vNF R$ 306,90.
 */
function compra(outros: Partial<OpcoesCompra> = {}) {
  return notaDeCompra({
    numero: 101,
    itens: [
      itemDeCompra(1, {
        gtin: GTIN_CAFE,
        descricao: 'Cafe torrado 500 g cx 12',
        unidade: 'CX',
        quantidade: 2,
        valorUnitarioCentavos: 12_000,
      }),
      itemDeCompra(2, { gtin: UPC, quantidade: 3, valorUnitarioCentavos: 1_000 }),
      itemDeCompra(3, {
        descricao: 'Coador de pano',
        ncm: '63079090',
        quantidade: 5,
        valorUnitarioCentavos: 600,
      }),
    ],
    descontoCentavos: 300,
    freteCentavos: 990,
    ...outros,
  });
}

const DUPLICATAS: Duplicata[] = [
  { nDup: '001', dVenc: '2026-12-27', vDupCentavos: 15_345 },
  { nDup: '002', dVenc: '2027-01-26', vDupCentavos: 15_345 },
];

function xmlDe(outros: Partial<OpcoesCompra> = {}, duplicatas: Duplicata[] = []) {
  return nfeProcDeCompra(compra(outros), certificado.pem, duplicatas);
}

function enviar(
  url: string,
  xml: string | Buffer | null,
  dados?: unknown,
  opcoes: { as?: string; headers?: Record<string, string> } = {},
) {
  const corpo = multipart(
    dados === undefined ? {} : { dados: JSON.stringify(dados) },
    xml === null
      ? []
      : [{ field: 'xml', name: 'nfe.xml', type: 'application/xml', content: Buffer.from(xml) }],
  );
  return ctx.request({
    method: 'POST',
    url,
    as: opcoes.as,
    payload: corpo.payload,
    headers: { ...corpo.headers, ...opcoes.headers },
  });
}

const previa = (xml: string | Buffer | null) => enviar('/api/entradas-nfe/previa', xml);
const confirmar = (xml: string, dados: unknown, headers?: Record<string, string>) =>
  enviar('/api/entradas-nfe', xml, dados, { headers });

/** The preview's proposals as the decisions, with changes by item number. */
function decisoes(
  resposta: EntradaPrevia,
  mudancas: Record<number, { produto_id?: number | null; fator?: number }> = {},
) {
  return {
    itens: resposta.itens.map((item) => ({
      n_item: item.n_item,
      produto_id: item.produto?.id ?? null,
      fator: item.fator,
      ...mudancas[item.n_item],
    })),
  };
}

async function contagens() {
  const [row] = await selectRows<
    Record<
      'entradas' | 'itens' | 'movimentacoes' | 'titulos' | 'produtos' | 'cadastros' | 'codigos',
      number
    > & { estoque: unknown }
  >(
    ctx.database.db,
    sql`SELECT (SELECT count(*) FROM entradas_nfe)::int AS entradas,
      (SELECT count(*) FROM entrada_nfe_itens)::int AS itens,
      (SELECT count(*) FROM estoque_movimentacoes)::int AS movimentacoes,
      (SELECT count(*) FROM titulos)::int AS titulos,
      (SELECT count(*) FROM produtos)::int AS produtos,
      (SELECT count(*) FROM cadastros)::int AS cadastros,
      (SELECT count(*) FROM produtos_fornecedores)::int AS codigos,
      (SELECT coalesce(sum(estoque), 0)::numeric AS estoque FROM produtos) AS estoque`,
  );
  return row!;
}

async function estoqueDe(id: number) {
  const response = await ctx.request({ method: 'GET', url: `/api/produtos/${id}` });
  return response.json<{ estoque: number; custo: number; nome: string; unidade_medida: string }>();
}

describe('entrada por XML de compra', () => {
  let entrada: EntradaNfe;
  let xmlPrincipal: string;

  it('previews the note: new supplier, GTIN match, a GTIN on two products, create', async () => {
    xmlPrincipal = xmlDe({}, DUPLICATAS).xml;
    const antes = await contagens();
    const response = await previa(xmlPrincipal);
    expect(response.statusCode, response.body).toBe(200);
    const resposta = entradaPreviaSchema.parse(response.json());
    expect(resposta).toMatchObject({
      numero: 101,
      serie: 1,
      homologacao: true,
      valor_produtos: 300,
      valor_desconto: 3,
      valor_despesas: 9.9,
      valor_total: 306.9,
      fornecedor: { id: null, nome: RAZAO_FORNECEDOR_EXEMPLO, cnpj: CNPJ_FORNECEDOR_EXEMPLO },
      parcelas: [
        { numero: '001', vencimento: '2026-12-27', valor: 153.45 },
        { numero: '002', vencimento: '2027-01-26', valor: 153.45 },
      ],
    });
    const [um, dois, tres] = resposta.itens;
    expect(um).toMatchObject({
      codigo: 'F-1',
      gtin: GTIN_CAFE,
      unidade: 'CX',
      quantidade: 2,
      custo_total: 245.52,
      origem: 'gtin',
      produto: { id: cafe, nome: 'Café torrado 500 g', unidade: 'UN' },
      fator: 1,
    });
    expect(dois).toMatchObject({ origem: 'criar', produto: null, custo_total: 30.69 });
    expect(dois!.gtin_ambiguo.map((p) => p.id).sort()).toEqual([ambiguoA, ambiguoB].sort());
    expect(tres).toMatchObject({ origem: 'criar', produto: null, gtin: null, custo_total: 30.69 });
    expect(await contagens()).toEqual(antes);
  });

  it('enters stock, costs, supplier, codes and payables in one go', async () => {
    const resposta = (await previa(xmlPrincipal)).json<EntradaPrevia>();
    const response = await confirmar(
      xmlPrincipal,
      decisoes(resposta, { 1: { fator: 12 }, 2: { produto_id: ambiguoB } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    entrada = entradaNfeSchema.parse(response.json());
    expect(entrada).toMatchObject({
      numero: 101,
      valor_total: 306.9,
      fornecedor_nome: RAZAO_FORNECEDOR_EXEMPLO,
      fornecedor_cnpj: CNPJ_FORNECEDOR_EXEMPLO,
      total_itens: 3,
    });
    // (vProd − vDesc + freight share) / (qCom × fator), to the centavo.
    expect(
      entrada.itens.map((i) => [i.quantidade_nota, i.fator, i.quantidade, i.custo_unitario]),
    ).toEqual([
      [2, 12, 24, 10.23],
      [3, 1, 3, 10.23],
      [5, 1, 5, 6.14],
    ]);
    expect(entrada.itens.map((i) => i.valor_total)).toEqual([245.52, 30.69, 30.69]);
    const criado = entrada.itens[2]!.produto_id;
    expect(entrada.itens.map((i) => i.produto_id).slice(0, 2)).toEqual([cafe, ambiguoB]);

    expect((await estoqueDe(cafe)).estoque).toBe(34);
    expect((await estoqueDe(ambiguoB)).estoque).toBe(3);
    expect(await estoqueDe(criado)).toMatchObject({
      nome: 'Coador de pano',
      estoque: 5,
      custo: 6.14,
      unidade_medida: 'UN',
    });
    // An entrada does not touch the catalogue's cost (the stock screen's entradas do not either).
    expect((await estoqueDe(cafe)).custo).toBe(7.5);
    expect(entrada.movimentacoes.map((m) => [m.produto_id, m.quantidade]).sort()).toEqual(
      [
        [cafe, 24],
        [ambiguoB, 3],
        [criado, 5],
      ].sort(),
    );
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);

    expect(entrada.titulos).toHaveLength(1);
    const titulo = entrada.titulos[0]!;
    expect(titulo).toMatchObject({ valor: 306.9, cancelado: false });
    expect(titulo.parcelas.map((p) => [p.vencimento, p.valor, p.status])).toEqual([
      ['2026-12-27', 153.45, 'aberto'],
      ['2027-01-26', 153.45, 'aberto'],
    ]);
    const [financeiro] = await selectRows<Record<string, unknown>>(
      ctx.database.db,
      sql`SELECT t.natureza, t.pessoa_id, c.slug, t.forma_pagamento, t.competencia::text AS competencia
        FROM titulos t LEFT JOIN categorias_financeiras c ON c.id = t.categoria_id
        WHERE t.id = ${titulo.id}`,
    );
    expect(financeiro).toEqual({
      natureza: 'pagar',
      pessoa_id: entrada.fornecedor_id,
      slug: 'compra-mercadorias',
      forma_pagamento: 'boleto',
      competencia: '2026-11-27',
    });

    const fornecedor = await ctx.request({
      method: 'GET',
      url: `/api/cadastros/${entrada.fornecedor_id}`,
    });
    expect(fornecedor.json()).toMatchObject({
      tipo: 'fornecedor',
      nome: RAZAO_FORNECEDOR_EXEMPLO,
      cidade: 'São Paulo',
      uf: 'SP',
    });
  });

  it('refuses the same note again, preview and confirmation, changing nothing', async () => {
    const antes = await contagens();
    const lancadaEm = `Esta NF-e já foi lançada em ${formatDate(entrada.created_at, ctx.config.timeZone)}`;
    const deNovo = await previa(xmlPrincipal);
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json().message).toBe(lancadaEm);
    const confirmada = await confirmar(xmlPrincipal, {
      itens: entrada.itens.map((i) => ({ n_item: i.ordem, produto_id: i.produto_id, fator: 1 })),
    });
    expect(confirmada.statusCode).toBe(409);
    expect(confirmada.json().message).toBe(lancadaEm);
    expect(await contagens()).toEqual(antes);
  });

  it("remembers the supplier's codes and factors for its next note", async () => {
    const { xml } = xmlDe({ numero: 102 });
    const resposta = (await previa(xml)).json<EntradaPrevia>();
    expect(resposta.fornecedor.id).toBe(entrada.fornecedor_id);
    expect(resposta.itens.map((i) => [i.origem, i.produto?.id, i.fator])).toEqual([
      ['codigo_fornecedor', cafe, 12],
      ['codigo_fornecedor', ambiguoB, 1],
      ['codigo_fornecedor', entrada.itens[2]!.produto_id, 1],
    ]);
    // No duplicatas: one title of vNF due 30 days after the issue (27/11/2026).
    expect(resposta.parcelas).toEqual([{ numero: null, vencimento: '2026-12-27', valor: 306.9 }]);
    const antes = await contagens();
    const response = await confirmar(xml, decisoes(resposta));
    expect(response.statusCode, response.body).toBe(201);
    expect((await estoqueDe(cafe)).estoque).toBe(58);
    const depois = await contagens();
    expect(depois.produtos).toBe(antes.produtos);
    expect(depois.cadastros).toBe(antes.cadastros);
    expect(depois.codigos).toBe(antes.codigos);
    expect(depois.titulos).toBe(antes.titulos + 1);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('enters a note confirmed twice at once exactly once', async () => {
    const { xml } = xmlDe({ numero: 103 });
    const dados = decisoes((await previa(xml)).json<EntradaPrevia>());
    const antes = await contagens();
    const respostas = await Promise.all([confirmar(xml, dados), confirmar(xml, dados)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const depois = await contagens();
    expect(depois.entradas).toBe(antes.entradas + 1);
    expect(depois.titulos).toBe(antes.titulos + 1);
    expect(depois.movimentacoes).toBe(antes.movimentacoes + 3);
    expect((await estoqueDe(cafe)).estoque).toBe(82);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const { xml } = xmlDe({ numero: 104 });
    const dados = decisoes((await previa(xml)).json<EntradaPrevia>());
    const chave = { 'idempotency-key': 'entrada-104' };
    const primeira = await confirmar(xml, dados, chave);
    const repetida = await confirmar(xml, dados, chave);
    expect(primeira.statusCode).toBe(201);
    expect(repetida.statusCode).toBe(201);
    expect(repetida.headers['idempotent-replayed']).toBe('true');
    expect(repetida.json()).toEqual(primeira.json());
  });

  it('lists, searches, shows and hands back the XML of the entries', async () => {
    const lista = await ctx.request({ method: 'GET', url: '/api/entradas-nfe?limit=2' });
    expect(lista.statusCode).toBe(200);
    expect(lista.headers['x-total-count']).toBe('4');
    expect(lista.json<EntradaNfe[]>().map((e) => e.numero)).toEqual([104, 103]);
    for (const q of [entrada.chave, '101', 'distribuidora exemplo', '11.444.777']) {
      const achadas = await ctx.request({
        method: 'GET',
        url: `/api/entradas-nfe?q=${encodeURIComponent(q)}`,
      });
      const numeros = achadas.json<EntradaNfe[]>().map((e) => e.numero);
      expect(numeros, q).toContain(101);
      if (q === entrada.chave || q === '101') expect(numeros).toEqual([101]);
    }
    const detalhe = await ctx.request({ method: 'GET', url: `/api/entradas-nfe/${entrada.id}` });
    expect(detalhe.json()).toEqual(entrada);
    const xml = await ctx.request({ method: 'GET', url: `/api/entradas-nfe/${entrada.id}/xml` });
    expect(xml.headers['content-disposition']).toContain(`${entrada.chave}-procNFe.xml`);
    expect(xml.body).toBe(xmlPrincipal);
    const ausente = await ctx.request({ method: 'GET', url: '/api/entradas-nfe/999999' });
    expect(ausente.statusCode).toBe(404);
    const vendedor = await ctx.request({ method: 'GET', url: '/api/entradas-nfe', as: USER_EMAIL });
    expect(vendedor.statusCode).toBe(403);
  });
});

describe('broken files and decisions', () => {
  const outroCnpj = `123456780001${cnpjCheckDigits('123456780001')}`;

  it.each([
    ['no file', () => null, 'Envie o XML da NF-e do fornecedor (arquivo .xml)'],
    ['not XML', () => 'isto não é um XML', /^O arquivo não é um XML de NF-e legível/],
    [
      'a bare NFe',
      () =>
        xmlDe({ numero: 201 })
          .xml.replace(/^.*?<NFe /, '<NFe ')
          .replace(/<protNFe.*$/, ''),
      /^XML fora do esquema oficial: /,
    ],
    [
      'the wrong schema',
      () => xmlDe({ numero: 202 }).xml.replace(/<NCM>\d+<\/NCM>/, ''),
      /^XML fora do esquema oficial: /,
    ],
    [
      'a bad signature',
      () => xmlDe({ numero: 203 }).xml.replace('<vUnCom>120.00</vUnCom>', '<vUnCom>12.00</vUnCom>'),
      'Assinatura inválida',
    ],
    [
      "another company's note",
      () => xmlDe({ numero: 204, destinatarioCnpj: outroCnpj }).xml,
      'Esta NF-e não é destinada à empresa (CNPJ 12.345.678/0001-95)',
    ],
    [
      'the protocol of another note',
      () =>
        xmlDe({ numero: 206 }).xml.replace(
          /<chNFe>\d+<\/chNFe>/,
          `<chNFe>${xmlDe({ numero: 207 }).chave}</chNFe>`,
        ),
      'O protocolo de autorização do XML é de outra NF-e',
    ],
    [
      'a DTD',
      () => xmlDe({ numero: 208 }).xml.replace('?>', '?><!DOCTYPE nfeProc [<!ENTITY a "x">]>'),
      'O arquivo não é um XML de NF-e legível: o XML declara uma DTD',
    ],
    [
      'a note not authorized',
      () => xmlDe({ numero: 205 }).xml.replace('<cStat>100</cStat>', '<cStat>110</cStat>'),
      /^Esta NF-e não foi autorizada pela SEFAZ \(110: /,
    ],
  ])('refuses %s with a pt-BR message and writes nothing', async (_caso, xml, mensagem) => {
    const antes = await contagens();
    const conteudo = xml();
    for (const response of [
      await previa(conteudo),
      await enviar('/api/entradas-nfe', conteudo, {
        itens: [{ n_item: 1, produto_id: null, fator: 1 }],
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      const { message } = response.json<{ message: string }>();
      if (typeof mensagem === 'string') expect(message).toBe(mensagem);
      else expect(message).toMatch(mensagem);
    }
    expect(await contagens()).toEqual(antes);
  });

  it('refuses decisions that miss, repeat or invent items, or name no product', async () => {
    const { xml } = xmlDe({ numero: 301 });
    const base = decisoes((await previa(xml)).json<EntradaPrevia>());
    const casos: Array<[unknown, string]> = [
      [{ itens: base.itens.slice(1) }, 'Falta a decisão do item 1 da nota'],
      [{ itens: [...base.itens, base.itens[0]] }, 'O item 1 foi informado mais de uma vez'],
      [{ itens: [...base.itens, { ...base.itens[0], n_item: 9 }] }, 'A nota não tem o item 9'],
      [
        { itens: base.itens.map((i) => ({ ...i, produto_id: 987_654 })) },
        'Item 1: produto não encontrado',
      ],
      [
        { itens: base.itens.map((i) => ({ ...i, fator: 0 })) },
        'O fator de conversão deve ser maior que zero',
      ],
      [{ itens: base.itens, extra: 1 }, 'Campo não permitido: extra'],
    ];
    const antes = await contagens();
    for (const [dados, mensagem] of casos) {
      const response = await confirmar(xml, dados);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(mensagem);
    }
    expect(await contagens()).toEqual(antes);
  });
});
