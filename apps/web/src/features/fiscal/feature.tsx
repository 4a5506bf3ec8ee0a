import { IconFileInvoice } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const NotaFiscal = lazy(() => import('./pages/NotaFiscalPage'));
const NotaFiscalDetalhe = lazy(() => import('./pages/NotaFiscalDetalhePage'));
const NfseDetalhe = lazy(() => import('./pages/NfseDetalhePage'));

/**
 * Fiscal notes (issues 28 and 30): the NF-e, NFS-e and NFC-e tabs, and one note (an NF-e or
 * NFC-e, or an NFS-e) with its timeline.
 */
export const feature: Feature = {
  routes: [
    { path: '/nota-fiscal', roles: ANY_ROLE, Page: NotaFiscal },
    { path: '/nota-fiscal/:id', roles: ANY_ROLE, Page: NotaFiscalDetalhe },
    { path: '/nota-fiscal/nfse/:id', roles: ANY_ROLE, Page: NfseDetalhe },
  ],
  nav: [{ section: 'Gestão', to: '/nota-fiscal', label: 'Nota Fiscal', icon: IconFileInvoice }],
};
