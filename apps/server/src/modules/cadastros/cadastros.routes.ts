import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MANAGER, ALL_ROLES, hasRole } from '@prumo/shared/auth';
import { formatCep, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import { CAMPOS_IMPORTACAO, IMPORTACAO_DO_CADASTRO } from '@prumo/shared/importacao';
import {
  anexoParamsSchema,
  CADASTRO_ENTIDADES,
  cadastroDetalheSchema,
  cadastroEmUsoMessage,
  cadastroListQuerySchema,
  cadastroListSchema,
  documentoDuplicadoMessage,
  isLegacyPayload,
  isTipoCadastro,
  MAX_ANEXOS_POR_CADASTRO,
  MAX_ANEXOS_POR_ENVIO,
  parseCadastroPayload,
  temFoto,
  type CadastroDados,
  type CadastroModo,
  type TipoCadastro,
} from '@prumo/shared/cadastros';
import { idParamSchema } from '@prumo/shared/validation';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import {
  colunasDosCampos,
  enviarLista,
  exportacaoDaLista,
  linhaDosCampos,
} from '../../exportacao/listas';
import { comAuditoria } from '../auditoria/auditoria.repository';
import {
  isStillReferenced,
  PG_ERROR,
  pgConstraint,
  pgErrorCode,
  pgReferencingTable,
} from '../../db/pg-errors';
import {
  type AppError,
  badRequest,
  duplicado,
  emUso,
  notFound,
  validationError,
  zodIssues,
} from '../../http/errors';
import {
  IMAGE_TYPES,
  readMultipartForm,
  sendArquivo,
  type UploadedFile,
  type UploadRule,
} from '../../http/multipart';
import { sendPage } from '../../http/paging';
import { assertRole } from '../../plugins/auth';
import type { AuthenticatedUser } from '../../http/authenticated-user';
import {
  anexoIdsOf,
  countAnexos,
  createCadastro,
  deleteCadastro,
  exportCadastros,
  findCadastroResumo,
  getAnexo,
  getCadastroJson,
  getFoto,
  listCadastros,
  updateCadastro,
  type CadastroArquivos,
} from './cadastros.repository';

/** Employees (and their CPF/RG and attachments) are kept by admins and managers only. */
const FUNCIONARIO_ROLES = ADMIN_MANAGER;

const UPLOAD_RULES: readonly UploadRule[] = [
  {
    field: 'foto',
    label: 'Foto',
    maxFiles: 1,
    allowedTypes: [IMAGE_TYPES.jpeg, IMAGE_TYPES.gif],
  },
  { field: 'anexos', label: 'Anexos', maxFiles: MAX_ANEXOS_POR_ENVIO },
];

interface CadastroBody {
  dados: CadastroDados;
  arquivos: CadastroArquivos;
  legacy: boolean;
}

/**
 * POST and PUT take JSON, or multipart with the same JSON in a "dados" field plus the files
 * "foto" and "anexos". Either way the data goes through the shared schema.
 */
async function readCadastroBody(
  request: FastifyRequest,
  modo: CadastroModo,
  authorize: (tipo: unknown) => void,
): Promise<CadastroBody> {
  let data: unknown = request.body;
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    ({ data, files } = await readMultipartForm(request, UPLOAD_RULES));
  }
  const tipo = (data as { tipo?: unknown } | null)?.tipo;
  authorize(tipo);
  const result = parseCadastroPayload(data, modo);
  if (!result.success) throw validationError(zodIssues(result.error));
  const dados = result.data;
  const foto = files.find((file) => file.field === 'foto');
  if (foto && !temFoto(dados.tipo)) {
    const message = `${CADASTRO_ENTIDADES[dados.tipo].plural} não têm foto.`;
    throw badRequest(message, { foto: message });
  }
  return {
    dados,
    arquivos: { foto, anexos: files.filter((file) => file.field === 'anexos') },
    legacy: isTipoCadastro(tipo) && isLegacyPayload(data as Record<string, unknown>, tipo, modo),
  };
}

/**
 * A record's answer as the database writes it (the schema documents it). A `user` may see
 * employees, but never their CPF, RG or attachments.
 */
async function detalheFor(db: Database, id: number, user: AuthenticatedUser): Promise<string> {
  const detalhe = await getCadastroJson(db, id, {
    documentos: hasRole(user.role, FUNCIONARIO_ROLES),
  });
  if (detalhe === undefined) throw notFound('Cadastro não encontrado.');
  return detalhe;
}

