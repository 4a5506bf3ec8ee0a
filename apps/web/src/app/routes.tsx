import { lazy, type ComponentType } from 'react';
import { ADMIN_MANAGER, ADMIN_ONLY, type Role } from '@prumo/shared/auth';

export interface AppRoute {
  path: string;
  /** Roles allowed; empty means any signed-in user. The server enforces the same rules. */
  roles: readonly Role[];
  Page: ComponentType;
}

const ANY: readonly Role[] = [];

/** A route whose module is not built yet: a page that names the area and says it is coming. */
function comingSoon(area: string): ComponentType {
  return lazy(() =>
    import('./pages/ComingSoonPage').then(({ ComingSoonPage }) => ({
      default: () => <ComingSoonPage area={area} />,
    })),
  );
}

const Dashboard = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const NotFound = lazy(() => import('./pages/NotFoundPage'));

const Cadastros = lazy(() => import('../features/cadastros/pages/CadastrosPage'));
const AdicionarCliente = lazy(() => import('../features/cadastros/pages/AdicionarClientePage'));
const AdicionarFornecedor = lazy(
  () => import('../features/cadastros/pages/AdicionarFornecedorPage'),
);
const AdicionarTransportadora = lazy(
  () => import('../features/cadastros/pages/AdicionarTransportadoraPage'),
);
const AdicionarFuncionario = lazy(
  () => import('../features/cadastros/pages/AdicionarFuncionarioPage'),
);
const EditarCliente = lazy(() => import('../features/cadastros/pages/EditarClientePage'));
const EditarFornecedor = lazy(() => import('../features/cadastros/pages/EditarFornecedorPage'));
const EditarTransportadora = lazy(
  () => import('../features/cadastros/pages/EditarTransportadoraPage'),
);
const EditarFuncionario = lazy(() => import('../features/cadastros/pages/EditarFuncionarioPage'));
const Produtos = lazy(() => import('../features/produtos/pages/ProdutosPage'));
const AdicionarProduto = lazy(() => import('../features/produtos/pages/AdicionarProdutoPage'));
const EditarProduto = lazy(() => import('../features/produtos/pages/EditarProdutoPage'));
const GruposProdutos = lazy(() => import('../features/produtos/pages/GruposProdutosPage'));
const TabelasPrecos = lazy(() => import('../features/tabelas-precos/pages/TabelasPrecosPage'));
const TabelaPrecoForm = lazy(() => import('../features/tabelas-precos/pages/TabelaPrecoFormPage'));
const TabelaPrecoProdutos = lazy(
  () => import('../features/tabelas-precos/pages/TabelaPrecoProdutosPage'),
);
const CustosAdicionais = lazy(
  () => import('../features/tabelas-precos/pages/CustosAdicionaisPage'),
);
const Etiquetas = lazy(() => import('../features/etiquetas/pages/EtiquetasPage'));
const AdicionarEtiqueta = lazy(() => import('../features/etiquetas/pages/AdicionarEtiquetaPage'));
const EditarEtiqueta = lazy(() => import('../features/etiquetas/pages/EditarEtiquetaPage'));
const ImprimirEtiquetas = lazy(() => import('../features/etiquetas/pages/ImprimirEtiquetasPage'));
const Servicos = comingSoon('Serviços');
const OrdemServicos = comingSoon('Ordem de Serviços');
const Estoque = lazy(() => import('../features/estoque/pages/EstoquePage'));
const Orcamentos = comingSoon('Orçamentos');
const Configuracoes = lazy(() => import('../features/configuracoes/pages/ConfiguracoesPage'));

