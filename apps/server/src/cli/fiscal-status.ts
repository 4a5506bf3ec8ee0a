// npm run fiscal:status: asks the SEFAZ of the configured company (Configurações → Fiscal: UF,
// ambiente and A1 certificate) whether its authorization service is in operation
// (NFeStatusServico4): a real check of certificate, chain (FISCAL_CA_DIR) and network on a
// machine with internet. Like create-admin, it opens the database itself: stop the server first
// when it runs on the embedded database.
import { AMBIENTE_LABELS } from '@prumo/shared/fiscal';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { ServicoFiscal } from '../modules/fiscal/emissao';

async function run(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const servico = new ServicoFiscal(database.db, config, (mensagem, erro) =>
    console.error(mensagem, erro),
  );
  try {
    const status = await servico.status(null, true);
    console.log(`Ambiente: ${AMBIENTE_LABELS[status.ambiente]}`);
    for (const pendencia of status.pendencias) console.log(`Pendência: ${pendencia}`);
    const { sefaz } = status;
    console.log(
      sefaz.c_stat === null
        ? `SEFAZ sem resposta: ${sefaz.x_motivo ?? ''}`
        : `cStat ${sefaz.c_stat}: ${sefaz.x_motivo ?? ''}`,
    );
    if (!sefaz.online) process.exitCode = 2;
  } finally {
    await servico.parar();
    await database.close();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
