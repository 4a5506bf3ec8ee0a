import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { EMPTY_LOGIN_MESSAGE, type DemoResponse } from '@prumo/shared/auth';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { fetchDemoCredentials, login } from '../../../api/auth';
import { DemoCredentialsBox } from '../components/DemoCredentialsBox';
import { goToPublicPath } from '../../../lib/public-path';
import { ESQUECI_SENHA_PATH } from './EsqueciSenhaPage';
import classes from './Publico.module.css';

/** The code step loads only for users with two factors: the login page stays light. */
const DoisFatoresStep = lazy(() =>
  import('../components/DoisFatoresStep').then((mod) => ({ default: mod.DoisFatoresStep })),
);

export function LoginPage() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [demo, setDemo] = useState<DemoResponse | null>(null);
  /** Set after a right password of a user with two factors: the code step is shown. */
  const [desafio, setDesafio] = useState<string | null>(null);
  const [senhaVisivel, setSenhaVisivel] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchDemoCredentials(controller.signal)
      .then(setDemo)
      .catch(() => setDemo(null));
    return () => controller.abort();
  }, []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(EMPTY_LOGIN_MESSAGE);
      return;
    }
    setSubmitting(true);
    setError('');
    try {
      const answer = await login({ email, password });
      if ('dois_fatores' in answer) {
        setDesafio(answer.desafio);
        setSubmitting(false);
        return;
      }
      session.login(answer.token, answer.user);
    } catch (failure) {
      setError(
        failure instanceof ApiError && !failure.isConnectionFailure
          ? (failure.serverMessage ?? 'Erro ao fazer login')
          : CONNECTION_ERROR_MESSAGE,
      );
      setSubmitting(false);
    }
  }

  return (
    <main className={classes.page}>
      <div className={classes.card}>
        <div className={classes.brand}>
          <h1>Prumo</h1>
          <p className={classes.dimmed}>Sistema ERP Empresarial</p>
        </div>

        {desafio ? (
          <Suspense
            fallback={
              <div className={classes.loader} role="status">
                <span className={classes.spinner} />
              </div>
            }
          >
            <DoisFatoresStep
              desafio={desafio}
              onSuccess={({ token, user }) => session.login(token, user)}
              onRestart={(message) => {
                setDesafio(null);
                setPassword('');
                setError(message);
              }}
            />
          </Suspense>
        ) : (
          <form onSubmit={handleSubmit} noValidate className={classes.stack}>
            {error && (
              <div className={classes.alert} role="alert" data-testid="login-error">
                {error}
              </div>
            )}
            <label className={classes.field}>
              E-mail
              <input
                className={classes.input}
                type="email"
                placeholder="seu.nome@empresa.com.br"
                autoComplete="username"
                value={email}
                disabled={submitting}
                onChange={(event) => {
                  setEmail(event.currentTarget.value);
                  setError('');
                }}
              />
            </label>
            <label className={classes.field}>
              Senha
              <span className={classes.inputWrap}>
                <input
                  className={classes.input}
                  type={senhaVisivel ? 'text' : 'password'}
                  placeholder="Digite sua senha"
                  autoComplete="current-password"
                  value={password}
                  disabled={submitting}
                  onChange={(event) => {
                    setPassword(event.currentTarget.value);
                    setError('');
                  }}
                />
                <button
                  type="button"
                  className={classes.toggle}
                  aria-label="Mostrar ou ocultar senha"
                  aria-pressed={senhaVisivel}
                  disabled={submitting}
                  onClick={() => setSenhaVisivel((visivel) => !visivel)}
                >
                  <OlhoIcon riscado={senhaVisivel} />
                </button>
              </span>
            </label>
            <div className={classes.right}>
              <a
                className={classes.link}
                href={ESQUECI_SENHA_PATH}
                onClick={(event) => {
                  event.preventDefault();
                  goToPublicPath(ESQUECI_SENHA_PATH);
                }}
              >
                Esqueceu sua senha?
              </a>
            </div>
            <button
              type="submit"
              className={`${classes.button} ${classes.full}`}
              disabled={submitting}
            >
              {submitting ? (
                <>
                  <span className={classes.spinner} aria-hidden />
                  Entrando...
                </>
              ) : (
                'Entrar'
              )}
            </button>
          </form>
        )}

        {!desafio && demo?.demo && demo.email && demo.password && (
          <DemoCredentialsBox
            email={demo.email}
            password={demo.password}
            disabled={submitting}
            onFill={() => {
              setEmail(demo.email!);
              setPassword(demo.password!);
              setError('');
            }}
          />
        )}
      </div>
    </main>
  );
}

/** The password field's eye (Tabler's eye and eye-off outlines, inlined: no icon library here). */
function OlhoIcon({ riscado }: { riscado: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {riscado ? (
        <>
          <path d="M10.585 10.587a2 2 0 0 0 2.829 2.828" />
          <path d="M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87" />
          <path d="M3 3l18 18" />
        </>
      ) : (
        <>
          <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0" />
          <path d="M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6" />
        </>
      )}
    </svg>
  );
}
