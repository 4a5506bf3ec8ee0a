import { assinaturasModule } from './assinaturas/assinaturas.module';
import { auditoriaModule } from './auditoria/auditoria.module';
import { authModule } from './auth/auth.module';
import { backupsModule } from './backups/backups.module';
import { cadastrosModule } from './cadastros/cadastros.module';
import { caixasModule } from './caixas/caixas.module';
import { categoriasModule } from './categorias/categorias.module';
import { configuracoesModule } from './configuracoes/configuracoes.module';
import { contratosModule } from './contratos/contratos.module';
import { custosAdicionaisModule } from './custos-adicionais/custos-adicionais.module';
import { emailsModule } from './emails/emails.module';
import { estoqueModule } from './estoque/estoque.module';
import { etiquetasModule } from './etiquetas/etiquetas.module';
import { financeiroModule } from './financeiro/financeiro.module';
import { fiscalModule } from './fiscal/fiscal.module';
import { importacaoModule } from './importacao/importacao.module';
import { locacoesModule } from './locacoes/locacoes.module';
import { notificacoesModule } from './notificacoes/notificacoes.module';
import { orcamentosModule } from './orcamentos/orcamentos.module';
import { ordensServicoModule } from './ordens-servico/ordens-servico.module';
import { produtosModule } from './produtos/produtos.module';
import { relatoriosModule } from './relatorios/relatorios.module';
import { unansweredHooks, type ServerModule } from './server-module';
import { servicosModule } from './servicos/servicos.module';
import { tabelasPrecosModule } from './tabelas-precos/tabelas-precos.module';
import { usuariosModule } from './usuarios/usuarios.module';
import { vendasModule } from './vendas/vendas.module';

/**
 * Every server module: the one list a new module joins. Its routes are registered under /api;
 * its demo data is seeded in this order (a module's demo data may use the ones above it).
 */
export const MODULES: readonly ServerModule[] = [
  authModule,
  usuariosModule,
  configuracoesModule,
  backupsModule,
  emailsModule,
  cadastrosModule,
  categoriasModule,
  produtosModule,
  custosAdicionaisModule,
  tabelasPrecosModule,
  etiquetasModule,
  estoqueModule,
  servicosModule,
  caixasModule,
  vendasModule,
  ordensServicoModule,
  orcamentosModule,
  financeiroModule,
  fiscalModule,
  contratosModule,
  locacoesModule,
  assinaturasModule,
  relatoriosModule,
  importacaoModule,
  notificacoesModule,
  auditoriaModule,
];

// Every module file above has run by now, and each sets the hooks it answers.
const unanswered = unansweredHooks();
if (unanswered.length > 0) throw new Error(`Ganchos sem resposta: ${unanswered.join('; ')}`);
