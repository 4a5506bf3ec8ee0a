import { orcamentoDaOrdemHook } from '../ordens-servico/ordens-servico.repository';
import type { ServerModule } from '../server-module';
import { orcamentoDaVendaHook } from '../vendas/vendas.repository';
import { seedDemoOrcamentos } from './orcamentos.demo';
import { orcamentoDeOrigem } from './orcamentos.repository';
import { orcamentosRoutes } from './orcamentos.routes';

orcamentoDaVendaHook.set(orcamentoDeOrigem('vendaId'));
orcamentoDaOrdemHook.set(orcamentoDeOrigem('ordemServicoId'));

export const orcamentosModule: ServerModule = {
  routes: [{ prefix: '/orcamentos', plugin: orcamentosRoutes }],
  seedDemo: seedDemoOrcamentos,
};
