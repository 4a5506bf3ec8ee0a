import classes from '../pages/Publico.module.css';

/** Shown only in demo mode: the demo admin's credentials and a button that fills them in. */
export function DemoCredentialsBox({
  email,
  password,
  disabled,
  onFill,
}: {
  email: string;
  password: string;
  disabled: boolean;
  onFill: () => void;
}) {
  return (
    <div className={classes.demo} data-testid="demo-box">
      <p>
        <strong>Credenciais de demonstração</strong>
      </p>
      <p>
        E-mail: <strong>{email}</strong>
      </p>
      <p>
        Senha: <strong>{password}</strong>
      </p>
      <button
        type="button"
        className={`${classes.button} ${classes.small}`}
        onClick={onFill}
        disabled={disabled}
      >
        Preencher automaticamente
      </button>
    </div>
  );
}
