import { IconAddressBook } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const page = {
  lista: lazy(() => import('./pages/CadastrosPage')),
  adicionarCliente: lazy(() => import('./pages/AdicionarClientePage')),
  adicionarFornecedor: lazy(() => import('./pages/AdicionarFornecedorPage')),
  adicionarTransportadora: lazy(() => import('./pages/AdicionarTransportadoraPage')),
  adicionarFuncionario: lazy(() => import('./pages/AdicionarFuncionarioPage')),
  editarCliente: lazy(() => import('./pages/EditarClientePage')),
  editarFornecedor: lazy(() => import('./pages/EditarFornecedorPage')),
  editarTransportadora: lazy(() => import('./pages/EditarTransportadoraPage')),
  editarFuncionario: lazy(() => import('./pages/EditarFuncionarioPage')),
};

export const feature: Feature = {
  routes: [
    { path: '/cadastros', roles: ANY_ROLE, Page: page.lista },
    { path: '/cadastros/adicionar-cliente', roles: ANY_ROLE, Page: page.adicionarCliente },
    { path: '/cadastros/adicionar-fornecedor', roles: ANY_ROLE, Page: page.adicionarFornecedor },
    {
      path: '/cadastros/adicionar-transportadora',
      roles: ANY_ROLE,
      Page: page.adicionarTransportadora,
    },
    {
      path: '/cadastros/adicionar-funcionario',
      roles: ADMIN_MANAGER,
      Page: page.adicionarFuncionario,
    },
    { path: '/cadastros/editar-cliente/:id', roles: ANY_ROLE, Page: page.editarCliente },
    { path: '/cadastros/editar-fornecedor/:id', roles: ANY_ROLE, Page: page.editarFornecedor },
    {
      path: '/cadastros/editar-transportadora/:id',
      roles: ANY_ROLE,
      Page: page.editarTransportadora,
    },
    {
      path: '/cadastros/editar-funcionario/:id',
      roles: ADMIN_MANAGER,
      Page: page.editarFuncionario,
    },
  ],
  nav: [{ section: 'Gestão', to: '/cadastros', label: 'Cadastros', icon: IconAddressBook }],
};
