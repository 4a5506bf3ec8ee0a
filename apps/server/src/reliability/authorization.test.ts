import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MANAGER, ADMIN_ONLY, ALL_ROLES, type Role } from '@prumo/shared/auth';
import { loadConfig } from '../config';
import { authPlugin, type ApiRoute } from '../plugins/auth';
import {
  ADMIN_EMAIL,
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../test/test-app';

/**
 * The authorization matrix: every /api route the server registers × anonymous, user, manager
 * and admin. The rule of each route is written down once, here; a route the server has and this
 * table lacks (or the other way round) fails the suite, so a new route lands with its place in
 * the matrix. Row-level rules (what a role may see or do inside a route) are cells of the same
 * matrix further down.
 */
type Rule = 'public' | 'any' | 'admin+manager' | 'admin';

const RULES: Record<string, Rule> = {
  'POST /api/auth/login': 'public',
  'POST /api/auth/login/dois-fatores': 'public',
  'GET /api/auth/demo': 'public',
  'GET /api/auth/validate': 'any',
  'POST /api/auth/logout': 'any',

  'GET /api/usuarios': 'admin',
  'POST /api/usuarios': 'admin',
  'GET /api/usuarios/vendedores': 'any',
  'PUT /api/usuarios/:id': 'admin',
  'POST /api/usuarios/:id/senha': 'admin',
  'POST /api/usuarios/:id/dois-fatores/redefinir': 'admin',

  'GET /api/perfil': 'any',
  'PUT /api/perfil': 'any',
  'POST /api/perfil/senha': 'any',
  'GET /api/perfil/sessoes': 'any',
  'DELETE /api/perfil/sessoes/:id': 'any',
  'GET /api/perfil/dois-fatores': 'any',
  'POST /api/perfil/dois-fatores/configurar': 'any',
  'POST /api/perfil/dois-fatores/ativar': 'any',
  'POST /api/perfil/dois-fatores/desativar': 'any',

  'GET /api/cadastros': 'any',
  'GET /api/cadastros/exportar': 'any',
  'GET /api/cadastros/:id': 'any',
  'POST /api/cadastros': 'any',
  'PUT /api/cadastros/:id': 'any',
  'DELETE /api/cadastros/:id': 'any',
  'GET /api/cadastros/:id/foto': 'any',
  'GET /api/cadastros/:id/anexos/:arquivoId': 'any',

  'GET /api/categorias': 'any',
  'GET /api/categorias/:id': 'any',
  'POST /api/categorias': 'any',
  'PUT /api/categorias/:id': 'any',
  'DELETE /api/categorias/:id': 'any',

  'GET /api/produtos': 'any',
  'GET /api/produtos/exportar': 'any',
  'GET /api/produtos/search': 'any',
  'GET /api/produtos/:id': 'any',
  'POST /api/produtos': 'any',
  'PUT /api/produtos/:id': 'any',
  'DELETE /api/produtos/:id': 'any',
  'POST /api/produtos/:id/fotos': 'any',
  'GET /api/produtos/:id/fotos/:fotoId': 'any',
  'DELETE /api/produtos/:id/fotos/:fotoId': 'any',
  'GET /api/produtos/:id/precos': 'any',
  'POST /api/produtos/:id/precos': 'any',
  'DELETE /api/produtos/:id/precos/:tabelaId': 'any',

  'GET /api/tabelas-precos': 'any',
  'GET /api/tabelas-precos/:id': 'any',
  'POST /api/tabelas-precos': 'any',
  'PUT /api/tabelas-precos/:id': 'any',
  'DELETE /api/tabelas-precos/:id': 'any',
  'GET /api/tabelas-precos/:id/custos': 'any',
  'GET /api/tabelas-precos/:id/produtos': 'any',
  'POST /api/tabelas-precos/:id/produtos': 'any',

  'GET /api/custos-adicionais': 'any',
  'GET /api/custos-adicionais/:id': 'any',
  'POST /api/custos-adicionais': 'any',
  'PUT /api/custos-adicionais/:id': 'any',
  'DELETE /api/custos-adicionais/:id': 'any',

  'GET /api/etiquetas': 'any',
  'GET /api/etiquetas/:id': 'any',
  'POST /api/etiquetas': 'any',
  'PUT /api/etiquetas/:id': 'any',
  'DELETE /api/etiquetas/:id': 'any',
  'POST /api/etiquetas/imprimir': 'any',

  'GET /api/estoque/exportar': 'any',
  'GET /api/estoque/movimentacoes': 'any',
  'GET /api/estoque/movimentacoes/exportar': 'any',
  'GET /api/estoque/movimentacoes/:id': 'any',
  'POST /api/estoque/movimentacoes': 'any',
  'PUT /api/estoque/movimentacoes/:id': 'any',

  'GET /api/servicos': 'any',
  'GET /api/servicos/exportar': 'any',
  'GET /api/servicos/:id': 'any',
  'POST /api/servicos': 'any',
  'PUT /api/servicos/:id': 'any',
  'DELETE /api/servicos/:id': 'any',

  'GET /api/vendas': 'any',
  'GET /api/vendas/exportar': 'any',
  'GET /api/vendas/stats/balcao': 'any',
  'GET /api/vendas/stats/servicos': 'any',
  'GET /api/agendamentos/disponibilidade': 'any',
  'GET /api/vendas/parametros': 'any',
  'GET /api/vendas/:id': 'any',
  'GET /api/vendas/:id/comprovante': 'any',
  'POST /api/vendas': 'any',
  'PUT /api/vendas/:id': 'any',
  'DELETE /api/vendas/:id': 'any',
  'PATCH /api/vendas/:id/status': 'any',

  'GET /api/ordens-servico': 'any',
  'GET /api/ordens-servico/exportar': 'any',
  'GET /api/ordens-servico/painel': 'any',
  'GET /api/ordens-servico/:id': 'any',
  'GET /api/ordens-servico/:id/pdf': 'any',
  'POST /api/ordens-servico': 'any',
  'PUT /api/ordens-servico/:id': 'any',
  'DELETE /api/ordens-servico/:id': 'any',
  'PATCH /api/ordens-servico/:id/status': 'any',
  'POST /api/ordens-servico/:id/anexos': 'any',
  'GET /api/ordens-servico/:id/anexos/:arquivoId': 'any',
  'DELETE /api/ordens-servico/:id/anexos/:arquivoId': 'any',

  'GET /api/orcamentos': 'any',
  'GET /api/orcamentos/exportar': 'any',
  'GET /api/orcamentos/:id': 'any',
  'GET /api/orcamentos/:id/pdf': 'any',
  'POST /api/orcamentos': 'any',
  'PUT /api/orcamentos/:id': 'any',
  'DELETE /api/orcamentos/:id': 'any',
  'PATCH /api/orcamentos/:id/status': 'any',
  'POST /api/orcamentos/:id/duplicar': 'any',
  'POST /api/orcamentos/:id/converter': 'any',
  'POST /api/orcamentos/:id/anexos': 'any',
  'GET /api/orcamentos/:id/anexos/:arquivoId': 'any',
  'DELETE /api/orcamentos/:id/anexos/:arquivoId': 'any',

  'GET /api/financeiro/contas': 'admin+manager',
  'GET /api/financeiro/contas/:id': 'admin+manager',
  'POST /api/financeiro/contas': 'admin+manager',
  'PUT /api/financeiro/contas/:id': 'admin+manager',
  'DELETE /api/financeiro/contas/:id': 'admin+manager',
  'GET /api/financeiro/contas/:id/extrato': 'admin+manager',
  'POST /api/financeiro/transferencias': 'admin+manager',
  'DELETE /api/financeiro/transferencias/:id': 'admin+manager',
  'GET /api/financeiro/categorias': 'admin+manager',
  'POST /api/financeiro/categorias': 'admin+manager',
  'PUT /api/financeiro/categorias/:id': 'admin+manager',
  'DELETE /api/financeiro/categorias/:id': 'admin+manager',
  'GET /api/financeiro/formas': 'admin+manager',
  'PUT /api/financeiro/formas': 'admin+manager',
  'GET /api/financeiro/titulos': 'admin+manager',
  'GET /api/financeiro/titulos/exportar': 'admin+manager',
  'GET /api/financeiro/titulos/:id': 'admin+manager',
  'POST /api/financeiro/titulos': 'admin+manager',
  'PUT /api/financeiro/titulos/:id': 'admin+manager',
  'POST /api/financeiro/titulos/:id/cancelar': 'admin+manager',
  'GET /api/financeiro/parcelas': 'admin+manager',
  'POST /api/financeiro/parcelas/:id/baixas': 'admin+manager',
  'DELETE /api/financeiro/baixas/:id': 'admin+manager',
  'GET /api/financeiro/cobrancas': 'admin+manager',
  'GET /api/financeiro/fluxo-caixa': 'admin+manager',
  'GET /api/financeiro/dre': 'admin+manager',
  'GET /api/dashboard': 'any',
  'GET /api/notificacoes': 'any',

  'GET /api/fiscal/configuracao': 'admin',
  'PUT /api/fiscal/configuracao': 'admin',
  'POST /api/fiscal/certificado': 'admin',
  'DELETE /api/fiscal/certificado': 'admin',
  'GET /api/fiscal/status': 'any',
  'POST /api/fiscal/status/consultar': 'any',
  'PUT /api/fiscal/simulacao': 'admin+manager',
  'GET /api/notas-fiscais': 'any',
  'GET /api/notas-fiscais/:id': 'any',
  'POST /api/notas-fiscais': 'any',
  'POST /api/notas-fiscais/:id/transmitir': 'any',
  'POST /api/notas-fiscais/:id/consultar': 'any',
  'GET /api/notas-fiscais/:id/xml': 'any',
  'GET /api/notas-fiscais/:id/danfe': 'any',
  // Issue 29: cancelling a note may cancel its finalized sale (admins and managers, as the sale's
  // own cancel); voiding numbers is as final; a correction letter is anyone's who issues notes.
  'GET /api/notas-fiscais/:id/eventos': 'any',
  'POST /api/notas-fiscais/:id/cancelar': 'admin+manager',
  'POST /api/notas-fiscais/:id/correcoes': 'any',
  'GET /api/notas-fiscais/:id/eventos/:eventoId/xml': 'any',
  'GET /api/notas-fiscais/:id/correcoes/:eventoId/pdf': 'any',
  'POST /api/notas-fiscais/:id/inutilizar': 'admin+manager',
  'GET /api/fiscal/inutilizacoes': 'any',
  'POST /api/fiscal/inutilizacoes': 'admin+manager',
  'GET /api/fiscal/inutilizacoes/:id/xml': 'any',
  'GET /api/fiscal/lacunas': 'any',
  // Issue 29: purchases entered from the supplier's XML write payables (finance's roles).
  'GET /api/entradas-nfe': 'admin+manager',
  'GET /api/entradas-nfe/:id': 'admin+manager',
  'GET /api/entradas-nfe/:id/xml': 'admin+manager',
  'POST /api/entradas-nfe/previa': 'admin+manager',
  'POST /api/entradas-nfe': 'admin+manager',
  'GET /api/devolucoes': 'admin+manager',
  'GET /api/devolucoes/origem': 'admin+manager',
  'GET /api/devolucoes/:id': 'admin+manager',
  'POST /api/devolucoes': 'admin+manager',
  'GET /api/nfse': 'any',
  'GET /api/nfse/:id': 'any',
  'POST /api/nfse': 'any',
  'POST /api/nfse/:id/transmitir': 'any',
  'POST /api/nfse/:id/cancelar': 'admin+manager',
  'GET /api/nfse/:id/xml': 'any',
  'GET /api/nfse/:id/danfse': 'any',
  'POST /api/nfse/:id/email': 'any',

  // Issue 31: service contracts write receivables (finance's roles).
  'GET /api/contratos': 'admin+manager',
  'GET /api/contratos/:id': 'admin+manager',
  'GET /api/contratos/:id/pdf': 'admin+manager',
  'POST /api/contratos': 'admin+manager',
  'PUT /api/contratos/:id': 'admin+manager',
  'PATCH /api/contratos/:id/status': 'admin+manager',
  'POST /api/contratos/:id/precos': 'admin+manager',
  'GET /api/contratos/:id/cancelamento': 'admin+manager',
  'GET /api/contratos/a-faturar': 'admin+manager',
  'POST /api/contratos/faturar': 'admin+manager',
  'GET /api/contratos/faturamento-automatico': 'admin+manager',
  'POST /api/contratos/faturamento-automatico': 'admin',
  'GET /api/contratos/indices': 'admin+manager',
  'PUT /api/contratos/indices': 'admin+manager',
  'DELETE /api/contratos/indices/:indice/:mes': 'admin+manager',
  'GET /api/assinaturas': 'admin+manager',
  'POST /api/assinaturas': 'admin+manager',
  'GET /api/assinaturas/:id': 'admin+manager',
  'GET /api/assinaturas/:id/mudanca-de-plano': 'admin+manager',
  'POST /api/assinaturas/:id/mudanca-de-plano': 'admin+manager',
  'POST /api/assinaturas/:id/cancelamento': 'admin+manager',
  'GET /api/assinaturas/planos': 'admin+manager',
  'POST /api/assinaturas/planos': 'admin+manager',
  'GET /api/assinaturas/planos/:id': 'admin+manager',
  'PUT /api/assinaturas/planos/:id': 'admin+manager',
  'GET /api/assinaturas/metricas': 'admin+manager',
  'GET /api/assinaturas/configuracao': 'admin+manager',
  'PUT /api/assinaturas/configuracao': 'admin+manager',
  'POST /api/assinaturas/renovar': 'admin+manager',

  'GET /api/analytics': 'admin+manager',
  'GET /api/relatorios': 'any',
  'GET /api/relatorios/vendas-por-periodo': 'admin+manager',
  'GET /api/relatorios/vendas-por-periodo/exportar': 'admin+manager',
  'GET /api/relatorios/vendas-por-vendedor': 'admin+manager',
  'GET /api/relatorios/vendas-por-vendedor/exportar': 'admin+manager',
  'GET /api/relatorios/vendas-por-produto': 'admin+manager',
  'GET /api/relatorios/vendas-por-produto/exportar': 'admin+manager',
  'GET /api/relatorios/vendas-por-cliente': 'any',
  'GET /api/relatorios/vendas-por-cliente/exportar': 'any',
  'GET /api/relatorios/vendas-por-forma-pagamento': 'any',
  'GET /api/relatorios/vendas-por-forma-pagamento/exportar': 'any',
  'GET /api/relatorios/vendas-por-dia-da-semana': 'any',
  'GET /api/relatorios/vendas-por-dia-da-semana/exportar': 'any',
  'GET /api/relatorios/vendas-por-hora': 'any',
  'GET /api/relatorios/vendas-por-hora/exportar': 'any',
  'GET /api/relatorios/curva-abc-produtos': 'admin+manager',
  'GET /api/relatorios/curva-abc-produtos/exportar': 'admin+manager',
  'GET /api/relatorios/curva-abc-clientes': 'admin+manager',
  'GET /api/relatorios/curva-abc-clientes/exportar': 'admin+manager',
  'GET /api/relatorios/vendas-lista': 'any',
  'GET /api/relatorios/vendas-lista/exportar': 'any',
  'GET /api/relatorios/comissoes-por-vendedor': 'admin+manager',
  'GET /api/relatorios/comissoes-por-vendedor/exportar': 'admin+manager',
  'GET /api/relatorios/comissoes-detalhadas': 'admin+manager',
  'GET /api/relatorios/comissoes-detalhadas/exportar': 'admin+manager',
  'GET /api/relatorios/estoque-posicao': 'admin+manager',
  'GET /api/relatorios/estoque-posicao/exportar': 'admin+manager',
  'GET /api/relatorios/estoque-sem-giro': 'any',
  'GET /api/relatorios/estoque-sem-giro/exportar': 'any',
  'GET /api/relatorios/estoque-abaixo-minimo': 'any',
  'GET /api/relatorios/estoque-abaixo-minimo/exportar': 'any',
  'GET /api/relatorios/estoque-movimentacoes': 'any',
  'GET /api/relatorios/estoque-movimentacoes/exportar': 'any',
  'GET /api/relatorios/financeiro-contas': 'admin+manager',
  'GET /api/relatorios/financeiro-contas/exportar': 'admin+manager',
  'GET /api/relatorios/financeiro-inadimplencia': 'admin+manager',
  'GET /api/relatorios/financeiro-inadimplencia/exportar': 'admin+manager',
  'GET /api/relatorios/financeiro-fluxo': 'admin+manager',
  'GET /api/relatorios/financeiro-fluxo/exportar': 'admin+manager',
  'GET /api/relatorios/servicos-ordens-por-tecnico': 'any',
  'GET /api/relatorios/servicos-ordens-por-tecnico/exportar': 'any',
  'GET /api/relatorios/servicos-tempo-por-etapa': 'any',
  'GET /api/relatorios/servicos-tempo-por-etapa/exportar': 'any',

  'GET /api/importacoes': 'admin+manager',
  'POST /api/importacoes': 'admin+manager',
  'GET /api/importacoes/modelo/:tipo': 'admin+manager',
  'GET /api/importacoes/mapeamentos': 'admin+manager',
  'POST /api/importacoes/mapeamentos': 'admin+manager',
  'DELETE /api/importacoes/mapeamentos/:id': 'admin+manager',
  'GET /api/importacoes/:id': 'admin+manager',
  'POST /api/importacoes/:id/folha': 'admin+manager',
  'POST /api/importacoes/:id/simular': 'admin+manager',
  'POST /api/importacoes/:id/executar': 'admin+manager',
  'POST /api/importacoes/:id/cancelar': 'admin+manager',
  'GET /api/importacoes/:id/recusadas': 'admin+manager',
  'GET /api/relatorios/servicos-agendamentos-por-profissional': 'any',
  'GET /api/relatorios/servicos-agendamentos-por-profissional/exportar': 'any',
  'GET /api/relatorios/servicos-caixas': 'admin+manager',
  'GET /api/relatorios/servicos-caixas/exportar': 'admin+manager',

  'GET /api/locacoes': 'admin+manager',
  'GET /api/locacoes/resumo': 'admin+manager',
  'GET /api/locacoes/calendario': 'admin+manager',
  'GET /api/locacoes/itens': 'admin+manager',
  'GET /api/locacoes/itens/:id': 'admin+manager',
  'POST /api/locacoes/itens': 'admin+manager',
  'PUT /api/locacoes/itens/:id': 'admin+manager',
  'GET /api/locacoes/:id': 'admin+manager',
  'GET /api/locacoes/:id/pdf': 'admin+manager',
  'POST /api/locacoes': 'admin+manager',
  'PUT /api/locacoes/:id': 'admin+manager',
  'PATCH /api/locacoes/:id/status': 'admin+manager',

  'GET /api/caixas': 'admin+manager',
  'GET /api/caixas/atual': 'any',
  'GET /api/caixas/:id': 'any',
  'GET /api/caixas/:id/relatorio': 'any',
  'POST /api/caixas': 'any',
  'POST /api/caixas/:id/movimentos': 'any',
  'POST /api/caixas/:id/fechamento': 'any',

  'GET /api/auditoria': 'admin',
  'GET /api/auditoria/:recurso/:registroId': 'admin',

  'GET /api/configuracoes/empresa': 'any',
  'PUT /api/configuracoes/empresa': 'admin',
  'GET /api/configuracoes/empresa/logo': 'any',
  'POST /api/configuracoes/empresa/logo': 'admin',
  'DELETE /api/configuracoes/empresa/logo': 'admin',
  'GET /api/configuracoes/preferencias': 'any',
  'PUT /api/configuracoes/preferencias': 'admin',
  'PUT /api/configuracoes/tema': 'any',
  'GET /api/configuracoes/backups': 'admin',
  'POST /api/configuracoes/backups': 'admin',
  'GET /api/configuracoes/backups/:nome': 'admin',

  'GET /api/configuracoes/email': 'admin',
  'PUT /api/configuracoes/email': 'admin',
  'POST /api/configuracoes/email/teste': 'admin',
  'GET /api/emails': 'admin',
  'POST /api/emails/:id/reenviar': 'admin',
  'POST /api/orcamentos/:id/email': 'any',
  'POST /api/ordens-servico/:id/email': 'any',
  'POST /api/notas-fiscais/:id/email': 'any',
};

const RULE_ROLES: Record<Exclude<Rule, 'public'>, readonly Role[]> = {
  any: ALL_ROLES,
  'admin+manager': ADMIN_MANAGER,
  admin: ADMIN_ONLY,
};

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'manager', 'admin'];
const EMAIL_OF: Record<Role, string> = {
  user: USER_EMAIL,
  manager: MANAGER_EMAIL,
  admin: ADMIN_EMAIL,
};

