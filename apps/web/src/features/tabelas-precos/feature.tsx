import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const TabelasPrecos = lazy(() => import('./pages/TabelasPrecosPage'));
const TabelaPrecoForm = lazy(() => import('./pages/TabelaPrecoFormPage'));
const TabelaPrecoProdutos = lazy(() => import('./pages/TabelaPrecoProdutosPage'));
const CustosAdicionais = lazy(() => import('./pages/CustosAdicionaisPage'));

/** Reached from /produtos (no sidebar entry of its own). */
export const feature: Feature = {
  routes: [
    { path: '/produtos/tabelas-precos', roles: ANY_ROLE, Page: TabelasPrecos },
    { path: '/produtos/tabelas-precos/adicionar', roles: ANY_ROLE, Page: TabelaPrecoForm },
    { path: '/produtos/tabelas-precos/editar/:id', roles: ANY_ROLE, Page: TabelaPrecoForm },
    { path: '/produtos/tabelas-precos/:id', roles: ANY_ROLE, Page: TabelaPrecoForm },
    { path: '/produtos/tabelas-precos/:id/produtos', roles: ANY_ROLE, Page: TabelaPrecoProdutos },
    { path: '/produtos/custos-adicionais', roles: ANY_ROLE, Page: CustosAdicionais },
  ],
};
