import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES } from '@prumo/shared/auth';
import { anexoParamsSchema } from '@prumo/shared/cadastros';
import { idParamSchema, type z } from '@prumo/shared/validation';
import type { Database, Executor, Transaction } from '../db/database';
import type { Auditar } from './auditar';
import { notFound } from './errors';
import { IMAGE_TYPES, readMultipartForm, sendArquivo, type UploadedFile } from './multipart';

type FastifyApp = Parameters<FastifyPluginAsyncZod>[0];
type ArquivoLido = Parameters<typeof sendArquivo>[1];

/** What a document brings to its attachment routes. */
export interface AnexosDoDocumento {
  tags: string[];
  /** "do orçamento", "da ordem de serviço": ends each route's summary. */
  doDocumento: string;
  maxFiles: number;
  naoEncontrado: string;
  /** The document's answer schema: the upload answers the whole document. */
  schema: z.ZodType;
  /** The write's transaction, naming its author for the audit trail. */
  auditar: Auditar;
  adicionar(tx: Transaction, id: number, files: readonly UploadedFile[]): Promise<unknown>;
  ler(db: Executor, id: number, arquivoId: number): Promise<ArquivoLido | undefined>;
  remover(tx: Transaction, id: number, arquivoId: number): Promise<unknown>;
}

/**
 * The attachment routes every document has (a service order, a quote): POST /:id/anexos
 * (photos and PDFs checked by content, answering the document), GET and DELETE
 * /:id/anexos/:arquivoId. The document brings its names, its limit and its repository.
 */
export function registerAnexosRoutes(
  app: FastifyApp,
  db: Database,
  documento: AnexosDoDocumento,
): void {
  const { tags, doDocumento } = documento;
  const regra = {
    field: 'anexos',
    label: 'Anexos',
    maxFiles: documento.maxFiles,
    allowedTypes: [...Object.values(IMAGE_TYPES), { mime: 'application/pdf', label: 'PDF' }],
  };

  app.post(
    '/:id/anexos',
    {
      config: { roles: ALL_ROLES },
      schema: {
        tags,
        summary: 'Anexar arquivos (campo "anexos": JPG, PNG, GIF, WebP ou PDF, até 5 MB cada)',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 201: documento.schema },
      },
    },
    async (request, reply) => {
      const { files } = await readMultipartForm(request, [regra]);
      const atualizado = await documento.auditar(db, request.user, (tx) =>
        documento.adicionar(tx, request.params.id, files),
      );
      return reply.code(201).send(atualizado);
    },
  );

  app.get(
    '/:id/anexos/:arquivoId',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: `Baixar um anexo ${doDocumento}`, params: anexoParamsSchema },
    },
    async (request, reply) => {
      const anexo = await documento.ler(db, request.params.id, request.params.arquivoId);
      if (!anexo) throw notFound(documento.naoEncontrado);
      return sendArquivo(reply, anexo, { inline: true });
    },
  );

  app.delete(
    '/:id/anexos/:arquivoId',
    {
      config: { roles: ALL_ROLES },
      schema: { tags, summary: `Remover um anexo ${doDocumento}`, params: anexoParamsSchema },
    },
    async (request, reply) => {
      await documento.auditar(db, request.user, (tx) =>
        documento.remover(tx, request.params.id, request.params.arquivoId),
      );
      return reply.code(204).send();
    },
  );
}
