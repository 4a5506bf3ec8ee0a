// The note's files as the customer receives them (the XML and the DANFE or DANFCE, downloaded or
// by e-mail), and the note's e-mail: sent from its screen, or by itself after authorization.
import { sql } from 'drizzle-orm';
import type { Email } from '@prumo/shared/emails';
import { FISCAL_MENSAGENS, MODELO_LABELS, type ModeloFiscal } from '@prumo/shared/fiscal';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import { AppError, notFound } from '../../http/errors';
import type { Ator } from '../auditoria/auditoria.repository';
import { contextoDocumento } from '../configuracoes/configuracoes.repository';
import {
  emailDeDocumento,
  enviarDocumentoPorEmail,
  envioAutomaticoDeNotas,
  type AnexoEmail,
  type EmailDeDocumentoPedido,
  type NovoEmail,
} from '../emails/emails.repository';
import { notaRow, type NotaRow } from './fiscal.repository';

/** A note's XML as stored: the nfeProc once authorized, else the signed NF-e. */
export interface XmlDaNota {
  chave: string;
  xml: string;
  autorizado: boolean;
}

/** The XML file: "<chave>-procNFe.xml" once authorized, with its XML declaration. */
export function arquivoXml(nota: XmlDaNota): { nome: string; conteudo: string } {
  return {
    nome: `${nota.chave}${nota.autorizado ? '-procNFe' : ''}.xml`,
    conteudo: nota.xml.startsWith('<?xml')
      ? nota.xml
      : `<?xml version="1.0" encoding="UTF-8"?>${nota.xml}`,
  };
}

/** The DANFE (NF-e, A4) or the DANFCE (NFC-e, 80 mm) drawn from the XML. */
export async function arquivoDanfe(
  db: Executor,
  config: Config,
  nota: XmlDaNota,
): Promise<{ nome: string; conteudo: Uint8Array }> {
  const contexto = await contextoDocumento(db, config);
  const nfce = nota.chave.slice(20, 22) === '65';
  // Loaded with the first print, so the server starts without the layouts.
  const conteudo = nfce
    ? await (await import('./danfe/danfce')).danfcePdf(nota.xml, contexto)
    : await (await import('./danfe/danfe')).danfePdf(nota.xml, contexto);
  return { nome: `${nfce ? 'DANFCE' : 'DANFE'}-${nota.chave}.pdf`, conteudo };
}

/** Who receives the note: the sale's customer, or the return's customer or supplier. */
async function destinatarioDaNota(db: Executor, nota: NotaRow) {
  const [row] = await selectRows<{ email: string | null; nome: string | null }>(
    db,
    nota.devolucaoId !== null
      ? sql`SELECT c.email, c.nome FROM devolucoes d JOIN cadastros c ON c.id = d.pessoa_id
          WHERE d.id = ${nota.devolucaoId}`
      : sql`SELECT c.email, c.nome FROM vendas v JOIN cadastros c ON c.id = v.cliente_id
          WHERE v.id = ${nota.vendaId}`,
  );
  return { email: row?.email ?? null, nome: row?.nome ?? null };
}

/** The e-mail of an authorized note: its nfeProc and its DANFE, with the standard text. */
function pedidoDaNota(
  db: Executor,
  config: Config,
  nota: NotaRow,
  xmlAutorizado: string,
  cliente: EmailDeDocumentoPedido['cliente'],
): EmailDeDocumentoPedido {
  const modelo = MODELO_LABELS[nota.modelo as ModeloFiscal];
  const xml = { chave: nota.chave, xml: xmlAutorizado, autorizado: true };
  return {
    cliente,
    documento: {
      documento: `${modelo} nº ${nota.numero}`,
      documentoComArtigo: `a ${modelo} nº ${nota.numero}, série ${nota.serie} (chave ${nota.chave})`,
      observacao:
        'O arquivo XML é o documento fiscal: guarde-o. O PDF é a sua representação impressa.',
    },
    anexos: async (): Promise<AnexoEmail[]> => {
      const arquivo = arquivoXml(xml);
      const danfe = await arquivoDanfe(db, config, xml);
      return [
        {
          nome: arquivo.nome,
          tipoMime: 'application/xml',
          conteudo: Buffer.from(arquivo.conteudo),
        },
        { nome: danfe.nome, tipoMime: 'application/pdf', conteudo: danfe.conteudo },
      ];
    },
    referencia: `nota-fiscal:${nota.id}`,
  };
}

/**
 * POST /api/notas-fiscais/{id}/email: an authorized note to the customer (or to `para`),
 * through the outbox.
 */
export async function enviarNotaPorEmail(
  db: Executor,
  config: Config,
  ator: Ator,
  id: number,
  entrada: { para: string | null; mensagem: string | null },
): Promise<Email> {
  const nota = await notaRow(db, id);
  if (!nota) throw notFound(FISCAL_MENSAGENS.notaNaoEncontrada);
  if (nota.situacao !== 'Autorizada' || !nota.xmlAutorizado) {
    throw new AppError('REGRA_VIOLADA', 'Só uma nota autorizada é enviada por e-mail');
  }
  const cliente = await destinatarioDaNota(db, nota);
  return enviarDocumentoPorEmail(
    db,
    config,
    ator,
    entrada,
    pedidoDaNota(db, config, nota, nota.xmlAutorizado, cliente),
  );
}

/**
 * After authorization, the e-mail that takes the note to its customer, when Configurações →
 * E-mail sends notes by itself and the customer has an e-mail; null otherwise. Made (the DANFE
 * drawn) before the transaction that stores the protocol, which queues it.
 */
export async function emailAutomaticoDaNota(
  db: Executor,
  config: Config,
  ator: Ator,
  nota: NotaRow,
  xmlAutorizado: string,
): Promise<NovoEmail | null> {
  if (!(await envioAutomaticoDeNotas(db))) return null;
  const cliente = await destinatarioDaNota(db, nota);
  if (!cliente.email) return null;
  return emailDeDocumento(
    db,
    config,
    ator,
    { para: null, mensagem: null },
    pedidoDaNota(db, config, nota, xmlAutorizado, cliente),
  );
}
