import { createHash } from 'node:crypto';
import { settingsPending, withTransactionSettings } from '../db/transaction-settings';

/*
 * The floors' SQL. The statements the API runs for each scenario, copied from PostgreSQL's log
 * of one request of each (ALTER DATABASE … SET log_statement = 'all') with today's server: when
 * the API's queries change, capture them again and paste here. Two floors are built on them:
 * - the real floor (issue 34): the least the database must do for each request, in the fewest
 *   round trips: each read is one statement that checks the session and reads (comSessao);
 * - the old floor, kept for one release: the API's own statements replayed in its order with its
 *   parameters, the session lookup of the auth plugin first. It measured the app's overhead
 *   over its own queries, not over what the request needs.
 */

// The auth plugin's session lookup, on every request (the idle expiry is read once and cached).
export const SESSAO = `select "usuario_ativo"."id", "usuario_ativo"."nome", "usuario_ativo"."email", "usuario_ativo"."role", "sessoes"."id", "sessoes"."last_seen_at", ("dois_fatores" = false AND coalesce((SELECT p.dois_fatores_obrigatorio FROM preferencias p WHERE p.id = 1), false)) from "sessoes" inner join (select "id", "nome", "email", "role", ("dois_fatores_ativado_em" IS NOT NULL) as "dois_fatores" from "usuarios" where "usuarios"."ativo" = $1) "usuario_ativo" on "usuario_ativo"."id" = "sessoes"."usuario_id" where ("sessoes"."token_hash" = $2 and "sessoes"."expires_at" > now() and "sessoes"."last_seen_at" > now() - make_interval(secs => $3::double precision)) limit $4`;

// GET /api/produtos/{id}: the answer's JSON text, written by the database in one statement.
export const PRODUTO = `select (SELECT row_to_json(objeto) FROM (SELECT "produtos"."id" AS "id", "produtos"."nome" AS "nome", "produtos"."codigo_interno" AS "codigo_interno", "produtos"."codigo_barras" AS "codigo_barras", "produtos"."categoria_id" AS "grupo_produto", "produtos"."movimenta_estoque" AS "movimenta_estoque", "produtos"."habilitar_nota_fiscal" AS "habilitar_nota_fiscal", "produtos"."possui_variacoes" AS "possui_variacoes", "produtos"."possui_composicao" AS "possui_composicao", "produtos"."entrada_unidade" AS "entrada_unidade", "produtos"."saida_unidade" AS "saida_unidade", "produtos"."entrada_quantidade" AS "entrada_quantidade", "produtos"."saida_quantidade" AS "saida_quantidade", "produtos"."peso" AS "peso", "produtos"."largura" AS "largura", "produtos"."altura" AS "altura", "produtos"."comprimento" AS "comprimento", "produtos"."ativo" AS "ativo", "produtos"."descricao" AS "descricao", "produtos"."preco" AS "preco", "produtos"."custo" AS "custo", "produtos"."despesas_acessorias" AS "despesas_acessorias", "produtos"."outras_despesas" AS "outras_despesas", "produtos"."custo_final" AS "custo_final", "produtos"."lucro_sugerido" AS "lucro_sugerido", "produtos"."lucro_utilizado" AS "lucro_utilizado", "produtos"."valor_venda_sugerido" AS "valor_venda_sugerido", "produtos"."estoque" AS "estoque", "produtos"."estoque_minimo" AS "estoque_minimo", "produtos"."estoque_maximo" AS "estoque_maximo", "produtos"."unidade_medida" AS "unidade_medida", "produtos"."categoria_id" AS "categoria_id", "categoria"."nome" AS "categoria_nome", (
  SELECT "produto_fotos"."id" FROM "produto_fotos"
  WHERE "produto_fotos"."produto_id" = "produtos"."id"
  ORDER BY "produto_fotos"."ordem", "produto_fotos"."id" LIMIT 1) AS "foto_id", "produtos"."vendido_separadamente" AS "vendido_separadamente", "produtos"."comercializavel_pdv" AS "comercializavel_pdv", "produtos"."comissao" AS "comissao", "produtos"."cod_beneficio" AS "cod_beneficio", "produtos"."ncm" AS "ncm", "produtos"."cest" AS "cest", "produtos"."origem" AS "origem", "produtos"."peso_liquido" AS "peso_liquido", "produtos"."peso_bruto" AS "peso_bruto", "produtos"."numero_fci" AS "numero_fci", "produtos"."produto_especifico" AS "produto_especifico", coalesce((
  SELECT json_agg(json_build_object(
    'id', f.id, 'nome', a.nome, 'tipo_mime', a.tipo_mime, 'tamanho', a.tamanho
  ) ORDER BY f.ordem, f.id)
  FROM produto_fotos f JOIN arquivos a ON a.id = f.arquivo_id
  WHERE f.produto_id = "produtos"."id"), '[]'::json) AS "fotos", to_char("produtos"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created_at", to_char("produtos"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updated_at") AS objeto)::text from "produtos" inner join (select "id", "nome" from "categorias") "categoria" on "categoria"."id" = "produtos"."categoria_id" where "produtos"."id" = $1`;

