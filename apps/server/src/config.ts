import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '@prumo/shared/dates';
import { DESCONTO_LIMITE_PADRAO } from '@prumo/shared/vendas';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo mode seeds demo users and data and shows the demo box on the login screen. */
  demo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  timeZone: string;
  trustProxy: boolean;
  logLevel: string;
  session: {
    /** A session unused for this long ends. */
    idleMs: number;
    /** A session ends this long after sign-in, used or not. */
    maxAgeMs: number;
  };
  loginRateLimit: {
    /** Login attempts per IP address per minute. */
    perIpPerMinute: number;
    /** Failed attempts per e-mail within the window before it is blocked. */
    failuresPerEmail: number;
    emailWindowMs: number;
  };
  /** Folder of the built web app; served when it exists. */
  webDistDir: string;
  vendas: {
    /** A discount above this percentage needs a manager's or admin's password (DESCONTO_LIMITE). */
    descontoLimite: number;
    /** What the 5 digits of a scale label hold: the price in centavos or the weight in grams. */
    balancaModo: 'preco' | 'peso';
  };
  /** The company printed on documents (receipts, orders) until the settings screen keeps it. */
  empresa: {
    nome: string;
    cnpj: string;
    endereco: string;
    telefone: string;
  };
  fiscal: {
    /** PRUMO_CHAVE_SEGREDOS: the key of the secrets at rest; else DATA_DIR/segredos.key. */
    chaveSegredos: string | undefined;
    /** FISCAL_CA_DIR: PEM files of the ICP-Brasil roots SEFAZ's servers chain to. */
    caDir: string | undefined;
    /** How often the fiscal queue looks for notes waiting for SEFAZ (0: never, tests drive it). */
    filaIntervaloMs: number;
    /** FISCAL_SOMENTE_SIMULACAO: never reach a real SEFAZ (tests, training installs). */
    somenteSimulacao: boolean;
  };
  tarefas: {
    /** TAREFAS_INTERVALO_MS: how often scheduled jobs (contract billing) are looked at (0: never, tests run them). */
    intervaloMs: number;
  };
  email: {
    /** EMAIL_FILA_INTERVALO_MS: how often the outbox sends what waits (0: never, tests drive it). */
    filaIntervaloMs: number;
    /** EMAIL_SOMENTE_LOCAL: send only to a mail server on this machine (tests). */
    somenteLocal: boolean;
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(
      `A variável ${name} deve ser um número inteiro não negativo (recebido: "${value}").`,
    );
  }
  return parsed;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'sim'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: integer(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(rootDir, env.DATA_DIR || 'data'),
    demo: flag(env.DEMO) ?? databaseUrl === undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    timeZone: env.TZ || DEFAULT_TIME_ZONE,
    trustProxy: flag(env.TRUST_PROXY) ?? false,
    logLevel: env.LOG_LEVEL || 'warn',
    session: {
      idleMs: integer(env.SESSION_IDLE_MINUTES, 8 * 60, 'SESSION_IDLE_MINUTES') * 60_000,
      maxAgeMs: integer(env.SESSION_MAX_HOURS, 7 * 24, 'SESSION_MAX_HOURS') * 3_600_000,
    },
    loginRateLimit: {
      perIpPerMinute: integer(env.LOGIN_MAX_PER_IP, 30, 'LOGIN_MAX_PER_IP'),
      failuresPerEmail: integer(
        env.LOGIN_MAX_FAILURES_PER_EMAIL,
        5,
        'LOGIN_MAX_FAILURES_PER_EMAIL',
      ),
      emailWindowMs: 15 * 60_000,
    },
    webDistDir: path.resolve(rootDir, env.WEB_DIST_DIR || 'apps/web/dist'),
    vendas: {
      descontoLimite: integer(env.DESCONTO_LIMITE, DESCONTO_LIMITE_PADRAO, 'DESCONTO_LIMITE'),
      balancaModo: env.BALANCA_MODO === 'peso' ? 'peso' : 'preco',
    },
    empresa: {
      nome: env.EMPRESA_NOME || 'Prumo Comércio e Serviços Ltda',
      cnpj: env.EMPRESA_CNPJ || '12.345.678/0001-95',
      endereco:
        env.EMPRESA_ENDERECO || 'Av. Paulista, 1000 - Bela Vista - São Paulo/SP - CEP 01310-100',
      telefone: env.EMPRESA_TELEFONE || '(11) 3000-0000',
    },
    fiscal: {
      chaveSegredos: env.PRUMO_CHAVE_SEGREDOS || undefined,
      caDir: env.FISCAL_CA_DIR ? path.resolve(rootDir, env.FISCAL_CA_DIR) : undefined,
      filaIntervaloMs: integer(env.FISCAL_FILA_INTERVALO_MS, 30_000, 'FISCAL_FILA_INTERVALO_MS'),
      somenteSimulacao: flag(env.FISCAL_SOMENTE_SIMULACAO) ?? false,
    },
    tarefas: {
      intervaloMs: integer(env.TAREFAS_INTERVALO_MS, 60_000, 'TAREFAS_INTERVALO_MS'),
    },
    email: {
      filaIntervaloMs: integer(env.EMAIL_FILA_INTERVALO_MS, 15_000, 'EMAIL_FILA_INTERVALO_MS'),
      somenteLocal: flag(env.EMAIL_SOMENTE_LOCAL) ?? false,
    },
  };
}
