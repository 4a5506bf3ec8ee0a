import { createReadStream } from 'node:fs';
import { ADMIN_ONLY } from '@prumo/shared/auth';
import {
  BACKUP_MENSAGENS,
  backupArquivoSchema,
  backupCreateSchema,
  backupParamsSchema,
  backupsSchema,
  type BackupArquivo,
} from '@prumo/shared/configuracoes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import { preferenciasEmpresa } from '../configuracoes/configuracoes.repository';
import {
  AgendadorBackup,
  caminhoDoBackup,
  criarBackup,
  limparParciais,
  listarBackups,
  pastaBackups,
  pgliteDe,
  posicaoDoLog,
} from './backups.service';

const naoEmbutido = () => new AppError('REGRA_VIOLADA', BACKUP_MENSAGENS.postgresql);

/**
 * /api/configuracoes/backups (admins): the backups of the embedded database, made every day at
 * the chosen hour and on demand, kept in DATA_DIR/backups. With PostgreSQL the list says so and
 * making or downloading one is refused: the database has its own backups.
 */
export const backupsRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  const tags = ['configuracoes'];
  const client = pgliteDe(db);
  const pasta = pastaBackups(config.dataDir);

  // One backup at a time, whether the clock or an admin asked for it.
  let fila: Promise<unknown> = Promise.resolve();
  let ultimo: { nome: string; lsn: string } | undefined;
  const fazerBackup = (): Promise<BackupArquivo> => {
    if (!client) return Promise.reject(naoEmbutido());
    const vez = fila.then(async () => {
      const { lsn, ...arquivo } = await criarBackup(client, pasta, config.timeZone);
      ultimo = { nome: arquivo.nome, lsn };
      return arquivo;
    });
    fila = vez.catch(() => undefined);
    return vez;
  };
  /** The last backup again when nothing was written since (its log position is the same). */
  const backupAtual = async (): Promise<BackupArquivo | null> => {
    await fila;
    if (!client || !ultimo || (await posicaoDoLog(client)) !== ultimo.lsn) return null;
    const nome = ultimo.nome;
    return (await listarBackups(pasta)).find((arquivo) => arquivo.nome === nome) ?? null;
  };

  // The daily backup runs only for a database on disk (tests use one in memory).
  if (client?.dataDir && !client.dataDir.startsWith('memory://')) {
    await limparParciais(pasta);
    const agendador = new AgendadorBackup({
      timeZone: config.timeZone,
      preferencias: async () => {
        const prefs = await preferenciasEmpresa(db, config);
        return { automatico: prefs.backup_automatico, hora: prefs.backup_hora };
      },
      ultimoBackup: async () => {
        const arquivos = await listarBackups(pasta);
        const momentos = arquivos.map((arquivo) => new Date(arquivo.criado_em).getTime());
        return momentos.length ? new Date(Math.max(...momentos)) : null;
      },
      fazerBackup: async () => {
        const arquivo = await fazerBackup();
        app.log.info(`Backup automático: ${arquivo.nome}`);
      },
      log: (mensagem, erro) => app.log.error(erro, mensagem),
    });
    agendador.iniciar();
    app.addHook('onClose', () => agendador.parar());
  }

  app.get(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Backups do banco embutido: agendamento e arquivos guardados (admin)',
        response: { 200: backupsSchema },
      },
    },
    async () => {
      const prefs = await preferenciasEmpresa(db, config);
      return {
        modo: client ? ('embutido' as const) : ('postgresql' as const),
        automatico: prefs.backup_automatico,
        hora: prefs.backup_hora,
        arquivos: client ? await listarBackups(pasta) : [],
      };
    },
  );

  app.post(
    '/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary:
          'Fazer um backup agora; fica entre os 7 guardados. Sem nada gravado desde o último, responde o último (200) (admin, banco embutido)',
        body: backupCreateSchema,
        response: { 200: backupArquivoSchema, 201: backupArquivoSchema },
      },
    },
    async (_request, reply) => {
      const atual = await backupAtual();
      if (atual) return atual;
      return reply.code(201).send(await fazerBackup());
    },
  );

  app.get(
    '/:nome',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Baixar um backup guardado (.tar.gz) (admin, banco embutido)',
        params: backupParamsSchema,
      },
    },
    async (request, reply) => {
      if (!client) throw naoEmbutido();
      const { nome } = request.params;
      const caminho = await caminhoDoBackup(pasta, nome);
      if (!caminho) throw notFound(BACKUP_MENSAGENS.naoEncontrado);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${nome}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(caminho));
    },
  );
};