// GET /api/produtos?q=&limit=: the page as JSON text written by the database, and its total.
export const PRODUTOS_LISTA = `
    SELECT
      (SELECT coalesce(json_agg(produto ORDER BY pagina.ordem), '[]')::text
       FROM (
         SELECT "produtos"."id" AS produto_id, row_number() OVER (ORDER BY "produtos"."nome_busca" ASC, "produtos"."nome" ASC, "produtos"."id" ASC) AS ordem
         FROM "produtos" 
         WHERE ("produtos"."nome_busca" LIKE normalize_search($1) OR "produtos"."codigos_busca" LIKE normalize_search($2))
         ORDER BY "produtos"."nome_busca" ASC, "produtos"."nome" ASC, "produtos"."id" ASC
         LIMIT $3 OFFSET $4
       ) AS pagina
       INNER JOIN "produtos" ON "produtos"."id" = pagina.produto_id
       INNER JOIN (select "id", "nome" from "categorias") "categoria" ON "categoria"."id" = "produtos"."categoria_id"
       CROSS JOIN LATERAL (SELECT "produtos"."id" AS "id", "produtos"."nome" AS "nome", "produtos"."codigo_interno" AS "codigo_interno", "produtos"."codigo_barras" AS "codigo_barras", "produtos"."categoria_id" AS "grupo_produto", "produtos"."movimenta_estoque" AS "movimenta_estoque", "produtos"."habilitar_nota_fiscal" AS "habilitar_nota_fiscal", "produtos"."possui_variacoes" AS "possui_variacoes", "produtos"."possui_composicao" AS "possui_composicao", "produtos"."entrada_unidade" AS "entrada_unidade", "produtos"."saida_unidade" AS "saida_unidade", "produtos"."entrada_quantidade" AS "entrada_quantidade", "produtos"."saida_quantidade" AS "saida_quantidade", "produtos"."peso" AS "peso", "produtos"."largura" AS "largura", "produtos"."altura" AS "altura", "produtos"."comprimento" AS "comprimento", "produtos"."ativo" AS "ativo", "produtos"."descricao" AS "descricao", "produtos"."preco" AS "preco", "produtos"."custo" AS "custo", "produtos"."despesas_acessorias" AS "despesas_acessorias", "produtos"."outras_despesas" AS "outras_despesas", "produtos"."custo_final" AS "custo_final", "produtos"."lucro_sugerido" AS "lucro_sugerido", "produtos"."lucro_utilizado" AS "lucro_utilizado", "produtos"."valor_venda_sugerido" AS "valor_venda_sugerido", "produtos"."estoque" AS "estoque", "produtos"."estoque_minimo" AS "estoque_minimo", "produtos"."estoque_maximo" AS "estoque_maximo", "produtos"."unidade_medida" AS "unidade_medida", "produtos"."categoria_id" AS "categoria_id", "categoria"."nome" AS "categoria_nome", (
  SELECT "produto_fotos"."id" FROM "produto_fotos"
  WHERE "produto_fotos"."produto_id" = "produtos"."id"
  ORDER BY "produto_fotos"."ordem", "produto_fotos"."id" LIMIT 1) AS "foto_id") AS produto) AS data,
      (SELECT count(*)::int FROM "produtos" WHERE ("produtos"."nome_busca" LIKE normalize_search($5) OR "produtos"."codigos_busca" LIKE normalize_search($6))) AS total`;