/** A duplicate CPF/CNPJ within the tipo becomes a 409 that names the document. */
function duplicateError(error: unknown, tipo: TipoCadastro, legacy: boolean): AppError | undefined {
  if (pgErrorCode(error) !== PG_ERROR.uniqueViolation) return undefined;
  const constraint = pgConstraint(error);
  const documento =
    constraint === 'cadastros_tipo_cpf_unique'
      ? 'CPF'
      : constraint === 'cadastros_tipo_cnpj_unique'
        ? 'CNPJ'
        : undefined;
  if (!documento) return undefined;
  const message = documentoDuplicadoMessage(tipo, documento);
  return duplicado(message, legacy ? 'cnpj_cpf' : documento.toLowerCase());
}

/** What other data a record is used by, from the foreign key that blocked its deletion. */
const REFERENCING_TABLES: Record<string, string> = {
  vendas: 'vendas',
  venda_itens: 'vendas',
  orcamentos: 'orçamentos',
  pedidos: 'pedidos',
  pedidos_compra: 'pedidos de compra',
  ordens_servico: 'ordens de serviço',
  servicos: 'serviços (fornecedor principal)',
  contas_receber: 'contas a receber',
  contas_pagar: 'contas a pagar',
  notas_fiscais: 'notas fiscais',
  contratos: 'contratos',
};

