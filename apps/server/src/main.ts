import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createFirstAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  // The database opens (PGlite compiles its engine and replays its log) while the API's modules
  // load: together they are most of a restart's time.
  const opening = openDatabase(config);
  opening.catch(() => undefined); // awaited below; this only keeps a quick failure from going unhandled
  const { buildApp } = await import('./app');
  const database = await opening;
  const log = (message: string) => console.log(`[prumo] ${message}`);

  if (config.demo && (await seedDemoData(database.db))) {
    await database.checkpoint();
    log('Banco novo: dados de demonstração criados (admin@empresa.com.br / demo@2026).');
  }
  if (config.adminEmail && config.adminPassword) {
    if (await createFirstAdmin(database.db, config.adminEmail, config.adminPassword)) {
      log(`Administrador ${config.adminEmail} criado.`);
    }
  }

  const app = await buildApp({ db: database.db, avisos: database.avisos, config });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} recebido, encerrando...`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    throw error;
  }
  const where = database.kind === 'pglite' ? `banco embutido em ${config.dataDir}` : 'PostgreSQL';
  log(
    `Prumo ERP rodando em http://localhost:${config.port} (${where}${config.demo ? ', modo demonstração' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(
    `[prumo] Falha ao iniciar: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