// GET /api/produtos/search?q=: up to 20 by relevance.
export const PRODUTO_BUSCA = `select "produtos"."id", "produtos"."nome", "categoria"."nome", "produtos"."estoque", "produtos"."unidade_medida", "produtos"."preco", "produtos"."codigo_barras", "produtos"."codigo_interno", "produtos"."ativo" from "produtos" inner join (select "id", "nome" from "categorias") "categoria" on "categoria"."id" = "produtos"."categoria_id" where "produtos"."nome_busca" LIKE '%' || normalize_search($1) || '%' OR "produtos"."codigos_busca" LIKE '%' || normalize_search($2) || '%' order by CASE
    WHEN ' ' || "produtos"."codigos_busca" || ' ' LIKE '% ' || normalize_search($3) || ' %' THEN 0
    WHEN "produtos"."nome_busca" LIKE normalize_search($4) || '%' THEN 1
    WHEN "produtos"."nome_busca" LIKE '% ' || normalize_search($5) || '%' THEN 2
    WHEN ' ' || "produtos"."codigos_busca" LIKE '% ' || normalize_search($6) || '%' THEN 3
    ELSE 4 END, "produtos"."nome_busca" asc, "produtos"."nome" asc, "produtos"."id" asc limit $7`;

// GET /api/cadastros?tipo=cliente&q=&limit=: one page and its total at once.
export const CLIENTES_PAGINA = `select "id", "nome", "email", coalesce("telefone", "celular"), "tipo" from "cadastros" where ("cadastros"."tipo" = $1 and (normalize_search("cadastros"."nome") LIKE normalize_search($2) OR normalize_search("cadastros"."email") LIKE normalize_search($3))) order by normalize_search("cadastros"."nome"), "cadastros"."nome" limit $4`;

export const CLIENTES_TOTAL = `select count(*) from "cadastros" where ("cadastros"."tipo" = $1 and (normalize_search("cadastros"."nome") LIKE normalize_search($2) OR normalize_search("cadastros"."email") LIKE normalize_search($3)))`;

// GET /api/cadastros/{id}: the record with its contacts, photo and attachments as the answer's
// JSON text, in one statement.
export const CADASTRO = `select (SELECT row_to_json(objeto) FROM (SELECT "cadastros"."id" AS "id", "cadastros"."tipo" AS "tipo", "cadastros"."tipo_cliente" AS "tipo_cliente", "cadastros"."tipo_fornecedor" AS "tipo_fornecedor", "cadastros"."tipo_transportadora" AS "tipo_transportadora", "cadastros"."situacao" AS "situacao", "cadastros"."nome" AS "nome", CASE WHEN "cadastros"."tipo" = 'transportadora' THEN "cadastros"."nome" END AS "nome_fantasia", "cadastros"."razao_social" AS "razao_social", "cadastros"."email" AS "email", "cadastros"."telefone" AS "telefone", "cadastros"."celular" AS "celular", "cadastros"."fax" AS "fax", "cadastros"."site" AS "site", "cadastros"."vendedor_responsavel" AS "vendedor_responsavel", "cadastros"."endereco_tipo" AS "endereco_tipo", "cadastros"."cep" AS "cep", "cadastros"."logradouro" AS "logradouro", "cadastros"."numero" AS "numero", "cadastros"."complemento" AS "complemento", "cadastros"."bairro" AS "bairro", CASE WHEN nullif("cadastros"."uf", '') IS NULL THEN nullif("cadastros"."cidade", '')
      ELSE coalesce(nullif("cadastros"."cidade", ''), '') || '/' || "cadastros"."uf" END AS "cidade_uf", "cadastros"."cidade" AS "cidade", "cadastros"."uf" AS "uf", "cadastros"."limite_credito" AS "limite_credito", "cadastros"."permitir_ultrapassar_limite" AS "permitir_ultrapassar_limite", "cadastros"."observacoes" AS "observacoes", "cadastros"."cnpj" AS "cnpj", "cadastros"."inscricao_estadual" AS "inscricao_estadual", CASE WHEN NOT ("cadastros"."tipo" = 'funcionario' AND NOT $1::boolean) THEN "cadastros"."cpf" END AS "cpf", CASE WHEN NOT ("cadastros"."tipo" = 'funcionario' AND NOT $2::boolean) THEN "cadastros"."rg" END AS "rg", "cadastros"."data_nascimento" AS "data_nascimento", "cadastros"."sexo" AS "sexo", "cadastros"."comissao" AS "comissao", nullif(concat_ws(', ', nullif("cadastros"."logradouro", ''), nullif("cadastros"."numero", '')), '') AS "endereco", "cadastros"."uf" AS "estado", CASE WHEN NOT ("cadastros"."tipo" = 'funcionario' AND NOT $3::boolean) THEN coalesce("cadastros"."cnpj", "cadastros"."cpf") END AS "cnpj_cpf", coalesce((
      SELECT json_agg(json_build_object('nome', ct.nome, 'email', ct.email,
        'telefone', ct.telefone, 'cargo', ct.cargo) ORDER BY ct.ordem)
      FROM cadastro_contatos ct WHERE ct.cadastro_id = "cadastros".id), '[]'::json) AS "contatos", (SELECT json_build_object('id', a.id, 'nome', a.nome,
    'tipo_mime', a.tipo_mime, 'tamanho', a.tamanho,
    'created_at', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM arquivos a WHERE a.id = "cadastros".foto_arquivo_id) AS "foto", CASE WHEN ("cadastros"."tipo" = 'funcionario' AND NOT $4::boolean) THEN '[]'::json ELSE coalesce((
      SELECT json_agg(json_build_object('id', a.id, 'nome', a.nome,
    'tipo_mime', a.tipo_mime, 'tamanho', a.tamanho,
    'created_at', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY a.id)
      FROM cadastro_anexos ca JOIN arquivos a ON a.id = ca.arquivo_id
      WHERE ca.cadastro_id = "cadastros".id), '[]'::json) END AS "anexos", to_char("cadastros"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created_at", to_char("cadastros"."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updated_at") AS objeto)::text from "cadastros" where "cadastros"."id" = $5`;

