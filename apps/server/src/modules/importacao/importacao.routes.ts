import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import {
  CAMPOS_IMPORTACAO,
  IMPORTACAO_MAX_BYTES,
  IMPORTACAO_MENSAGENS as M,
  TIPO_IMPORTACAO_LABELS,
  importacaoFolhaSchema,
  importacaoListQuerySchema,
  importacaoModeloParamsSchema,
  importacaoModeloQuerySchema,
  importacaoOpcoesSchema,
  importacaoSimularQuerySchema,
  importacaoTipoSchema,
  mapeamentoInputSchema,
  mapeamentoListQuerySchema,
  sugerirMapeamento,
  type Importacao,
  type ImportacaoArquivo,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import type { LinhaRelatorio } from '@prumo/shared/relatorios';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { enviarPlanilha } from '../../exportacao/resposta';
import { AppError, badRequest, validationError, zodIssues } from '../../http/errors';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  createImportacao,
  deleteMapeamento,
  encerrarSeAbandonada,
  getImportacao,
  getImportacaoResumo,
  listImportacoes,
  listMapeamentos,
  salvarMapeamento,
  toImportacao,
  updateImportacao,
} from './importacao.repository';
import {
  contarLinhas,
  execucoes,
  iniciarExecucao,
  simular,
  validarOpcoes,
} from './importacao.processo';
import { lerPlanilha, type PlanilhaLida } from './planilha-leitura';

const tags = ['importacoes'];
const config = { roles: ADMIN_MANAGER };

/** The second sample row: the first one's values with the keys changed, so both import. */
const SEGUNDO_EXEMPLO: Record<TipoImportacao, Record<string, string>> = {
  clientes: {
    nome: 'José Santos',
    cpf_cnpj: '529.982.247-25',
    tipo_cliente: 'Pessoa Física',
    email: 'jose@exemplo.com.br',
  },
  fornecedores: {
    nome: 'Atacado Sul ME',
    cpf_cnpj: '11.444.777/0001-61',
    email: 'vendas@atacadosul.com.br',
  },
  funcionarios: {
    nome: 'Ana Souza',
    cpf: '111.444.777-35',
    sexo: 'Feminino',
    email: 'ana@empresa.com.br',
    rg: '98.765.432-1',
  },
  transportadoras: {
    nome_fantasia: 'Leva e Traz',
    razao_social: 'Leva e Traz Transportes Ltda',
    cnpj: '11.444.777/0001-61',
    email: 'contato@levaetraz.com.br',
  },
  produtos: {
    codigo_interno: 'P0002',
    nome: 'Caderno 96 folhas',
    codigo_barras: '',
    preco: '18,90',
    custo: '9,00',
  },
  servicos: { codigoInterno: 'S002', nome: 'Manutenção preventiva', preco: '90,00' },
  estoque: { produto: 'P0002', quantidade: '12,5', custo: '9,00' },
};

/** The import's upload answer: the sheet's header, a sample and the suggested mapping. */
function arquivoDe(
  row: { id: number; tipo: TipoImportacao; arquivoNome: string },
  planilha: PlanilhaLida,
): ImportacaoArquivo {
  return {
    id: row.id,
    tipo: row.tipo,
    arquivo_nome: row.arquivoNome,
    folhas: planilha.folhas,
    folha: planilha.folha,
    cabecalhos: planilha.cabecalhos,
    amostra: planilha.linhas.filter((l) => l.some((c) => c.trim() !== '')).slice(0, 5),
    total_linhas: contarLinhas(planilha),
    codificacao: planilha.codificacao,
    separador: planilha.separador,
    mapeamento_sugerido: sugerirMapeamento(row.tipo, planilha.cabecalhos),
  };
}

