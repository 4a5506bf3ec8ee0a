// npm run create-admin: creates (or resets) an administrator from ADMIN_EMAIL and ADMIN_PASSWORD.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createOrResetAdmin } from '../seed/admin';

async function run(): Promise<void> {
  const config = loadConfig();
  if (!config.adminEmail || !config.adminPassword) {
    throw new Error(
      'Defina ADMIN_EMAIL e ADMIN_PASSWORD, por exemplo: ADMIN_EMAIL=voce@empresa.com.br ADMIN_PASSWORD=... npm run create-admin',
    );
  }
  const database = await openDatabase(config);
  try {
    const result = await createOrResetAdmin(database.db, config.adminEmail, config.adminPassword);
    console.log(
      result === 'created'
        ? `Administrador ${config.adminEmail} criado.`
        : `Usuário ${config.adminEmail} atualizado: agora é administrador ativo com a nova senha.`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