/** What a cell must answer: 401, 403, or "let through" (any status but 401, 403 and 5xx). */
type Expected = 401 | 403 | 'through';

function expectedCell(rule: Rule, caller: Caller): Expected {
  if (rule === 'public') return 'through';
  if (caller === 'anonymous') return 401;
  return RULE_ROLES[rule].includes(caller) ? 'through' : 403;
}

function satisfies(status: number, expected: Expected): boolean {
  if (expected !== 'through') return status === expected;
  return status !== 401 && status !== 403 && status < 500;
}

const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;

/** Path parameters get ids that exist nowhere, so allowed cells never change data. */
function concretePath(url: string): string {
  return url.replace(/:recurso/g, 'produtos').replace(/:[A-Za-z]+/g, '987654');
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('authorization matrix', () => {
  it('has a written rule for every route the server registers, and no rule without a route', () => {
    const registered = ctx.app.apiRoutes.map(keyOf).sort();
    expect(registered).toEqual(Object.keys(RULES).sort());
  });

  it("matches each route's declared roles to its written rule", () => {
    for (const route of ctx.app.apiRoutes) {
      const rule = RULES[keyOf(route)]!;
      if (rule === 'public') expect(route.public, keyOf(route)).toBe(true);
      else
        expect([...(route.roles ?? [])].sort(), keyOf(route)).toEqual([...RULE_ROLES[rule]].sort());
    }
  });

  it('answers every cell as written: 401 anonymous, 403 for a role not allowed, through otherwise', async () => {
    const tokens = new Map<Role, string>();
    for (const role of ALL_ROLES) tokens.set(role, await ctx.login(EMAIL_OF[role]));
    const wrong: string[] = [];
    let cells = 0;
    for (const route of ctx.app.apiRoutes) {
      const rule = RULES[keyOf(route)]!;
      for (const caller of CALLERS) {
        // Signing out revokes the token: that cell gets a token of its own.
        const token =
          caller === 'anonymous'
            ? undefined
            : route.url === '/api/auth/logout'
              ? await ctx.login(EMAIL_OF[caller])
              : tokens.get(caller);
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concretePath(route.url),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        cells++;
        const expected = expectedCell(rule, caller);
        if (!satisfies(response.statusCode, expected)) {
          wrong.push(`${keyOf(route)} as ${caller}: ${response.statusCode}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBe(ctx.app.apiRoutes.length * CALLERS.length);
    console.info(`authorization matrix: ${cells} cells`);
  });
});

describe('row-level rules, same matrix', () => {
  const asCaller = async (caller: Caller, options: Parameters<TestContext['request']>[0]) =>
    caller === 'anonymous'
      ? ctx.app.inject(options)
      : ctx.request({ ...options, as: EMAIL_OF[caller] });

  const funcionario = (nome: string) => ({
    tipo: 'funcionario',
    nome,
    cpf: null,
    rg: '11.222.333-4',
    email: 'func@empresa.com.br',
    data_nascimento: '1990-01-01',
    sexo: 'outro',
    situacao: 'ativo',
  });

  let cpfSeed = 100_000_000;
  /** A valid CPF that no other test in this file uses. */
  function novoCpf(): string {
    const base = String(cpfSeed++).padStart(9, '0').split('').map(Number);
    const digit = (digits: number[]) => {
      const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
      const rest = (sum * 10) % 11;
      return rest === 10 ? 0 : rest;
    };
    const d1 = digit(base);
    const d2 = digit([...base, d1]);
    return [...base, d1, d2].join('');
  }

  async function createFuncionario(): Promise<number> {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/cadastros',
      payload: { ...funcionario('Func Matriz'), cpf: novoCpf() },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  it("reads an employee's CPF and RG only as manager or admin", async () => {
    const id = await createFuncionario();
    const expected: Record<Caller, 'documentos' | 'sem documentos' | 401> = {
      anonymous: 401,
      user: 'sem documentos',
      manager: 'documentos',
      admin: 'documentos',
    };
    for (const caller of CALLERS) {
      const response = await asCaller(caller, { method: 'GET', url: `/api/cadastros/${id}` });
      if (expected[caller] === 401) {
        expect(response.statusCode).toBe(401);
        continue;
      }
      expect(response.statusCode).toBe(200);
      const body = response.json<{ cpf: string | null; rg: string | null; cnpj_cpf: unknown }>();
      if (expected[caller] === 'documentos') {
        expect(body.cpf, caller).toMatch(/^\d{11}$/);
        expect(body.rg, caller).toBe('11.222.333-4');
      } else {
        expect(body, caller).toMatchObject({ cpf: null, rg: null, cnpj_cpf: null, anexos: [] });
      }
    }
  });

  it('never lists documents, to any role', async () => {
    await createFuncionario();
    for (const caller of ['user', 'manager', 'admin'] as const) {
      const response = await asCaller(caller, {
        method: 'GET',
        url: '/api/cadastros?tipo=funcionario',
      });
      expect(response.statusCode).toBe(200);
      for (const row of response.json<Array<Record<string, unknown>>>()) {
        expect(Object.keys(row).sort()).toEqual(['email', 'id', 'nome', 'telefone', 'tipo']);
      }
    }
  });

  it("creates, edits, deletes and downloads an employee's files only as manager or admin", async () => {
    const allowed: Record<Caller, boolean | 401> = {
      anonymous: 401,
      user: false,
      manager: true,
      admin: true,
    };
    for (const caller of CALLERS) {
      const verdict = allowed[caller];
      const create = await asCaller(caller, {
        method: 'POST',
        url: '/api/cadastros',
        payload: { ...funcionario(`Novo ${caller}`), cpf: novoCpf() },
      });
      const id = await createFuncionario();
      const update = await asCaller(caller, {
        method: 'PUT',
        url: `/api/cadastros/${id}`,
        payload: { tipo: 'funcionario', nome: 'Renomeado' },
      });
      const anexo = await asCaller(caller, {
        method: 'GET',
        url: `/api/cadastros/${id}/anexos/987654`,
      });
      const remove = await asCaller(caller, { method: 'DELETE', url: `/api/cadastros/${id}` });
      const statuses = [create, update, anexo, remove].map((response) => response.statusCode);
      if (verdict === 401) expect(statuses, caller).toEqual([401, 401, 401, 401]);
      else if (verdict) expect(statuses, caller).toEqual([201, 200, 404, 204]);
      else expect(statuses, caller).toEqual([403, 403, 403, 403]);
    }
  });
});

describe('row-level rules of sales and caixas', () => {
  const asCaller = (caller: Caller, options: Parameters<TestContext['request']>[0]) =>
    caller === 'anonymous'
      ? ctx.app.inject(options)
      : ctx.request({ ...options, as: EMAIL_OF[caller] });

  it('cancels a finalized sale only as manager or admin; anyone cancels a pending one', async () => {
    const produto = await ctx.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: `Produto matriz ${Date.now()}`, preco: 5, estoque: 100 },
    });
    const clientes = await ctx.request({ method: 'GET', url: '/api/cadastros?tipo=cliente' });
    const venda = async (finalizar: boolean) => {
      const created = await ctx.request({
        method: 'POST',
        url: '/api/vendas',
        payload: {
          tipo: 'produto',
          cliente_id: clientes.json<Array<{ id: number }>>()[0]!.id,
          forma_pagamento: 'pix',
          itens: [{ produto_id: produto.json<{ id: number }>().id, quantidade: 1 }],
        },
      });
      const id = created.json<{ id: number }>().id;
      if (finalizar) {
        await ctx.request({
          method: 'PATCH',
          url: `/api/vendas/${id}/status`,
          payload: { status: 'Finalizada' },
        });
      }
      return id;
    };
    const expected: Record<Caller, [number, number]> = {
      anonymous: [401, 401],
      user: [200, 403],
      manager: [200, 200],
      admin: [200, 200],
    };
    for (const caller of CALLERS) {
      const statuses = [];
      for (const finalizada of [false, true]) {
        const response = await asCaller(caller, {
          method: 'PATCH',
          url: `/api/vendas/${await venda(finalizada)}/status`,
          payload: { status: 'Cancelada' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses, caller).toEqual(expected[caller]);
    }
  });

  it("reads and changes another operator's caixa only as manager or admin", async () => {
    const aberto = await ctx.request({
      method: 'POST',
      url: '/api/caixas',
      payload: { valor_inicial: 10 },
      as: USER_EMAIL,
    });
    const id = aberto.json<{ id: number }>().id;
    const expected: Record<Caller, [number, number]> = {
      anonymous: [401, 401],
      user: [200, 201],
      manager: [200, 201],
      admin: [200, 201],
    };
    for (const caller of CALLERS) {
      const read = await asCaller(caller, { method: 'GET', url: `/api/caixas/${id}` });
      const move = await asCaller(caller, {
        method: 'POST',
        url: `/api/caixas/${id}/movimentos`,
        payload: { tipo: 'suprimento', valor: 1, motivo: 'Matriz' },
      });
      expect([read.statusCode, move.statusCode], caller).toEqual(expected[caller]);
    }
    // The operator's own caixa: the user above. Another user's caixa: the manager's, seen by the user.
    const doGerente = await ctx.request({
      method: 'POST',
      url: '/api/caixas',
      payload: { valor_inicial: 10 },
      as: MANAGER_EMAIL,
    });
    const outro = doGerente.json<{ id: number }>().id;
    const read = await asCaller('user', { method: 'GET', url: `/api/caixas/${outro}` });
    const close = await asCaller('user', {
      method: 'POST',
      url: `/api/caixas/${outro}/fechamento`,
      payload: { contado: {} },
    });
    expect([read.statusCode, close.statusCode]).toEqual([403, 403]);
  });
});

describe('route declarations', () => {
  it('refuses to start with an /api route that declares no rule', async () => {
    const app = Fastify({ logger: false });
    await app.register(authPlugin, {
      db: undefined as never,
      config: loadConfig({ WEB_DIST_DIR: '/nonexistent' }),
    });
    expect(() => app.get('/api/sem-regra', () => 'ok')).toThrow(/não declara quem pode usá-la/);
    expect(() =>
      app.get('/api/com-regra', { config: { roles: ALL_ROLES } }, () => 'ok'),
    ).not.toThrow();
    await app.close();
  });
});
