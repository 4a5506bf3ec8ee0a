import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A channel being listened to, as its listener may use it. */
export interface Canal {
  /** Sends a notice on it (to every listener, this one included). */
  enviar(payload: string): Promise<void>;
  /** How many connections listen on it: one per app instance. */
  ouvintes(): Promise<number>;
}

/** What listens on a channel: each notice's payload, and whether it can hear at all. */
export interface Ouvinte {
  aviso(payload: string): void;
  /**
   * The channel once listening; null when the connection that listens is lost (notices sent
   * meanwhile are missed), then the channel again when it is back.
   */
  ouvindo(canal: Canal | null): void;
}

/**
 * PostgreSQL's NOTIFY heard by this process: a notice sent in a transaction arrives once it
 * commits, at every instance listening. `ouvir` resolves once listening and returns how to stop.
 */
export interface Avisos {
  /** True when a notice reaches this process only after the sending statement returned. */
  assincronos: boolean;
  ouvir(canal: string, ouvinte: Ouvinte): Promise<() => Promise<void>>;
}

/** The embedded database calls its listeners inside the statement that commits: no delay. */
export function avisosPglite(client: PGlite): Avisos {
  return {
    assincronos: false,
    async ouvir(canal, ouvinte) {
      const parar = await client.listen(canal, (payload) => ouvinte.aviso(payload));
      ouvinte.ouvindo({
        enviar: async (payload) => {
          await client.query('SELECT pg_notify($1, $2)', [canal, payload]);
        },
        ouvintes: async () => 1,
      });
      return async () => {
        ouvinte.ouvindo(null);
        await parar();
      };
    },
  };
}

const RECONEXAO_MS = 1_000;

/**
 * One connection of its own per channel (LISTEN needs a session, so not the pool's and not a
 * transaction-mode pooler), connected again a second after it is lost. It is named after the
 * channel, which is how the listeners are counted.
 */
export function avisosPostgres(connectionString: string): Avisos {
  return {
    assincronos: true,
    async ouvir(canal, ouvinte) {
      let parado = false;
      let atual: pg.Client | undefined;
      let espera: NodeJS.Timeout | undefined;

      const conectar = async () => {
        const cliente = new pg.Client({ connectionString, application_name: canal });
        cliente.on('notification', (aviso) => {
          if (aviso.channel === canal) ouvinte.aviso(aviso.payload ?? '');
        });
        // An error ends the connection: 'end' follows and handles it.
        cliente.on('error', () => {});
        cliente.on('end', () => {
          if (atual !== cliente) return;
          atual = undefined;
          ouvinte.ouvindo(null);
          if (!parado) tentarDeNovo();
        });
        try {
          await cliente.connect();
          await cliente.query(`LISTEN ${pg.escapeIdentifier(canal)}`);
        } catch (error) {
          await cliente.end().catch(() => {});
          throw error;
        }
        if (parado) return void (await cliente.end());
        atual = cliente;
        ouvinte.ouvindo({
          enviar: async (payload) => {
            await cliente.query('SELECT pg_notify($1, $2)', [canal, payload]);
          },
          ouvintes: async () => {
            const { rows } = await cliente.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND application_name = $1`,
              [canal],
            );
            return rows[0]!.n;
          },
        });
      };
      const tentar = () => {
        conectar().catch(() => {
          if (!parado) tentarDeNovo();
        });
      };
      // Not a reason to keep the process alive.
      const tentarDeNovo = () => {
        espera = setTimeout(tentar, RECONEXAO_MS).unref();
      };

      await conectar();
      return async () => {
        parado = true;
        clearTimeout(espera);
        const cliente = atual;
        atual = undefined;
        ouvinte.ouvindo(null);
        await cliente?.end();
      };
    },
  };
}
