import { z } from '../validation';

/**
 * Backups of the embedded database (issue 16, item 6): a daily copy of DATA_DIR into
 * DATA_DIR/backups at the hour the admin chose, the last BACKUPS_MANTIDOS kept. With PostgreSQL
 * the database makes its own backups (pg_dump or the provider's service).
 */
export const BACKUPS_MANTIDOS = 7;
export const BACKUP_HORA_PADRAO = 2;

/** "prumo-2026-11-23-0200.tar.gz", a second one in the same minute "prumo-2026-11-23-0200-2.tar.gz". */
export const BACKUP_NOME_REGEX =
  /^prumo-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(?:-([1-9]\d{0,2}))?\.tar\.gz$/;

export const BACKUP_MODOS = ['embutido', 'postgresql'] as const;
export type BackupModo = (typeof BACKUP_MODOS)[number];

export const BACKUP_MENSAGENS = {
  nomeInvalido: 'Nome de backup inválido',
  naoEncontrado: 'Backup não encontrado.',
  postgresql:
    'Com PostgreSQL, o backup é feito pelo próprio banco de dados (pg_dump ou o serviço do provedor), não pelo Prumo.',
  hora: 'Informe uma hora de 0 a 23',
} as const;

/** The command that restores a backup file into DATA_DIR (with the server stopped). */
export const BACKUP_COMANDO_RESTAURAR = 'npm run restore -- data/backups/<arquivo>.tar.gz';

export const backupArquivoSchema = z.object({
  nome: z.string(),
  /** Bytes. */
  tamanho: z.number().int(),
  /** ISO 8601 instant. */
  criado_em: z.string(),
});
export type BackupArquivo = z.infer<typeof backupArquivoSchema>;

/** GET /api/configuracoes/backups. */
export const backupsSchema = z.object({
  modo: z.enum(BACKUP_MODOS),
  automatico: z.boolean(),
  hora: z.number().int(),
  /** Newest first. */
  arquivos: z.array(backupArquivoSchema),
});
export type Backups = z.infer<typeof backupsSchema>;

/** GET /api/configuracoes/backups/{nome}: only a name the server itself gives. */
export const backupParamsSchema = z.strictObject({
  nome: z.string().regex(BACKUP_NOME_REGEX, { error: BACKUP_MENSAGENS.nomeInvalido }),
});

/** POST /api/configuracoes/backups takes no body: the call itself is the request. */
export const backupCreateSchema = z
  .null({ error: 'Envie o pedido de backup sem corpo' })
  .optional();
