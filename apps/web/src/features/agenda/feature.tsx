import { IconCalendar } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Agenda = lazy(() => import('./pages/AgendaPage'));

/** /agenda: the shop's appointment book (replaces the shell's placeholder of the same path). */
export const feature: Feature = {
  routes: [{ path: '/agenda', roles: ANY_ROLE, Page: Agenda }],
  nav: [{ section: 'Relatórios', to: '/agenda', label: 'Agenda', icon: IconCalendar }],
};