// POST /api/vendas (atendimento_rapido): one transaction, in this order.
// The author, where the BEGIN did not carry it (db/transaction-settings.ts: the embedded database).
export const VENDA_AUTOR = `SELECT set_config($1, $2, true), set_config($3, $4, true)`;

// The products, the operator's caixa (share-locked) and the finance rules, in one statement.
export const VENDA_LEITURAS = `SELECT (SELECT coalesce(json_agg(json_build_object(
      'id', p.id, 'nome', p.nome, 'unidade', p.unidade_medida, 'preco', p.preco,
      'custoFinal', p.custo_final, 'ativo', p.ativo, 'comercializavelPdv', p.comercializavel_pdv
    )), '[]'::json) FROM produtos p WHERE p.id IN ($1)) AS "produtos", (SELECT id FROM caixas WHERE usuario_id = $2 AND status = 'aberto' FOR SHARE) AS "caixa", (SELECT json_build_object(
      'categoria_id', (SELECT id FROM categorias_financeiras WHERE slug = $3),
      'formas', (SELECT json_agg(json_build_object(
        'forma', f.forma, 'prazo_dias', f.prazo_dias, 'baixa_automatica', f.baixa_automatica,
        'conta_id', (
          SELECT c.id FROM contas_financeiras c WHERE c.ativo
          ORDER BY c.id = f.conta_id DESC NULLS LAST,
                   c.tipo = (CASE f.forma WHEN $4 THEN $5 WHEN $6 THEN $7 WHEN $8 THEN $9 WHEN $10 THEN $11 WHEN $12 THEN $13 END) DESC,
                   c.id
          LIMIT 1)
      )) FROM formas_financeiras f))) AS "regras"`;

