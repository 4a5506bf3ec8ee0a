import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_MENSAGENS,
  PORTA_PADRAO_SMTP,
  textoDoEmail,
  type ConfiguracaoEmail,
  type Email,
  type EmailDeDocumento,
  type EmailsQuery,
  type SegurancaSmtp,
  type SituacaoEmail,
} from '@prumo/shared/emails';
import type { Config } from '../../config';
import type { Executor, Transaction } from '../../db/database';
import { containsSearch, isoUtc, selectRows } from '../../db/sql-helpers';
import { AppError, badRequest, notFound } from '../../http/errors';
import { insertArquivo } from '../arquivos/arquivos.repository';
import { comAuditoria, type Ator } from '../auditoria/auditoria.repository';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import { configuracaoSmtp, emailAnexos, emails } from './emails.table';

export type ConfiguracaoSmtpRow = typeof configuracaoSmtp.$inferSelect;

export async function configuracaoSmtpRow(db: Executor): Promise<ConfiguracaoSmtpRow | undefined> {
  const [row] = await db.select().from(configuracaoSmtp).where(eq(configuracaoSmtp.id, 1));
  return row;
}

/**
 * GET /api/configuracoes/email: the stored settings without the password; never saved, the
 * form's starting values with the company (Configurações → Empresa) as the sender.
 */
export async function getConfiguracaoEmail(
  db: Executor,
  config: Config,
): Promise<ConfiguracaoEmail> {
  const row = await configuracaoSmtpRow(db);
  if (row) {
    return {
      configurado: true,
      host: row.host,
      porta: row.porta,
      seguranca: row.seguranca as SegurancaSmtp,
      usuario: row.usuario,
      senha_definida: row.senhaCifrada !== null,
      remetente_nome: row.remetenteNome,
      remetente_email: row.remetenteEmail,
      enviar_nota_automaticamente: row.enviarNotaAutomaticamente,
    };
  }
  const empresa = await getEmpresa(db, config);
  return {
    configurado: false,
    host: '',
    porta: PORTA_PADRAO_SMTP.starttls,
    seguranca: 'starttls',
    usuario: null,
    senha_definida: false,
    remetente_nome: empresa.nome_fantasia ?? empresa.razao_social,
    remetente_email: empresa.email ?? '',
    enviar_nota_automaticamente: true,
  };
}

export interface ConfiguracaoSmtpDados {
  host: string;
  porta: number;
  seguranca: SegurancaSmtp;
  usuario: string | null;
  remetente_nome: string;
  remetente_email: string;
  enviar_nota_automaticamente: boolean;
}

/** PUT /api/configuracoes/email: the one row; `senhaCifrada` undefined keeps the stored one. */
export async function salvarConfiguracaoSmtp(
  tx: Transaction,
  dados: ConfiguracaoSmtpDados,
  senhaCifrada: string | null | undefined,
): Promise<void> {
  const colunas = {
    host: dados.host,
    porta: dados.porta,
    seguranca: dados.seguranca,
    usuario: dados.usuario,
    remetenteNome: dados.remetente_nome,
    remetenteEmail: dados.remetente_email,
    enviarNotaAutomaticamente: dados.enviar_nota_automaticamente,
    ...(senhaCifrada === undefined ? {} : { senhaCifrada }),
  };
  await tx
    .insert(configuracaoSmtp)
    .values({ id: 1, ...colunas })
    .onConflictDoUpdate({
      target: configuracaoSmtp.id,
      set: { ...colunas, updatedAt: sql`now()` },
    });
}

/** Whether an authorized note goes to its customer by itself (a mail server saved and the switch on). */
export async function envioAutomaticoDeNotas(db: Executor): Promise<boolean> {
  return (await configuracaoSmtpRow(db))?.enviarNotaAutomaticamente ?? false;
}

// ---------------------------------------------------------------------------------------------
// The outbox.

/** A file an e-mail carries (a quote's PDF, a note's XML). */
export interface AnexoEmail {
  nome: string;
  tipoMime: string;
  conteudo: Buffer | Uint8Array;
}

export interface NovoEmail {
  para: string;
  assunto: string;
  corpo: string;
  anexos: readonly AnexoEmail[];
  /** The document it carries ("orcamento:7", "nota-fiscal:12"). */
  referencia: string | null;
  usuarioId: number | null;
}

