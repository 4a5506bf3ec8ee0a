import { goToPublicPath } from '../../../lib/public-path';
import classes from './Publico.module.css';

/** The one address a visitor may open without signing in, besides the login. */
export const ESQUECI_SENHA_PATH = '/esqueci-senha';

/** /esqueci-senha (public): how to get a new password, since none is sent by e-mail. */
export function EsqueciSenhaPage() {
  return (
    <main className={classes.page}>
      <div className={`${classes.card} ${classes.stack}`}>
        <h2 className={classes.title}>Esqueceu sua senha?</h2>
        <p className={classes.text}>
          Por segurança, o Prumo não envia senhas por e-mail. Para voltar a entrar:
        </p>
        <div className={classes.text}>
          <ol>
            <li>Peça a um administrador do sistema para redefinir a sua senha.</li>
            <li>
              Ele abre <strong>Configurações → Usuários</strong>, escolhe o seu nome em{' '}
              <strong>Redefinir senha</strong> e lhe passa a nova senha.
            </li>
            <li>
              Entre com ela e, se quiser, troque-a por uma só sua em <strong>Perfil</strong>.
            </li>
          </ol>
        </div>
        <p className={`${classes.text} ${classes.dimmed}`}>
          É o dono do sistema e o único administrador? No servidor, rode{' '}
          <code>ADMIN_EMAIL=... ADMIN_PASSWORD=... npm run create-admin</code> com o mesmo{' '}
          <code>DATABASE_URL</code> (ou <code>DATA_DIR</code>): a conta volta a ser um administrador
          ativo com a nova senha.
        </p>
        <a
          className={classes.link}
          href="/"
          onClick={(event) => {
            event.preventDefault();
            goToPublicPath('/');
          }}
        >
          Voltar para o login
        </a>
      </div>
    </main>
  );
}
