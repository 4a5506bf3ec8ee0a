// Proves the lint still holds the server's layers (eslint.config.js SERVER_LAYERS): a probe that
// imports a higher module's repository must be refused and one that imports a lower module's
// must pass. Linted as text under a module's folder; no file is written.
import { ESLint } from 'eslint';
import { rootDir } from './build-if-stale.mjs';

const eslint = new ESLint({ cwd: rootDir });
const probes = [
  { from: 'caixas', to: '../vendas/vendas.repository', refused: true },
  { from: 'categorias', to: '../produtos/produtos.repository', refused: true },
  { from: 'usuarios', to: '../auditoria/auditoria.repository', refused: false },
  { from: 'vendas', to: '../caixas/caixas.repository', refused: false },
];

let failed = 0;
for (const { from, to, refused } of probes) {
  const [result] = await eslint.lintText(`export * from '${to}';\n`, {
    filePath: `${rootDir}/apps/server/src/modules/${from}/probe.ts`,
  });
  const blocked = result.messages.some((m) => m.ruleId === 'boundaries/dependencies');
  const ok = blocked === refused;
  if (!ok) failed++;
  console.log(`${ok ? 'ok    ' : 'FALHOU'} ${from} → ${to}: ${blocked ? 'recusado' : 'aceito'}`);
}
console.log(`${probes.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
