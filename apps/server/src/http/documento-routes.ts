import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ALL_ROLES, type Role } from '@prumo/shared/auth';
import { idParamSchema, type z } from '@prumo/shared/validation';
import type { Database, Transaction } from '../db/database';
import { registerAnexosRoutes, type AnexosDoDocumento } from './anexos-routes';
import type { Auditar } from './auditar';
import { notFound } from './errors';
import { sendPdf } from './pdf-reply';
import { mantemOmitidos, porId } from './put-parcial';

type FastifyApp = Parameters<FastifyPluginAsyncZod>[0];

/** A route's texts for the API docs. */
interface Texto {
  summary: string;
  description?: string;
}

/** A write that takes a body: its schema and what it does, in the route's transaction. */
interface Escrita<B extends z.ZodType, D> extends Texto {
  body: B;
  gravar(
    tx: Transaction,
    body: z.infer<B>,
    request: FastifyRequest & { params: { id: number } },
  ): Promise<D>;
}

/**
 * The routes every document has (a quote, a service order): GET /:id, GET /:id/pdf, POST /,
 * PUT /:id, PATCH /:id/status and, when it has them, DELETE /:id and the attachments. Each
 * write runs in `auditar`'s transaction; the document brings its names, schemas, repository,
 * PDF layout and the roles that use it (every role unless it says).
 */
export function registerDocumentoRoutes<
  D,
  BC extends z.ZodType,
  BU extends z.ZodType,
  BS extends z.ZodType,
>(
  app: FastifyApp,
  documento: {
    db: Database;
    auditar: Auditar;
    tags: string[];
    roles?: readonly Role[];
    /** The document's answer schema. */
    schema: z.ZodType;
    /** The document as the API answers it (outside any transaction), or undefined. */
    ler(db: Database, id: number): Promise<D | undefined>;
    naoEncontrado: string;
    get: Texto;
    pdf: Texto & {
      gerar(documento: D): Promise<Uint8Array>;
      nome(documento: D): string;
    };
    create: Escrita<BC, D>;
    update: Escrita<BU, D>;
    /** A document cancelled instead (a contract) has none. */
    delete?: Texto & { excluir(tx: Transaction, id: number): Promise<void> };
    status: Escrita<BS, D>;
    anexos?: Omit<AnexosDoDocumento, 'tags' | 'schema' | 'auditar'>;
  },
): void {
  const { db, auditar, tags, schema } = documento;
  const roles = documento.roles ?? ALL_ROLES;
  const carregar = async (id: number) => {
    const lido = await documento.ler(db, id);
    if (lido === undefined) throw notFound(documento.naoEncontrado);
    return lido;
  };
  type ComId = FastifyRequest & { params: { id: number } };

  app.get(
    '/:id',
    {
      config: { roles },
      schema: { tags, ...texto(documento.get), params: idParamSchema, response: { 200: schema } },
    },
    (request) => carregar(request.params.id),
  );

  app.get(
    '/:id/pdf',
    {
      config: { roles },
      schema: { tags, ...texto(documento.pdf), params: idParamSchema },
    },
    async (request, reply) => {
      const lido = await carregar(request.params.id);
      const pdf = await documento.pdf.gerar(lido);
      return sendPdf(reply, pdf, documento.pdf.nome(lido));
    },
  );

  const { create, update, status } = documento;
  /** The schema of a write to one document that answers it (PUT, PATCH status). */
  const comCorpo = <B extends z.ZodType>(escrita: Escrita<B, D>) => ({
    tags,
    ...texto(escrita),
    params: idParamSchema,
    body: escrita.body,
    response: { 200: schema },
  });
  app.post(
    '/',
    {
      config: { roles, idempotent: true },
      schema: { tags, ...texto(create), body: create.body, response: { 201: schema } },
    },
    async (request, reply) => {
      const criado = await auditar(db, request.user, (tx) =>
        create.gravar(tx, request.body as z.infer<BC>, request as ComId),
      );
      return reply.code(201).send(criado as never);
    },
  );

  app.put(
    '/:id',
    {
      config: { roles },
      // PUT keeps what it leaves out (README, "Convenções da API").
      preValidation: mantemOmitidos(
        update.body,
        porId((id) => documento.ler(db, id)),
      ),
      schema: comCorpo(update),
    },
    (request) =>
      auditar(db, request.user, (tx) => update.gravar(tx, request.body as z.infer<BU>, request)),
  );

  const remover = documento.delete;
  if (remover) {
    app.delete(
      '/:id',
      {
        config: { roles },
        schema: { tags, ...texto(remover), params: idParamSchema },
      },
      async (request, reply) => {
        await auditar(db, request.user, (tx) => remover.excluir(tx, request.params.id));
        return reply.code(204).send();
      },
    );
  }

  app.patch(
    '/:id/status',
    {
      config: { roles, idempotent: true },
      schema: comCorpo(status),
    },
    (request) =>
      auditar(db, request.user, (tx) => status.gravar(tx, request.body as z.infer<BS>, request)),
  );

  if (documento.anexos) {
    registerAnexosRoutes(app, db, { ...documento.anexos, tags, schema, auditar });
  }
}

/** The summary and, when there is one, the description of a route. */
const texto = ({ summary, description }: Texto): Texto =>
  description === undefined ? { summary } : { summary, description };