// The sale, its line, payment, first history line, receivable (title, installment, automatic
// settlement) and stock saída with its ledger row, in one statement.
export const VENDA_INSERIR = `WITH venda AS (INSERT INTO "vendas" ("tipo", "status", "cliente_id", "observacoes", "atendimento_rapido", "inicio_atendimento", "vendedor_id", "caixa_id", "finalizada_em", "cliente_nome", "forma_pagamento", "valor_total", "desconto", "frete", "valor_final", "troco", "desconto_autorizado_por")
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id, numero),
      itens AS (
      INSERT INTO "venda_itens" (venda_id, ordem, produto_id, produto_nome, unidade_medida,
        quantidade, preco_unitario, desconto_item, subtotal, custo_unitario)
      SELECT (SELECT id FROM venda), i.ordem, i.produto_id, i.produto_nome, i.unidade_medida,
        i.quantidade, i.preco_unitario, i.desconto_item, i.subtotal, i.custo_unitario
      FROM json_to_recordset($17::json) AS i(ordem smallint,
        produto_id integer, produto_nome text, unidade_medida text, quantidade numeric,
        preco_unitario numeric, desconto_item numeric, subtotal numeric, custo_unitario numeric)),
    pagamentos AS (
      INSERT INTO "venda_pagamentos" (venda_id, forma, valor)
      SELECT (SELECT id FROM venda), p.forma, p.valor
      FROM json_to_recordset($18::json)
        AS p(forma text, valor numeric)),
      historico AS (INSERT INTO "venda_historico" (venda_id, status, usuario_id, motivo)
      VALUES ((SELECT id FROM venda), $19, $20, $21))
      , "recebivel_0_titulo" AS (
      INSERT INTO "titulos" (natureza, descricao, pessoa_id, categoria_id, documento,
        competencia, forma_pagamento, valor, venda_id, ordem_servico_id, usuario_id)
      SELECT 'receber', 'Venda Nº ' || lpad((SELECT numero FROM venda)::text, greatest(6, length((SELECT numero FROM venda)::text)), '0') || $22::text, $23::integer,
        $24::integer, lpad((SELECT numero FROM venda)::text, greatest(6, length((SELECT numero FROM venda)::text)), '0'), $25::date, $26,
        $27::numeric, (SELECT id FROM venda)::integer,
        $28::integer,
        $29::integer
      
      RETURNING id),
    "recebivel_0_parcela" AS (
      INSERT INTO "parcelas" (titulo_id, numero, vencimento, valor, valor_pago, status)
      SELECT id, 1, $30::date, $31::numeric,
        $32::numeric, $33
      FROM "recebivel_0_titulo"
      RETURNING id),
    "recebivel_0_baixa" AS (
      INSERT INTO "baixas" (parcela_id, conta_id, data, valor, amortizado, automatica, usuario_id)
      SELECT id, $34::integer, $35::date, $36::numeric,
        $37::numeric, true, $38::integer
      FROM "recebivel_0_parcela"
      WHERE $39::boolean)
      , "primeira_saida" AS (UPDATE "produtos" SET estoque = estoque + $40::numeric
    WHERE id = $41
      AND movimenta_estoque
      AND estoque >= $42::numeric
    RETURNING estoque, nome, unidade_medida AS unidade),
    "primeira_lancada" AS (
      INSERT INTO "estoque_movimentacoes" (produto_id, tipo, quantidade, data, motivo, usuario_id,
        venda_id, ordem_servico_id)
      SELECT $43::integer, 'saida', $44::numeric,
        $45::date, 'Venda Nº ' || lpad((SELECT numero FROM venda)::text, greatest(6, length((SELECT numero FROM venda)::text)), '0'), $46::integer,
        (SELECT id FROM venda)::integer,
        $47::integer
      FROM "primeira_saida"
      RETURNING id)
      SELECT id, numero, EXISTS (SELECT 1 FROM "primeira_lancada") AS moveu FROM venda`;

// The sale read back once committed, prepared once (venda_detalhe).
export const VENDA_LER = `select "vendas"."id", "vendas"."numero", "vendas"."tipo", "vendas"."status", "vendas"."cliente_id", "vendas"."cliente_nome", "vendas"."forma_pagamento", "vendas"."valor_total", "vendas"."desconto", "vendas"."frete", "vendas"."valor_final", "vendas"."troco", "vendas"."observacoes", "vendas"."atendimento_rapido", "vendas"."data_venda", "vendas"."vendedor_id", "vendedor"."nome", "vendas"."caixa_id", "vendas"."servico_id", "vendas"."servico_nome", "vendas"."data_agendamento", "vendas"."hora_inicio", "vendas"."duracao_estimada", "vendas"."profissional_id", "profissional"."nome", "vendas"."created_at", "vendas"."updated_at", coalesce((
  SELECT json_agg(json_build_object(
    'id', i.id, 'produto_id', i.produto_id, 'produto_nome', i.produto_nome,
    'unidade_medida', i.unidade_medida, 'quantidade', i.quantidade,
    'preco_unitario', i.preco_unitario, 'desconto_item', i.desconto_item,
    'subtotal', i.subtotal, 'custo_unitario', i.custo_unitario
  ) ORDER BY i.ordem)
  FROM venda_itens i WHERE i.venda_id = "vendas"."id"), '[]'::json), coalesce((
  SELECT json_agg(json_build_object('forma', p.forma, 'valor', p.valor) ORDER BY p.id)
  FROM venda_pagamentos p WHERE p.venda_id = "vendas"."id"), '[]'::json), coalesce((
  SELECT json_agg(json_build_object(
    'status', h.status, 'usuario_nome', u.nome, 'motivo', h.motivo,
    'created_at', to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) ORDER BY h.id)
  FROM venda_historico h LEFT JOIN usuarios u ON u.id = h.usuario_id
  WHERE h.venda_id = "vendas"."id"), '[]'::json), "autorizador"."nome", "vendas"."inicio_atendimento", "vendas"."finalizada_em", "vendas"."cancelada_em", "vendas"."iniciado_em", "vendas"."concluido_em", "orcamento_origem"."id", "orcamento_origem"."numero" from "vendas" left join (select "id", "nome" from "usuarios") "vendedor" on "vendedor"."id" = "vendas"."vendedor_id" left join (select "id", "nome" from "cadastros") "profissional" on "profissional"."id" = "vendas"."profissional_id" left join (select "id", "nome" from "usuarios") "autorizador" on "autorizador"."id" = "vendas"."desconto_autorizado_por" left join (SELECT "orcamentos"."venda_id" AS chave, "orcamentos"."id" AS id, "orcamentos"."numero" AS numero FROM "orcamentos") "orcamento_origem" on "orcamento_origem"."chave" = "vendas"."id" where "vendas"."id" = $1`;