export const cadastrosRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  async function loadResumo(id: number) {
    const resumo = await findCadastroResumo(db, id);
    if (!resumo) throw notFound('Cadastro não encontrado.');
    return resumo;
  }

  app.get(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Listar cadastros de um tipo (id, nome, email, telefone, tipo)',
        description:
          '`q` procura no nome e no e-mail (sem diferenciar acentos). Com `limit`, uma página a ' +
          'partir de `offset` e o total no cabeçalho X-Total-Count; sem ele, a lista inteira.',
        querystring: cadastroListQuerySchema,
        response: { 200: cadastroListSchema },
      },
    },
    async (request, reply) => sendPage(reply, await listCadastros(db, request.query)),
  );

  app.get(
    '/exportar',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Exportar os cadastros de um tipo em CSV ou XLSX (formato=), sem limite de linhas',
        description:
          'Os mesmos filtros e a mesma ordem da lista (`tipo` obrigatório), sem `limit` nem ' +
          '`offset`. As colunas são as da importação do tipo, escritas como ela as lê: o ' +
          'arquivo exportado volta pela importação sem mudanças.',
        querystring: exportacaoDaLista(cadastroListQuerySchema),
      },
    },
    (request, reply) => {
      const { tipo } = request.query;
      if (!tipo) {
        const message = 'Escolha o tipo de cadastro a exportar.';
        throw badRequest(message, { tipo: message });
      }
      const importacao = IMPORTACAO_DO_CADASTRO[tipo];
      const campos = CAMPOS_IMPORTACAO[importacao];
      const documentos = hasRole(request.user.role, FUNCIONARIO_ROLES);
      return enviarLista(reply, request.query, config.timeZone, {
        arquivo: importacao,
        titulo: CADASTRO_ENTIDADES[tipo].plural,
        colunas: colunasDosCampos(campos),
        ler: (filtro, pagina) => exportCadastros(db, filtro, pagina, { documentos }),
        linha: (c) =>
          linhaDosCampos(campos, {
            ...c,
            nome_fantasia: c.nome,
            cpf_cnpj: c.cnpj ? formatCnpj(c.cnpj) : formatCpf(c.cpf),
            cpf: formatCpf(c.cpf),
            cnpj: formatCnpj(c.cnpj),
            cep: formatCep(c.cep),
          }),
      });
    },
  );

  app.get(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Carregar um cadastro com todos os campos, contatos, foto e anexos',
        params: idParamSchema,
        response: { 200: cadastroDetalheSchema },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json')
        .send((await detalheFor(db, request.params.id, request.user)) as never),
  );

  app.post(
    '/',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Criar um cadastro',
        description:
          'JSON com o payload completo (campos do formulário) ou o da especificação (seção 7); ' +
          'ou multipart/form-data com esse JSON no campo "dados" e os arquivos "foto" ' +
          '(JPG/JPEG/GIF, até 5 MB) e "anexos" (até 5 MB cada).',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: cadastroDetalheSchema },
      },
    },
    async (request, reply) => {
      const body = await readCadastroBody(request, 'create', (tipo) => {
        if (tipo === 'funcionario') assertRole(request.user, FUNCIONARIO_ROLES);
      });
      let id: number;
      try {
        id = await comAuditoria(db, request.user, (tx) =>
          createCadastro(tx, body.dados, body.arquivos),
        );
      } catch (error) {
        throw duplicateError(error, body.dados.tipo, body.legacy) ?? error;
      }
      return reply
        .code(201)
        .type('application/json')
        .send((await detalheFor(db, id, request.user)) as never);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Atualizar um cadastro (campos ausentes ficam como estão)',
        description:
          'Mesmos formatos do POST. No payload completo, "remover_foto" e "anexos_remover" ' +
          '(ids dos arquivos) removem a foto e anexos; arquivos enviados são acrescentados.',
        consumes: ['application/json', 'multipart/form-data'],
        params: idParamSchema,
        response: { 200: cadastroDetalheSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const atual = await loadResumo(id);
      if (atual.tipo === 'funcionario') assertRole(request.user, FUNCIONARIO_ROLES);
      const body = await readCadastroBody(request, 'update', () => undefined);
      const { dados, arquivos } = body;
      if (dados.tipo !== atual.tipo) {
        const message = 'O tipo do cadastro não pode ser alterado.';
        throw badRequest(message, { tipo: message });
      }
      try {
        await comAuditoria(db, request.user, async (tx) => {
          const remover = dados.anexos_remover ?? [];
          const encontrados = await anexoIdsOf(tx, id, remover);
          if (encontrados.length !== new Set(remover).size) {
            const message = 'Anexo não encontrado neste cadastro.';
            throw badRequest(message, { anexos_remover: message });
          }
          const total = (await countAnexos(tx, id)) - encontrados.length + arquivos.anexos.length;
          if (total > MAX_ANEXOS_POR_CADASTRO) {
            const message = `Um cadastro pode ter no máximo ${MAX_ANEXOS_POR_CADASTRO} anexos.`;
            throw badRequest(message, { anexos: message });
          }
          await updateCadastro(
            tx,
            id,
            atual.fotoArquivoId,
            { ...dados, anexos_remover: encontrados },
            arquivos,
          );
        });
      } catch (error) {
        throw duplicateError(error, atual.tipo, body.legacy) ?? error;
      }
      return reply.type('application/json').send((await detalheFor(db, id, request.user)) as never);
    },
  );

  app.delete(
    '/:id',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Excluir um cadastro (409 quando outros dados o usam)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const atual = await loadResumo(id);
      if (atual.tipo === 'funcionario') assertRole(request.user, FUNCIONARIO_ROLES);
      try {
        const removed = await comAuditoria(db, request.user, (tx) => deleteCadastro(tx, id));
        if (!removed) throw notFound('Cadastro não encontrado.');
      } catch (error) {
        if (isStillReferenced(error)) {
          const table = pgReferencingTable(error, 'cadastros');
          const onde = table
            ? (REFERENCING_TABLES[table] ?? table.replace(/_/g, ' '))
            : 'outros cadastros';
          throw emUso(cadastroEmUsoMessage(atual.tipo, atual.nome, onde));
        }
        throw error;
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/:id/foto',
    {
      config: { roles: ALL_ROLES },
      schema: { tags: ['cadastros'], summary: 'Foto do cadastro', params: idParamSchema },
    },
    async (request, reply) => {
      const foto = await getFoto(db, request.params.id);
      if (!foto) throw notFound('Este cadastro não tem foto.');
      return sendArquivo(reply, foto, { inline: true });
    },
  );

  app.get(
    '/:id/anexos/:arquivoId',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags: ['cadastros'],
        summary: 'Baixar um anexo do cadastro',
        params: anexoParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, arquivoId } = request.params;
      const atual = await loadResumo(id);
      if (atual.tipo === 'funcionario') assertRole(request.user, FUNCIONARIO_ROLES);
      const anexo = await getAnexo(db, id, arquivoId);
      if (!anexo) throw notFound('Anexo não encontrado.');
      return sendArquivo(reply, anexo);
    },
  );
};