/** An e-mail as the API shows it (one query, whatever the page size). */
const emailView = {
  id: emails.id,
  para: emails.para,
  assunto: emails.assunto,
  referencia: emails.referencia,
  situacao: sql<SituacaoEmail>`${emails.situacao}`,
  tentativas: emails.tentativas,
  proxima_tentativa: sql<string | null>`${isoUtc(emails.proximaTentativa)}`,
  ultimo_erro: emails.ultimoErro,
  enviado_em: sql<string | null>`${isoUtc(emails.enviadoEm)}`,
  created_at: sql<string>`${isoUtc(emails.createdAt)}`,
  // The subqueries name the outer row by its table: a bare "id" would be the inner table's.
  usuario_nome: sql<string | null>`(SELECT u.nome FROM usuarios u WHERE u.id = emails.usuario_id)`,
  anexos: sql<string[]>`ARRAY(SELECT a.nome FROM email_anexos ea
    JOIN arquivos a ON a.id = ea.arquivo_id WHERE ea.email_id = emails.id ORDER BY a.id)`,
};

async function getEmail(db: Executor, id: number): Promise<Email | undefined> {
  const [row] = await db.select(emailView).from(emails).where(eq(emails.id, id));
  return row;
}

/**
 * Writes an e-mail and its attachments (stored files) in the caller's transaction: it is sent
 * after commit by the outbox's worker, and a rollback takes it back with the rest.
 */
export async function enfileirarEmail(tx: Transaction, email: NovoEmail): Promise<Email> {
  const [row] = await tx
    .insert(emails)
    .values({
      para: email.para,
      assunto: email.assunto,
      corpo: email.corpo,
      referencia: email.referencia,
      usuarioId: email.usuarioId,
      proximaTentativa: sql`now()`,
    })
    .returning({ id: emails.id });
  for (const anexo of email.anexos) {
    const conteudo = Buffer.from(anexo.conteudo);
    const arquivoId = await insertArquivo(tx, {
      field: 'anexos',
      nome: anexo.nome,
      tipoMime: anexo.tipoMime,
      tamanho: conteudo.length,
      conteudo,
    });
    await tx.insert(emailAnexos).values({ emailId: row!.id, arquivoId });
  }
  return (await getEmail(tx, row!.id))!;
}

/** What a document's e-mail is made of: who gets it, its texts and its files. */
export interface EmailDeDocumentoPedido {
  /** The customer's e-mail (the recipient when the request names none) and name. */
  cliente: { email: string | null; nome: string | null };
  documento: Pick<EmailDeDocumento, 'documento' | 'documentoComArtigo' | 'observacao'>;
  /** Made only once the e-mail is known to go (a PDF is not drawn for a refused request). */
  anexos(): Promise<AnexoEmail[]>;
  referencia: string;
}

/**
 * A document's e-mail: to the one asked for, else the customer; subject and body with the
 * company's name and contacts. 400 when nobody is named and the customer has no e-mail.
 */
export async function emailDeDocumento(
  db: Executor,
  config: Config,
  ator: Ator,
  entrada: { para: string | null; mensagem: string | null },
  pedido: EmailDeDocumentoPedido,
): Promise<NovoEmail> {
  const para = entrada.para ?? pedido.cliente.email;
  if (!para)
    throw badRequest(EMAIL_MENSAGENS.semDestinatario, { para: EMAIL_MENSAGENS.semDestinatario });
  const empresa = await getEmpresa(db, config);
  const texto = textoDoEmail({
    ...pedido.documento,
    destinatario: pedido.cliente.nome,
    mensagem: entrada.mensagem,
    empresa: {
      nome: empresa.nome_fantasia ?? empresa.razao_social,
      telefone: empresa.telefone,
      email: empresa.email,
    },
  });
  return {
    para,
    ...texto,
    anexos: await pedido.anexos(),
    referencia: pedido.referencia,
    usuarioId: ator?.id ?? null,
  };
}

/**
 * POST /api/{documento}/{id}/email: the document's e-mail goes to the outbox in its author's
 * name. 409 while no mail server is saved (it would wait in the outbox for nothing).
 */
export async function enviarDocumentoPorEmail(
  db: Executor,
  config: Config,
  ator: Ator,
  entrada: { para: string | null; mensagem: string | null },
  pedido: EmailDeDocumentoPedido,
): Promise<Email> {
  if (!(await configuracaoSmtpRow(db))) {
    throw new AppError('REGRA_VIOLADA', EMAIL_MENSAGENS.naoConfigurado);
  }
  const email = await emailDeDocumento(db, config, ator, entrada, pedido);
  return comAuditoria(db, ator, (tx) => enfileirarEmail(tx, email));
}

/** An e-mail the worker took to send. */
export interface EmailTomado {
  id: number;
  para: string;
  assunto: string;
  corpo: string;
  tentativas: number;
  createdAt: Date;
}

