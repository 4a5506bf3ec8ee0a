import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Etiquetas = lazy(() => import('./pages/EtiquetasPage'));
const AdicionarEtiqueta = lazy(() => import('./pages/AdicionarEtiquetaPage'));
const EditarEtiqueta = lazy(() => import('./pages/EditarEtiquetaPage'));
const ImprimirEtiquetas = lazy(() => import('./pages/ImprimirEtiquetasPage'));

/** Reached from /produtos (no sidebar entry of its own). */
export const feature: Feature = {
  routes: [
    { path: '/produtos/adicionar-etiqueta', roles: ANY_ROLE, Page: AdicionarEtiqueta },
    { path: '/produtos/etiquetas', roles: ANY_ROLE, Page: Etiquetas },
    { path: '/produtos/etiquetas/editar/:id', roles: ANY_ROLE, Page: EditarEtiqueta },
    { path: '/produtos/etiquetas/imprimir', roles: ANY_ROLE, Page: ImprimirEtiquetas },
  ],
};