type Row = Record<string, unknown>;

/** A pool (PostgreSQL) or one PGlite instance: rows as objects, and a transaction. */
export interface Runner {
  /** `name`: a statement the API prepares once (db/prepared.ts); PostgreSQL then names it too. */
  query(text: string, params: unknown[], name?: string): Promise<Row[]>;
  transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T>;
}

/**
 * Drizzle asks for rows as arrays (its selects repeat column names: the session's "id" is the
 * user's, then the session's); so does the floor, keeping the first of a repeated name.
 */
export function toObjects(fields: ReadonlyArray<{ name: string }>, rows: unknown[][]): Row[] {
  return rows.map((values) => {
    const row: Row = {};
    fields.forEach((field, index) => {
      if (!(field.name in row)) row[field.name] = values[index];
    });
    return row;
  });
}

export interface FloorRequest {
  method: string;
  /** Path and query, as the API receives them. */
  path: string;
  body?: string;
  token: string;
}

export interface FloorAnswer {
  status: number;
  json: unknown;
  /** An answer the database already wrote as JSON text, sent as it is (as the API does). */
  text?: string;
  headers?: Record<string, string>;
}

/**
 * Which floor answers: the real one (each read in one statement that checks the session too), or
 * the old one, kept for one release: the API's own statements, session lookup included.
 */
export type Piso = 'real' | 'antigo';

const IDLE_SECONDS = 8 * 3600;
const notFound: FloorAnswer = { status: 404, json: { error: 'NAO_ENCONTRADO' } };
const unauthorized: FloorAnswer = { status: 401, json: { error: 'UNAUTHORIZED' } };

/** SESSAO's parameters: active users, the token's hash, the idle limit, one row. */
const sessaoParams = (token: string) => {
  const hash = createHash('sha256').update(token).digest('hex');
  return [true, hash, IDLE_SECONDS, 1];
};

async function session(db: Runner, token: string) {
  const [row] = await db.query(SESSAO, sessaoParams(token), 'sessao_usuario');
  return row as { id: number; nome: string } | undefined;
}

/** The counter sale's day, in the company's time zone as the API computes it. */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format();

type Leitura = 'produto' | 'lista' | 'sugestoes' | 'clientes' | 'cadastro';

