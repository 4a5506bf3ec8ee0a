// npm run restore -- <arquivo.tar.gz>: restores a backup of the embedded database into DATA_DIR,
// with the server stopped. The current database is kept beside it, not deleted.
import path from 'node:path';
import { loadConfig } from '../config';
import { RestauracaoError, restaurarBackup } from '../modules/backups/restore';

async function run(): Promise<void> {
  const config = loadConfig();
  const arquivo = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  if (!arquivo) {
    throw new RestauracaoError(
      'Informe o arquivo do backup, por exemplo: npm run restore -- data/backups/prumo-2026-11-23-0200.tar.gz',
    );
  }
  if (config.databaseUrl) {
    throw new RestauracaoError(
      'DATABASE_URL está definida: com PostgreSQL, restaure pelo próprio banco (pg_restore ou o serviço do provedor).',
    );
  }
  // npm runs the script from the project's folder; a relative path is the caller's.
  const caminho = path.resolve(process.env.INIT_CWD ?? process.cwd(), arquivo);
  console.log(`[prumo] Restaurando ${caminho} em ${config.dataDir}...`);
  const inicio = performance.now();
  const { anterior } = await restaurarBackup(caminho, config.dataDir, (mensagem) =>
    console.log(`[prumo] ${mensagem}`),
  );
  const segundos = ((performance.now() - inicio) / 1000).toLocaleString('pt-BR', {
    maximumFractionDigits: 1,
  });
  console.log(`[prumo] Backup restaurado em ${segundos} s.`);
  if (anterior) console.log(`[prumo] O banco anterior foi guardado em ${anterior}`);
  console.log('[prumo] Inicie o servidor com npm start.');
}

run().catch((error: unknown) => {
  const mensagem = error instanceof Error ? error.message : String(error);
  console.error(`[prumo] Restauração não feita: ${mensagem}`);
  process.exit(1);
});