/** Every route of the spec's route tables (both documents), each behind the guard. */
export const appRoutes: AppRoute[] = [
  { path: '/', roles: ANY, Page: Dashboard },
  { path: '/dashboard', roles: ANY, Page: Dashboard },

  { path: '/cadastros', roles: ANY, Page: Cadastros },
  { path: '/cadastros/adicionar-cliente', roles: ANY, Page: AdicionarCliente },
  { path: '/cadastros/adicionar-fornecedor', roles: ANY, Page: AdicionarFornecedor },
  { path: '/cadastros/adicionar-transportadora', roles: ANY, Page: AdicionarTransportadora },
  { path: '/cadastros/adicionar-funcionario', roles: ADMIN_MANAGER, Page: AdicionarFuncionario },
  { path: '/cadastros/editar-cliente/:id', roles: ANY, Page: EditarCliente },
  { path: '/cadastros/editar-fornecedor/:id', roles: ANY, Page: EditarFornecedor },
  { path: '/cadastros/editar-transportadora/:id', roles: ANY, Page: EditarTransportadora },
  { path: '/cadastros/editar-funcionario/:id', roles: ADMIN_MANAGER, Page: EditarFuncionario },

  { path: '/produtos', roles: ANY, Page: Produtos },
  { path: '/produtos/adicionar-produto', roles: ANY, Page: AdicionarProduto },
  { path: '/produtos/editar/:id', roles: ANY, Page: EditarProduto },
  { path: '/produtos/grupos', roles: ANY, Page: GruposProdutos },
  { path: '/produtos/tabelas-precos', roles: ANY, Page: TabelasPrecos },
  { path: '/produtos/tabelas-precos/adicionar', roles: ANY, Page: TabelaPrecoForm },
  { path: '/produtos/tabelas-precos/editar/:id', roles: ANY, Page: TabelaPrecoForm },
  { path: '/produtos/tabelas-precos/:id', roles: ANY, Page: TabelaPrecoForm },
  { path: '/produtos/tabelas-precos/:id/produtos', roles: ANY, Page: TabelaPrecoProdutos },
  { path: '/produtos/custos-adicionais', roles: ANY, Page: CustosAdicionais },
  { path: '/produtos/adicionar-etiqueta', roles: ANY, Page: AdicionarEtiqueta },
  { path: '/produtos/etiquetas', roles: ANY, Page: Etiquetas },
  { path: '/produtos/etiquetas/editar/:id', roles: ANY, Page: EditarEtiqueta },
  { path: '/produtos/etiquetas/imprimir', roles: ANY, Page: ImprimirEtiquetas },

  { path: '/servicos', roles: ANY, Page: Servicos },
  { path: '/servicos/adicionar-servico', roles: ANY, Page: Servicos },
  { path: '/servicos/editar/:id', roles: ANY, Page: Servicos },
  { path: '/servicos/adicionar-os', roles: ANY, Page: OrdemServicos },
  { path: '/servicos/painel-os', roles: ANY, Page: OrdemServicos },
  { path: '/ordem-servicos', roles: ANY, Page: OrdemServicos },

  { path: '/estoque', roles: ANY, Page: Estoque },

  { path: '/orcamentos', roles: ANY, Page: Orcamentos },
  { path: '/orcamentos/adicionar-orcamento', roles: ANY, Page: Orcamentos },
  { path: '/orcamentos/visualizar/:id', roles: ANY, Page: Orcamentos },
  { path: '/orcamentos/editar/:id', roles: ANY, Page: Orcamentos },

  { path: '/vendas', roles: ANY, Page: comingSoon('Vendas') },
  { path: '/financeiro', roles: ADMIN_MANAGER, Page: comingSoon('Financeiro') },
  { path: '/nota-fiscal', roles: ANY, Page: comingSoon('Nota Fiscal') },
  { path: '/contratos', roles: ANY, Page: comingSoon('Contratos') },
  { path: '/configuracoes', roles: ADMIN_ONLY, Page: Configuracoes },

  { path: '/relatorios', roles: ANY, Page: comingSoon('Relatórios') },
  { path: '/agenda', roles: ANY, Page: comingSoon('Agenda') },
  { path: '/cobrancas', roles: ANY, Page: comingSoon('Cobranças') },
  { path: '/analytics', roles: ANY, Page: comingSoon('Analytics') },

  { path: '*', roles: ANY, Page: NotFound },
];
