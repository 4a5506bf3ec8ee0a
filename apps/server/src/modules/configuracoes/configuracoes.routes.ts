import { ADMIN_ONLY, ALL_ROLES, DOIS_FATORES_MESSAGES } from '@prumo/shared/auth';
import {
  EMPRESA_MENSAGENS,
  empresaSchema,
  empresaUpdateSchema,
  preferenciasSchema,
  preferenciasUpdateSchema,
  temaUpdateSchema,
} from '@prumo/shared/configuracoes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, badRequest, notFound } from '../../http/errors';
import { mantemOmitidos } from '../../http/put-parcial';
import { IMAGE_TYPES, readMultipartForm, sendArquivo, type UploadRule } from '../../http/multipart';
import { comAuditoria } from '../auditoria/auditoria.repository';
import { statusDoisFatores } from '../usuarios/dois-fatores.repository';
import {
  deleteLogo,
  getEmpresa,
  getLogo,
  getPreferencias,
  saveEmpresa,
  saveLogo,
  savePreferencias,
  saveTema,
} from './configuracoes.repository';

/** The company's logo: one PNG or JPG, checked by content, 5 MB at most. */
const LOGO_RULE: UploadRule = {
  field: 'logo',
  label: 'Logotipo',
  maxFiles: 1,
  allowedTypes: [IMAGE_TYPES.png, IMAGE_TYPES.jpeg],
};

/**
 * /api/configuracoes: the company (printed on documents, its PIX key on screens), the company's
 * preferences and each user's theme. Anyone signed in reads them; admins change the company's.
 */
export const configuracoesRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['configuracoes'];

  app.get(
    '/empresa',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Dados da empresa e chave PIX', response: { 200: empresaSchema } },
    },
    () => getEmpresa(db, config),
  );

  app.put(
    '/empresa',
    {
      config: { roles: ADMIN_ONLY },
      preValidation: mantemOmitidos(empresaUpdateSchema, () => getEmpresa(db, config)),
      schema: {
        tags,
        summary: 'Salvar os dados da empresa e a chave PIX (admin)',
        body: empresaUpdateSchema,
        response: { 200: empresaSchema },
      },
    },
    (request) => comAuditoria(db, request.user, (tx) => saveEmpresa(tx, request.body)),
  );

  app.get(
    '/empresa/logo',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: 'Logotipo da empresa (PNG ou JPG)' },
    },
    async (_request, reply) => {
      const logo = await getLogo(db);
      if (!logo) throw notFound(EMPRESA_MENSAGENS.logoNaoEncontrado);
      return sendArquivo(reply, logo, { inline: true });
    },
  );

  app.post(
    '/empresa/logo',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Enviar o logotipo (multipart, campo "logo"; PNG ou JPG, 5 MB) (admin)',
        response: { 200: empresaSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw badRequest('Envie o logotipo como multipart/form-data no campo "logo".');
      }
      const { files } = await readMultipartForm(request, [LOGO_RULE]);
      const [logo] = files;
      if (!logo) throw badRequest('Selecione o logotipo.', { logo: 'Selecione o logotipo' });
      return comAuditoria(db, request.user, (tx) => saveLogo(tx, config, logo));
    },
  );

  app.delete(
    '/empresa/logo',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags, summary: 'Remover o logotipo (admin)' },
    },
    async (request, reply) => {
      const removido = await comAuditoria(db, request.user, (tx) => deleteLogo(tx));
      if (!removido) throw notFound(EMPRESA_MENSAGENS.logoNaoEncontrado);
      return reply.code(204).send();
    },
  );

  app.get(
    '/preferencias',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Notificações, logout por inatividade e o tema do usuário',
        response: { 200: preferenciasSchema },
      },
    },
    (request) => getPreferencias(db, config, request.user.id),
  );

  app.put(
    '/preferencias',
    {
      config: { roles: ADMIN_ONLY },
      preValidation: mantemOmitidos(preferenciasUpdateSchema, (request) =>
        getPreferencias(db, config, request.user.id),
      ),
      schema: {
        tags,
        summary: 'Salvar notificações e logout por inatividade (admin)',
        body: preferenciasUpdateSchema,
        response: { 200: preferenciasSchema },
      },
    },
    async (request) => {
      // An admin without two factors who turned the requirement on would lock themself out.
      if (
        request.body.dois_fatores_obrigatorio === true &&
        !(await statusDoisFatores(db, request.user.id)).ativado
      ) {
        throw new AppError('REGRA_VIOLADA', DOIS_FATORES_MESSAGES.exigirSemTer, {
          dois_fatores_obrigatorio: DOIS_FATORES_MESSAGES.exigirSemTer,
        });
      }
      await comAuditoria(db, request.user, (tx) => savePreferencias(tx, db, request.body));
      return getPreferencias(db, config, request.user.id);
    },
  );

  app.put(
    '/tema',
    {
      config: { roles: ALL_ROLES },
      preValidation: mantemOmitidos(temaUpdateSchema, (request) =>
        getPreferencias(db, config, request.user.id),
      ),
      schema: {
        tags,
        summary: 'Tema claro ou escuro do usuário, lembrado em qualquer navegador',
        body: temaUpdateSchema,
        response: { 200: temaUpdateSchema },
      },
    },
    async (request) => {
      await comAuditoria(db, request.user, (tx) =>
        saveTema(tx, request.user.id, request.body.tema),
      );
      return request.body;
    },
  );
};
