import { IconBox, IconCategory } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Produtos = lazy(() => import('./pages/ProdutosPage'));
const AdicionarProduto = lazy(() => import('./pages/AdicionarProdutoPage'));
const EditarProduto = lazy(() => import('./pages/EditarProdutoPage'));
const GruposProdutos = lazy(() => import('./pages/GruposProdutosPage'));

export const feature: Feature = {
  routes: [
    { path: '/produtos', roles: ANY_ROLE, Page: Produtos },
    { path: '/produtos/adicionar-produto', roles: ANY_ROLE, Page: AdicionarProduto },
    { path: '/produtos/editar/:id', roles: ANY_ROLE, Page: EditarProduto },
    { path: '/produtos/grupos', roles: ANY_ROLE, Page: GruposProdutos },
  ],
  nav: [
    { section: 'Gestão', to: '/produtos', label: 'Produtos', icon: IconBox },
    { section: 'Gestão', to: '/produtos/grupos', label: 'Grupo de Produtos', icon: IconCategory },
  ],
};