/** The read a request asks for, with its parameters as the API binds them (both floors'). */
function route(request: FloorRequest): { leitura: Leitura; params: unknown[] } | 'venda' | null {
  const url = new URL(request.path, 'http://piso');
  const q = url.searchParams.get('q') ?? '';
  const like = `%${q}%`;
  const limit = (padrao: number) => Number(url.searchParams.get('limit') ?? padrao);
  const id = Number(/^\/api\/(?:produtos|cadastros)\/(\d+)$/.exec(url.pathname)?.[1]);
  if (request.method === 'POST' && url.pathname === '/api/vendas') return 'venda';
  if (url.pathname === '/api/produtos') {
    return { leitura: 'lista', params: [like, like, limit(50), 0, like, like] };
  }
  if (url.pathname === '/api/produtos/search') {
    return { leitura: 'sugestoes', params: [q, q, q, q, q, q, 20] };
  }
  if (url.pathname === '/api/cadastros') {
    const tipo = url.searchParams.get('tipo') ?? 'cliente';
    return { leitura: 'clientes', params: [tipo, like, like, limit(20)] };
  }
  if (!id) return null;
  if (url.pathname.startsWith('/api/produtos/')) return { leitura: 'produto', params: [id] };
  // The demo admin sees an employee's documents: the viewer's flag, then the id.
  return { leitura: 'cadastro', params: [true, true, true, true, id] };
}

/** A detail the database wrote as JSON text (its one unnamed column), sent as it is. */
const jsonText = (row: Record<string, unknown> | undefined): FloorAnswer =>
  row ? { status: 200, json: undefined, text: Object.values(row)[0] as string } : notFound;

/** The old floor's reads (kept for one release): the API's statements, replayed. */
const replay: Record<Leitura, (db: Runner, params: unknown[]) => Promise<FloorAnswer>> = {
  produto: async (db, params) => jsonText((await db.query(PRODUTO, params, 'produto_detalhe'))[0]),
  lista: async (db, params) => {
    const [page] = await db.query(PRODUTOS_LISTA, params);
    const headers = { 'x-total-count': String(page!.total) };
    return { status: 200, json: undefined, text: page!.data as string, headers };
  },
  sugestoes: async (db, params) => ({ status: 200, json: await db.query(PRODUTO_BUSCA, params) }),
  clientes: async (db, params) => {
    const [items, [total]] = await Promise.all([
      db.query(CLIENTES_PAGINA, params),
      db.query(CLIENTES_TOTAL, params.slice(0, 3)),
    ]);
    return { status: 200, json: items, headers: { 'x-total-count': String(total?.count ?? 0) } };
  },
  cadastro: async (db, params) =>
    jsonText((await db.query(CADASTRO, params, 'cadastro_detalhe'))[0]),
};

/** How many parameters a statement takes: its highest $n. */
const parametros = (sql: string) =>
  Math.max(0, ...Array.from(sql.matchAll(/\$(\d+)/g), (match) => Number(match[1])));

/**
 * A read of the real floor: the auth plugin's session lookup (SESSAO, its parameters numbered
 * after the read's) and the read, in one statement, so one round trip. The read gives one row:
 * the answer's JSON text (null when nothing was found: 404) and, for a page, its total. No valid
 * session, no row: 401. The session's columns are unused, so the planner drops their work.
 */
