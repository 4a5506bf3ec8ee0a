import { IconFileInvoice } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const NotaFiscal = lazy(() => import('./pages/NotaFiscalPage'));
const NotaFiscalDetalhe = lazy(() => import('./pages/NotaFiscalDetalhePage'));

/** Fiscal notes (issue 28): the NF-e, NFS-e and NFC-e tabs, and one note with its timeline. */
export const feature: Feature = {
  routes: [
    { path: '/nota-fiscal', roles: ANY_ROLE, Page: NotaFiscal },
    { path: '/nota-fiscal/:id', roles: ANY_ROLE, Page: NotaFiscalDetalhe },
  ],
  nav: [{ section: 'Gestão', to: '/nota-fiscal', label: 'Nota Fiscal', icon: IconFileInvoice }],
};
