// The NFS-e by e-mail (issue 30, part 5): its XML and DANFSe to the customer of the order or the
// appointment, through the outbox of the fiscal events issue — sent from its screen, or queued
// with the authorization when Configurações → E-mail sends notes by itself.
import { sql } from 'drizzle-orm';
import type { Email } from '@prumo/shared/emails';
import { NFSE_EMISSAO_MENSAGENS as M } from '@prumo/shared/fiscal';
import type { Config } from '../../../config';
import type { Executor } from '../../../db/database';
import { selectRows } from '../../../db/sql-helpers';
import { AppError, notFound } from '../../../http/errors';
import type { Ator } from '../../auditoria/auditoria.repository';
import { contextoDocumento } from '../../configuracoes/configuracoes.repository';
import {
  emailDeDocumento,
  enviarDocumentoPorEmail,
  envioAutomaticoDeNotas,
  type AnexoEmail,
  type EmailDeDocumentoPedido,
  type NovoEmail,
} from '../../emails/emails.repository';
import { nfseRow, type NfseRow } from '../nfse.repository';

/** The customer of the note's order or appointment: who gets it by default. */
async function clienteDaNfse(db: Executor, nota: NfseRow) {
  const [row] = await selectRows<{ email: string | null; nome: string | null }>(
    db,
    nota.ordemServicoId !== null
      ? sql`SELECT c.email, c.nome FROM ordens_servico o JOIN cadastros c ON c.id = o.cliente_id
          WHERE o.id = ${nota.ordemServicoId}`
      : sql`SELECT c.email, c.nome FROM vendas v JOIN cadastros c ON c.id = v.cliente_id
          WHERE v.id = ${nota.vendaId}`,
  );
  return { email: row?.email ?? null, nome: row?.nome ?? null };
}

/** The e-mail of a generated NFS-e: its XML and its DANFSe, with the standard text. */
function pedidoDaNfse(
  db: Executor,
  config: Config,
  nota: NfseRow & { chave: string; xmlNfse: string },
  cliente: EmailDeDocumentoPedido['cliente'],
): EmailDeDocumentoPedido {
  return {
    cliente,
    documento: {
      documento: `NFS-e nº ${nota.numeroNfse}`,
      documentoComArtigo: `a NFS-e nº ${nota.numeroNfse} (chave ${nota.chave})`,
      observacao:
        'O arquivo XML é o documento fiscal: guarde-o. O PDF (DANFSe) é a sua representação impressa.',
    },
    anexos: async (): Promise<AnexoEmail[]> => {
      // Loaded with the first e-mail, as the DANFSe's route does.
      const { danfsePdf } = await import('./danfse');
      const pdf = await danfsePdf(nota.xmlNfse, await contextoDocumento(db, config));
      return [
        {
          nome: `NFSe-${nota.chave}.xml`,
          tipoMime: 'application/xml',
          conteudo: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${nota.xmlNfse}`),
        },
        { nome: `DANFSe-${nota.chave}.pdf`, tipoMime: 'application/pdf', conteudo: pdf },
      ];
    },
    referencia: `nfse:${nota.id}`,
  };
}

const gerada = (nota: NfseRow): nota is NfseRow & { chave: string; xmlNfse: string } =>
  nota.situacao === 'Autorizada' && nota.chave !== null && nota.xmlNfse !== null;

/** POST /api/nfse/{id}/email: a generated NFS-e to the customer (or to `para`). */
export async function enviarNfsePorEmail(
  db: Executor,
  config: Config,
  ator: Ator,
  id: number,
  entrada: { para: string | null; mensagem: string | null },
): Promise<Email> {
  const nota = await nfseRow(db, id);
  if (!nota) throw notFound(M.naoEncontrada);
  if (!gerada(nota)) throw new AppError('REGRA_VIOLADA', M.soAutorizadaPorEmail);
  const pedido = pedidoDaNfse(db, config, nota, await clienteDaNfse(db, nota));
  return enviarDocumentoPorEmail(db, config, ator, entrada, pedido);
}

/**
 * With the NFS-e generated, the e-mail that takes it to the customer when the settings send
 * notes by themselves and the customer has an e-mail; null otherwise. Made (the DANFSe drawn)
 * before the transaction that stores the note, which queues it.
 */
export async function emailAutomaticoDaNfse(
  db: Executor,
  config: Config,
  ator: Ator,
  nota: NfseRow,
): Promise<NovoEmail | null> {
  if (!gerada(nota) || !(await envioAutomaticoDeNotas(db))) return null;
  const cliente = await clienteDaNfse(db, nota);
  if (!cliente.email) return null;
  return emailDeDocumento(
    db,
    config,
    ator,
    { para: null, mensagem: null },
    pedidoDaNfse(db, config, nota, cliente),
  );
}