/** The upload: the `tipo` field and the `arquivo` file (up to 20 MB). */
async function lerEnvio(request: FastifyRequest) {
  if (!request.isMultipart())
    throw badRequest(M.arquivoObrigatorio, { arquivo: M.arquivoObrigatorio });
  const campos: Record<string, string> = {};
  let arquivo: { nome: string; conteudo: Buffer } | undefined;
  try {
    for await (const parte of request.parts({
      limits: { fileSize: IMPORTACAO_MAX_BYTES, files: 1 },
    })) {
      if (parte.type === 'field') {
        campos[parte.fieldname] = String(parte.value);
      } else if (parte.fieldname === 'arquivo') {
        arquivo = {
          nome: (parte.filename || 'planilha.csv').slice(0, 255),
          conteudo: await parte.toBuffer(),
        };
      } else {
        throw badRequest(`Arquivo não esperado: ${parte.fieldname}`, {
          [parte.fieldname]: 'Campo não permitido',
        });
      }
    }
  } catch (erro) {
    const codigo = (erro as { code?: string }).code;
    if (codigo === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', M.arquivoGrande, { arquivo: M.arquivoGrande });
    }
    if (codigo === 'FST_FILES_LIMIT') throw badRequest(M.umArquivo, { arquivo: M.umArquivo });
    if (erro instanceof AppError || (erro as { statusCode?: unknown }).statusCode) throw erro;
    throw badRequest('O envio do arquivo está malformado. Envie o formulário novamente.');
  }
  const tipo = importacaoTipoSchema.safeParse(campos);
  if (!tipo.success) throw validationError(zodIssues(tipo.error));
  if (!arquivo) throw badRequest(M.arquivoObrigatorio, { arquivo: M.arquivoObrigatorio });
  return { tipo: tipo.data.tipo, arquivo };
}

/**
 * /api/importacoes (issue 33): upload a spreadsheet, map its columns, simulate, run in the
 * background, follow and cancel; the history, the refused rows and the saved mappings. For
 * admins and managers.
 */