/**
 * Takes the next e-mail due: its attempt is counted and it is held for `leaseMs` (the next
 * attempt moves ahead), so another instance, or this one after a crash until then, does not
 * take it too. Rows another transaction is taking are skipped, not waited for.
 */
export async function tomarProximoEmail(
  db: Executor,
  agora: Date,
  leaseMs: number,
): Promise<EmailTomado | undefined> {
  const [row] = await selectRows<EmailTomado & { createdAt: string | Date }>(
    db,
    sql`UPDATE emails SET tentativas = tentativas + 1,
        proxima_tentativa = ${new Date(agora.getTime() + leaseMs)}
      WHERE id = (SELECT id FROM emails
        WHERE situacao = 'pendente' AND proxima_tentativa <= ${agora}
        ORDER BY proxima_tentativa, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, para, assunto, corpo, tentativas, created_at AS "createdAt"`,
  );
  return row && { ...row, createdAt: new Date(row.createdAt) };
}

/** The files an e-mail carries, with their bytes. */
export async function anexosDoEmail(db: Executor, emailId: number): Promise<AnexoEmail[]> {
  const rows = await selectRows<{ nome: string; tipo_mime: string; conteudo: Uint8Array }>(
    db,
    sql`SELECT a.nome, a.tipo_mime, a.conteudo FROM email_anexos ea
      JOIN arquivos a ON a.id = ea.arquivo_id WHERE ea.email_id = ${emailId} ORDER BY a.id`,
  );
  return rows.map((row) => ({
    nome: row.nome,
    tipoMime: row.tipo_mime,
    conteudo: Buffer.from(row.conteudo),
  }));
}

/** The mail server took it. */
export async function registrarEnvio(db: Executor, id: number, em: Date): Promise<void> {
  await db
    .update(emails)
    .set({
      situacao: 'enviado',
      enviadoEm: em,
      proximaTentativa: null,
      ultimoErro: null,
      updatedAt: sql`now()`,
    })
    .where(eq(emails.id, id));
}

/** A failed attempt: tried again at `proxima`, or given up (null: falhou, on the bell). */
export async function registrarFalha(
  db: Executor,
  id: number,
  erro: string,
  proxima: Date | null,
): Promise<void> {
  await db
    .update(emails)
    .set({
      ultimoErro: erro,
      proximaTentativa: proxima,
      updatedAt: sql`now()`,
      ...(proxima ? {} : { situacao: 'falhou' }),
    })
    .where(eq(emails.id, id));
}

/** GET /api/emails: newest first, one page, and how many the filter matches. */
export async function listEmails(
  db: Executor,
  query: EmailsQuery,
): Promise<{ items: Email[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.situacao) conditions.push(eq(emails.situacao, query.situacao));
  if (query.q) conditions.push(sql`(${containsSearch(query.q, emails.para, emails.assunto)})`);
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select(emailView)
      .from(emails)
      .where(where)
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(emails).where(where),
  ]);
  return { items, total: Number(total?.total ?? 0) };
}

/** POST /api/emails/{id}/reenviar: an e-mail given up goes back to the outbox, due now. */
export async function reenviarEmail(tx: Transaction, id: number): Promise<Email> {
  const [row] = await tx
    .update(emails)
    .set({
      situacao: 'pendente',
      tentativas: 0,
      proximaTentativa: sql`now()`,
      ultimoErro: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(emails.id, id), eq(emails.situacao, 'falhou')))
    .returning({ id: emails.id });
  if (!row) {
    const [existe] = await tx.select({ id: emails.id }).from(emails).where(eq(emails.id, id));
    if (!existe) throw notFound(EMAIL_MENSAGENS.naoEncontrado);
    throw new AppError('TRANSICAO_INVALIDA', EMAIL_MENSAGENS.naoReenviavel);
  }
  return (await getEmail(tx, id))!;
}

/** The e-mails given up (the bell): how many, and the newest one's recipient and error. */
export async function emailsFalhos(
  db: Executor,
): Promise<{ quantidade: number; para: string | null; erro: string | null }> {
  const [row] = await selectRows<{ quantidade: number; para: string | null; erro: string | null }>(
    db,
    sql`SELECT (SELECT count(*) FROM emails WHERE situacao = 'falhou') AS quantidade, ultimo.*
      FROM (SELECT 1) um LEFT JOIN LATERAL (SELECT para, ultimo_erro AS erro FROM emails
        WHERE situacao = 'falhou' ORDER BY updated_at DESC, id DESC LIMIT 1) ultimo ON true`,
  );
  return {
    quantidade: Number(row?.quantidade ?? 0),
    para: row?.para ?? null,
    erro: row?.erro ?? null,
  };
}