function comSessao(leitura: string): string {
  const antes = parametros(leitura);
  const sessao = SESSAO.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + antes}`);
  return (
    `WITH sessao AS (${sessao}) ` +
    `SELECT leitura.* FROM sessao LEFT JOIN (${leitura}) AS leitura(dados) ON true`
  );
}

/**
 * Rows as the JSON array the API sends, written by the database (json_agg keeps the order of an
 * ordered subquery). `colunas` names the first columns where the statement's names are not the
 * API's keys.
 */
const jsonArray = (rows: string, colunas = '') =>
  `SELECT coalesce(json_agg(linha), '[]')::text FROM (${rows}) AS linha${colunas}`;

/** The real floor's statements, built from the API's; prepared once per connection by name. */
const REAL: Record<Leitura, { name: string; sql: string }> = {
  produto: { name: 'piso_produto', sql: comSessao(PRODUTO) },
  lista: { name: 'piso_produtos', sql: comSessao(PRODUTOS_LISTA) },
  sugestoes: {
    name: 'piso_sugestoes',
    // Keys as the API's: the category's "nome" is categoria_nome (the old floor drops it).
    sql: comSessao(jsonArray(PRODUTO_BUSCA, '(id, nome, categoria_nome)')),
  },
  clientes: {
    name: 'piso_clientes',
    // The page and its total at once (the total's $1–$3 are the page's); keys as the API's: the
    // phone is telefone (the old floor sends "coalesce").
    sql: comSessao(
      `SELECT (${jsonArray(CLIENTES_PAGINA, '(id, nome, email, telefone)')}), ` +
        `(${CLIENTES_TOTAL}) AS total`,
    ),
  },
  cadastro: { name: 'piso_cadastro', sql: comSessao(CADASTRO) },
};

async function readReal(
  db: Runner,
  token: string,
  leitura: Leitura,
  params: unknown[],
): Promise<FloorAnswer> {
  const { name, sql } = REAL[leitura];
  const [row] = await db.query(sql, [...params, ...sessaoParams(token)], name);
  if (!row) return unauthorized;
  if (row.dados === null) return notFound;
  const headers = row.total === undefined ? undefined : { 'x-total-count': String(row.total) };
  return { status: 200, json: undefined, text: row.dados as string, headers };
}

/** The quick sale of one unit of one product, paid in cash, as createVenda writes it. */
async function vendaRapida(db: Runner, user: { id: number; nome: string }, body: string) {
  const { itens } = JSON.parse(body) as { itens: Array<{ produto_id: number }> };
  const produtoId = itens[0]!.produto_id;
  const autor = { 'prumo.usuario_id': String(user.id), 'prumo.usuario_nome': user.nome };
  const feita = await withTransactionSettings(autor, () =>
    db.transaction(async (tx): Promise<FloorAnswer | { vendaId: number }> => {
      const faltam = Object.entries(settingsPending());
      if (faltam.length) await tx.query(VENDA_AUTOR, faltam.flat());
      const [lidos] = await tx.query(VENDA_LEITURAS, [
      produtoId, user.id, 'venda-produtos', 'dinheiro', 'caixa', 'cartao_credito', 'corrente',
      'cartao_debito', 'corrente', 'pix', 'corrente', 'boleto', 'corrente',
    ]); // prettier-ignore
      const { produtos, caixa, regras } = lidos as {
        produtos: Array<{ nome: string; unidade: string; preco: number; custoFinal: number }>;
        caixa: number | null;
        regras: { categoria_id: number; formas: Array<{ forma: string; conta_id: number }> };
      };
      const [produto] = produtos;
      if (!produto || caixa === null) {
        return { status: 409, json: { error: 'SEM_PRODUTO_OU_CAIXA' } };
      }
      const preco = produto.preco;
      const itens = [
      {
        ordem: 0, produto_id: produtoId, produto_nome: produto.nome,
        unidade_medida: produto.unidade, quantidade: 1, preco_unitario: preco,
        desconto_item: 0, subtotal: preco, custo_unitario: produto.custoFinal,
      },
    ]; // prettier-ignore
      const dia = hoje();
      const contaId = regras.formas.find((forma) => forma.forma === 'dinheiro')!.conta_id;
      const [venda] = await tx.query(VENDA_INSERIR, [
      'balcao', 'Finalizada', null, null, true, null, user.id, caixa, null, 'dinheiro', preco, 0,
      0, preco, 0, null, JSON.stringify(itens),
      JSON.stringify([{ forma: 'dinheiro', valor: preco }]), 'Finalizada', user.id, null,
      ' – Dinheiro', null, regras.categoria_id, dia, 'dinheiro', preco, null, user.id, dia, preco,
      preco, 'pago', contaId, dia, preco, preco, user.id, true,
      '-1.000', produtoId, '1.000', produtoId, 1, dia, user.id, null,
    ]); // prettier-ignore
      if (!venda!.moveu) throw new Error('Estoque insuficiente no piso.');
      const vendaId = venda!.id as number;
      return { vendaId };
    }),
  );
  if (!('vendaId' in feita)) return feita;
  // Read back once committed, as the API does.
  const [lida] = await db.query(VENDA_LER, [feita.vendaId], 'venda_detalhe');
  return { status: 201, json: lida };
}

/** One request of a scenario, answered by the given floor. */
export async function answerFloor(
  db: Runner,
  request: FloorRequest,
  piso: Piso,
): Promise<FloorAnswer> {
  const pedido = route(request);
  if (piso === 'real' && pedido && pedido !== 'venda') {
    return readReal(db, request.token, pedido.leitura, pedido.params);
  }
  // The old floor: the session lookup, then the scenario's statements. The quick sale (a write)
  // takes this path on the real floor too, as issue 34 allows for now: its transaction needs the
  // user first (the audit's author, the operator's caixa).
  const user = await session(db, request.token);
  if (!user) return unauthorized;
  if (pedido === 'venda') return vendaRapida(db, user, request.body ?? '{}');
  return pedido ? replay[pedido.leitura](db, pedido.params) : notFound;
}