export const importacaoRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config: appConfig },
) => {
  /** The import as the history shows it; a run this process is doing shows its progress. */
  async function resumo(id: number): Promise<Importacao> {
    let row = await getImportacaoResumo(db, id);
    if (row.status === 'Em andamento') {
      const execucao = execucoes.get(id);
      if (execucao) return { ...toImportacao(row), processadas: execucao.processadas };
      if (await encerrarSeAbandonada(db, id)) row = await getImportacaoResumo(db, id);
    }
    return toImportacao(row);
  }

  async function planilhaDe(id: number, folha?: string | null) {
    const row = await getImportacao(db, id);
    const planilha = await lerPlanilha(row.arquivo, row.arquivoNome, {
      folha: folha ?? row.folha ?? undefined,
    });
    return { row, planilha };
  }

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Histórico das importações (mais recentes primeiro)',
        querystring: importacaoListQuerySchema,
      },
    },
    async (request) => {
      const rows = await listImportacoes(db, request.query.tipo);
      const lista: Importacao[] = [];
      for (const row of rows) {
        lista.push(row.status === 'Em andamento' ? await resumo(row.id) : toImportacao(row));
      }
      return lista;
    },
  );

  app.get(
    '/modelo/:tipo',
    {
      config,
      schema: {
        tags,
        summary: 'Planilha modelo do tipo de importação (cabeçalhos e duas linhas de exemplo)',
        params: importacaoModeloParamsSchema,
        querystring: importacaoModeloQuerySchema,
      },
    },
    (request, reply) => {
      const { tipo } = request.params;
      const campos = CAMPOS_IMPORTACAO[tipo];
      const primeira: LinhaRelatorio = Object.fromEntries(campos.map((c) => [c.chave, c.exemplo]));
      const segunda: LinhaRelatorio = { ...primeira, ...SEGUNDO_EXEMPLO[tipo] };
      const titulo = `Modelo - ${TIPO_IMPORTACAO_LABELS[tipo]}`;
      return enviarPlanilha(
        reply,
        request.query.formato,
        `modelo-${tipo}.${request.query.formato}`,
        {
          titulo,
          colunas: campos.map((c) => ({
            chave: c.chave,
            titulo: c.rotulo,
            tipo: 'texto' as const,
          })),
          lotes: (async function* () {
            yield [primeira, segunda];
          })(),
          filtros: campos.map(
            (c) =>
              [
                c.rotulo,
                [c.obrigatorio ? 'Obrigatório' : 'Opcional', c.ajuda].filter(Boolean).join('. '),
              ] as const,
          ),
        },
      );
    },
  );

  app.get(
    '/mapeamentos',
    {
      config,
      schema: {
        tags,
        summary: 'Mapeamentos de colunas salvos',
        querystring: mapeamentoListQuerySchema,
      },
    },
    (request) => listMapeamentos(db, request.query.tipo),
  );

  app.post(
    '/mapeamentos',
    {
      config,
      schema: {
        tags,
        summary: 'Salva (ou substitui, pelo nome) um mapeamento de colunas',
        body: mapeamentoInputSchema,
      },
    },
    async (request, reply) => {
      const salvo = await comAuditoria(db, request.user, (tx) =>
        salvarMapeamento(tx, request.body, request.user.id),
      );
      return reply.code(201).send(salvo);
    },
  );

  app.delete(
    '/mapeamentos/:id',
    { config, schema: { tags, summary: 'Exclui um mapeamento salvo', params: idParamSchema } },
    async (request, reply) => {
      await comAuditoria(db, request.user, (tx) => deleteMapeamento(tx, request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Envia a planilha (multipart: tipo e arquivo .csv, .txt ou .xlsx até 20 MB)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const { tipo, arquivo } = await lerEnvio(request);
      const planilha = await lerPlanilha(arquivo.conteudo, arquivo.nome);
      const id = await createImportacao(db, {
        tipo,
        arquivoNome: arquivo.nome,
        arquivo: arquivo.conteudo,
        folha: planilha.folha,
        totalLinhas: contarLinhas(planilha),
        usuarioId: request.user.id,
        usuarioNome: request.user.nome,
      });
      return reply.code(201).send(arquivoDe({ id, tipo, arquivoNome: arquivo.nome }, planilha));
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Uma importação, com o progresso enquanto roda',
        params: idParamSchema,
      },
    },
    (request) => resumo(request.params.id),
  );

  app.post(
    '/:id/folha',
    {
      config,
      schema: {
        tags,
        summary: 'Lê outra aba da planilha (XLSX)',
        params: idParamSchema,
        body: importacaoFolhaSchema,
      },
    },
    async (request) => {
      const { row, planilha } = await planilhaDe(request.params.id, request.body.folha);
      await updateImportacao(db, row.id, {
        folha: planilha.folha,
        totalLinhas: contarLinhas(planilha),
      });
      return arquivoDe(row, planilha);
    },
  );

  app.post(
    '/:id/simular',
    {
      config,
      schema: {
        tags,
        summary:
          'Simula a importação: o que seria criado, atualizado, ignorado e recusado (não grava dados)',
        params: idParamSchema,
        querystring: importacaoSimularQuerySchema,
        body: importacaoOpcoesSchema,
      },
    },
    async (request) => {
      const opcoes = request.body;
      const { row, planilha } = await planilhaDe(request.params.id, opcoes.folha);
      validarOpcoes(row.tipo, opcoes, planilha.cabecalhos);
      const resultado = await simular(
        db,
        row,
        planilha,
        opcoes,
        request.query.pagina,
        request.query.so_erros,
      );
      // Only the options are kept, for the screen to offer them again.
      await updateImportacao(
        db,
        row.id,
        {
          status: 'Simulada',
          opcoes,
          folha: planilha.folha,
          modo: opcoes.modo,
          existentes: opcoes.existentes,
          chave: opcoes.chave,
        },
        ['Enviada', 'Simulada', 'Falhou', 'Cancelada'],
      );
      return resultado;
    },
  );

  app.post(
    '/:id/executar',
    {
      config: { ...config, idempotent: true },
      schema: {
        tags,
        summary: 'Executa a importação em segundo plano (acompanhe por GET /api/importacoes/{id})',
        description: 'Aceita o cabeçalho Idempotency-Key.',
        params: idParamSchema,
        body: importacaoOpcoesSchema,
      },
    },
    async (request, reply) => {
      const opcoes = request.body;
      const { row, planilha } = await planilhaDe(request.params.id, opcoes.folha);
      validarOpcoes(row.tipo, opcoes, planilha.cabecalhos);
      if (row.status === 'Em andamento') throw new AppError('TRANSICAO_INVALIDA', M.emAndamento);
      const iniciada = await updateImportacao(
        db,
        row.id,
        {
          status: 'Em andamento',
          opcoes,
          folha: planilha.folha,
          modo: opcoes.modo,
          existentes: opcoes.existentes,
          chave: opcoes.chave,
          totalLinhas: contarLinhas(planilha),
          processadas: 0,
          criados: 0,
          atualizados: 0,
          ignorados: 0,
          recusados: 0,
          recusadas: null,
          erro: null,
          usuarioId: request.user.id,
          usuarioNome: request.user.nome,
        },
        ['Enviada', 'Simulada', 'Falhou', 'Cancelada'],
      );
      if (!iniciada) throw new AppError('TRANSICAO_INVALIDA', M.jaExecutada);
      // Read before the run starts: a small file may be done before a read after it, and the
      // answer to "Importar" is the run just started.
      const resposta = toImportacao(await getImportacaoResumo(db, row.id));
      iniciarExecucao(db, row.id, row.tipo, planilha, opcoes, request.user, appConfig.timeZone);
      return reply.code(202).send(resposta);
    },
  );

  app.post(
    '/:id/cancelar',
    {
      config,
      schema: {
        tags,
        summary: 'Cancela a importação em andamento (nada dela fica gravado)',
        params: idParamSchema,
      },
    },
    async (request) => {
      const id = request.params.id;
      const execucao = execucoes.get(id);
      if (!execucao) {
        const atual = await resumo(id);
        throw new AppError(
          'TRANSICAO_INVALIDA',
          atual.status === 'Em andamento' ? M.emAndamento : M.naoCancelavel,
        );
      }
      execucao.cancelar = true;
      await execucao.fim;
      return resumo(id);
    },
  );

  app.get(
    '/:id/recusadas',
    {
      config,
      schema: {
        tags,
        summary: 'As linhas recusadas em CSV: as colunas originais e o Motivo',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const { row, planilha } = await planilhaDe(request.params.id);
      if (!row.recusadas?.length) throw badRequest(M.semRecusadas);
      const motivos = new Map(row.recusadas.map((r) => [r.linha, r.motivo]));
      const colunas = [
        ...planilha.cabecalhos.map((titulo, i) => ({
          chave: `c${i}`,
          titulo,
          tipo: 'texto' as const,
        })),
        { chave: 'motivo', titulo: M.motivoColuna, tipo: 'texto' as const },
      ];
      async function* lotes() {
        let lote: LinhaRelatorio[] = [];
        for (let i = 0; i < planilha.linhas.length; i++) {
          const motivo = motivos.get(planilha.linha_cabecalho + i + 1);
          if (motivo === undefined) continue;
          const celulas = planilha.linhas[i]!;
          lote.push({ ...Object.fromEntries(celulas.map((c, j) => [`c${j}`, c])), motivo });
          if (lote.length === 1000) {
            yield lote;
            lote = [];
          }
        }
        if (lote.length) yield lote;
      }
      const base = row.arquivoNome.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_');
      return enviarPlanilha(
        reply,
        'csv',
        `${base}-recusadas.csv`,
        {
          titulo: `Linhas recusadas - ${row.arquivoNome}`,
          colunas,
          lotes: lotes(),
          filtros: [],
        },
        motivos.size,
      );
    },
  );
};
