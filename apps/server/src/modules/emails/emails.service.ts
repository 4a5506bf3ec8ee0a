// The outbox's worker and the settings' test e-mail. What goes outside is written first and sent
// after (ARCHITECTURE.md, "Outside services"): every e-mail is in the database, committed with
// what caused it, before this sends it; a restart finds what was left and sends it.
import { EMAIL_MAX_TENTATIVAS, EMAIL_MENSAGENS, textoDoEmailDeTeste } from '@prumo/shared/emails';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import {
  carregarChaveCofre,
  CofreIndisponivel,
  criarCofre,
  type Cofre,
} from '../../seguranca/cofre';
import { getEmpresa } from '../configuracoes/configuracoes.repository';
import {
  anexosDoEmail,
  configuracaoSmtpRow,
  registrarEnvio,
  registrarFalha,
  tomarProximoEmail,
  type ConfiguracaoSmtpRow,
  type EmailTomado,
} from './emails.repository';
import { ErroEmail, falhaDefinitiva, mensagemDoErro, transporteSmtp } from './emails.smtp';
import type { SegurancaSmtp } from '@prumo/shared/emails';
import type { Transporter } from 'nodemailer';

/** An e-mail taken is held this long: past every timeout of one send (emails.smtp.ts). */
const LEASE_MS = 5 * 60_000;
/** E-mails one pass sends at most (the next pass goes on). */
const LOTE = 20;

/** How long the outbox waits before trying an e-mail again: 1 min doubling up to 1 h. */
export function esperaDoEmail(tentativas: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, tentativas - 1), 60 * 60_000);
}

/** One service per database: the routes and the tests reach the one of theirs. */
const servicos = new WeakMap<Database, ServicoEmail>();

export class ServicoEmail {
  static de(db: Database): ServicoEmail | undefined {
    return servicos.get(db);
  }

  private readonly cofre: Cofre;
  private timer?: NodeJS.Timeout;
  private rodando?: Promise<number>;

  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly log: (mensagem: string, erro?: unknown) => void = () => {},
  ) {
    this.cofre = criarCofre(
      carregarChaveCofre({ env: config.fiscal.chaveSegredos, dataDir: config.dataDir }),
    );
    servicos.set(db, this);
  }

  cifrar(senha: string): string {
    return this.cofre.cifrar(senha);
  }

  /** A transport to the saved server, its password opened from the cofre. */
  private transporte(row: ConfiguracaoSmtpRow): Promise<Transporter> {
    let senha: string | null;
    try {
      senha = row.senhaCifrada ? this.cofre.decifrar(row.senhaCifrada).toString('utf8') : null;
    } catch (erro) {
      if (!(erro instanceof CofreIndisponivel)) throw erro;
      throw new ErroEmail(
        'A senha do servidor de e-mail não pôde ser lida (a chave dos segredos mudou): informe-a de novo em Configurações → E-mail',
      );
    }
    return transporteSmtp(
      {
        host: row.host,
        porta: row.porta,
        seguranca: row.seguranca as SegurancaSmtp,
        usuario: row.usuario,
        senha,
      },
      this.config.email.somenteLocal,
    );
  }

  /** POST /api/configuracoes/email/teste: sent now with the saved settings, not queued. */
  async enviarTeste(para: string): Promise<string> {
    const row = await configuracaoSmtpRow(this.db);
    if (!row) throw new AppError('REGRA_VIOLADA', EMAIL_MENSAGENS.naoConfigurado);
    const empresa = await getEmpresa(this.db, this.config);
    const { assunto, corpo } = textoDoEmailDeTeste(empresa.nome_fantasia ?? empresa.razao_social);
    let transporte: Transporter | undefined;
    try {
      transporte = await this.transporte(row);
      await transporte.sendMail({
        from: { name: row.remetenteNome, address: row.remetenteEmail },
        to: para,
        subject: assunto,
        text: corpo,
      });
    } catch (erro) {
      throw new AppError('REGRA_VIOLADA', `Não foi possível enviar: ${mensagemDoErro(erro)}`);
    } finally {
      transporte?.close();
    }
    return EMAIL_MENSAGENS.testeEnviado(para);
  }

  // -------------------------------------------------------------------------------------------
  // The outbox.

  /** One pass over what is due at `agora`; answers how many e-mails it sent. */
  processarFila(agora = new Date()): Promise<number> {
    this.rodando ??= this.passar(agora).finally(() => {
      this.rodando = undefined;
    });
    return this.rodando;
  }

  private async passar(agora: Date): Promise<number> {
    const row = await configuracaoSmtpRow(this.db);
    // Without a server nothing is sent: the e-mails wait for one.
    if (!row) return 0;
    let enviados = 0;
    for (let n = 0; n < LOTE; n++) {
      const email = await tomarProximoEmail(this.db, agora, LEASE_MS);
      if (!email) break;
      if (await this.enviar(row, email, agora)) enviados++;
    }
    return enviados;
  }

  /** Sends one e-mail taken from the outbox and records what happened; true when sent. */
  private async enviar(row: ConfiguracaoSmtpRow, email: EmailTomado, agora: Date) {
    let transporte: Transporter | undefined;
    try {
      transporte = await this.transporte(row);
      const anexos = await anexosDoEmail(this.db, email.id);
      await transporte.sendMail({
        from: { name: row.remetenteNome, address: row.remetenteEmail },
        to: email.para,
        subject: email.assunto,
        text: email.corpo,
        // The same id on a resend (after a crash mid-send), so a mailbox may tell the copies.
        messageId: `<prumo-email-${email.id}.${email.createdAt.getTime()}@${dominio(row.remetenteEmail)}>`,
        attachments: anexos.map((anexo) => ({
          filename: anexo.nome,
          content: Buffer.from(anexo.conteudo),
          contentType: anexo.tipoMime,
        })),
      });
      await registrarEnvio(this.db, email.id, new Date());
      return true;
    } catch (erro) {
      const desiste = email.tentativas >= EMAIL_MAX_TENTATIVAS || falhaDefinitiva(erro);
      const proxima = desiste ? null : new Date(agora.getTime() + esperaDoEmail(email.tentativas));
      await registrarFalha(this.db, email.id, mensagemDoErro(erro), proxima);
      return false;
    } finally {
      transporte?.close();
    }
  }

  // -------------------------------------------------------------------------------------------
  // Life cycle.

  iniciar(): void {
    const intervalo = this.config.email.filaIntervaloMs;
    if (intervalo <= 0) return;
    this.timer = setInterval(
      () => void this.processarFila().catch((erro) => this.log('Fila de e-mails', erro)),
      intervalo,
    );
    this.timer.unref();
  }

  async parar(): Promise<void> {
    clearInterval(this.timer);
    await this.rodando?.catch(() => {});
    servicos.delete(this.db);
  }
}

/** The sender's domain, for the Message-ID. */
const dominio = (email: string) => email.slice(email.lastIndexOf('@') + 1) || 'prumo.local';
