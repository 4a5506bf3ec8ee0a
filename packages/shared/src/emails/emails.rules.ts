// The texts of the e-mails Prumo sends: a document to a customer, and the settings' test.

/** Longest subject the outbox keeps (emails.assunto). */
const ASSUNTO_MAX = 200;

export interface EmailDeDocumento {
  /** "Orçamento nº 000123": the subject's start. */
  documento: string;
  /** "o orçamento nº 000123": how the body names it. */
  documentoComArtigo: string;
  /** The customer's name, for the greeting. */
  destinatario?: string | null;
  /** The sender's own words, above the standard text. */
  mensagem?: string | null;
  /** A line about the attachments (the NF-e's XML is the fiscal document). */
  observacao?: string;
  empresa: { nome: string; telefone?: string | null; email?: string | null };
}

/** Subject and plain-text body of an e-mail that carries a document. */
export function textoDoEmail(email: EmailDeDocumento): { assunto: string; corpo: string } {
  const { empresa } = email;
  const contato = [empresa.telefone, empresa.email].filter(Boolean).join(' · ');
  const partes = [
    email.destinatario ? `Olá, ${email.destinatario}!` : 'Olá!',
    email.mensagem,
    [`Segue em anexo ${email.documentoComArtigo}.`, email.observacao].filter(Boolean).join('\n'),
    ['Atenciosamente,', empresa.nome, contato].filter(Boolean).join('\n'),
  ];
  return {
    assunto: `${email.documento} — ${empresa.nome}`.slice(0, ASSUNTO_MAX),
    corpo: partes.filter(Boolean).join('\n\n'),
  };
}

/** The settings' test e-mail. */
export function textoDoEmailDeTeste(empresa: string): { assunto: string; corpo: string } {
  return {
    assunto: `Teste de e-mail — ${empresa}`.slice(0, ASSUNTO_MAX),
    corpo:
      'Este é um e-mail de teste enviado pelo Prumo.\n\n' +
      'Se você o recebeu, o servidor de e-mail está configurado: orçamentos, ordens de serviço ' +
      'e notas fiscais já podem ser enviados por e-mail.',
  };
}
