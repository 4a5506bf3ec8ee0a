import { hasRole, ADMIN_ONLY, type Role } from '@prumo/shared/auth';
import {
  linkNotificacao,
  tituloCertificado,
  tituloContingenciaAtrasada,
  tituloNotasRejeitadas,
  type Notificacao,
} from '@prumo/shared/notificacoes';
import { formatDate, toISODate } from '@prumo/shared/dates';
import type { Executor } from '../../db/database';
import { notificacoesFiscaisHook } from '../notificacoes/notificacoes.repository';
import type { ServerModule } from '../server-module';
import { notaVivaDaVendaHook } from '../vendas/vendas.repository';
import { seedFiscalDemo } from './fiscal.demo';
import { alertasFiscais } from './fiscal.repository';
import { notaVivaDaVenda } from './eventos.repository';
import { devolucoesRoutes } from './devolucoes.routes';
import { eventosFiscaisRoutes } from './eventos.routes';
import { entradasNfeRoutes } from './entradas.routes';
import { fiscalRoutes, notasFiscaisRoutes } from './fiscal.routes';
import { nfseRoutes } from './nfse.routes';

/** Days before expiry from which the bell warns admins about the A1 certificate. */
const AVISO_CERTIFICADO_DIAS = 30;

async function notificacoesFiscais(db: Executor, role: Role, agora: Date): Promise<Notificacao[]> {
  const alertas = await alertasFiscais(db, agora);
  const hoje = toISODate(agora);
  const itens: Notificacao[] = [];
  if (alertas.certificadoValidoAte && hasRole(role, ADMIN_ONLY)) {
    const dias = Math.floor(
      (alertas.certificadoValidoAte.getTime() - agora.getTime()) / 86_400_000,
    );
    if (dias <= AVISO_CERTIFICADO_DIAS) {
      itens.push({
        tipo: 'certificado_vencendo',
        titulo: tituloCertificado(dias),
        descricao: `Válido até ${formatDate(alertas.certificadoValidoAte.toISOString())}: envie o novo em Configurações → Fiscal`,
        quantidade: 1,
        link: linkNotificacao('certificado_vencendo', hoje),
      });
    }
  }
  if (alertas.rejeitadas > 0) {
    itens.push({
      tipo: 'notas_rejeitadas',
      titulo: tituloNotasRejeitadas(alertas.rejeitadas),
      descricao: 'Corrija o que a SEFAZ apontou e transmita de novo',
      quantidade: alertas.rejeitadas,
      link: linkNotificacao('notas_rejeitadas', hoje, alertas.rejeitadasNfe > 0 ? 'nfe' : 'nfce'),
    });
  }
  if (alertas.contingenciaAtrasada > 0) {
    itens.push({
      tipo: 'contingencia_atrasada',
      titulo: tituloContingenciaAtrasada(alertas.contingenciaAtrasada),
      descricao: 'A SEFAZ ainda não recebeu: verifique a conexão (prazo de 24 horas)',
      quantidade: alertas.contingenciaAtrasada,
      link: linkNotificacao('contingencia_atrasada', hoje),
    });
  }
  return itens;
}

notificacoesFiscaisHook.set(notificacoesFiscais);
notaVivaDaVendaHook.set(notaVivaDaVenda);

export const fiscalModule: ServerModule = {
  // fiscalRoutes first: it starts the module's service, which /notas-fiscais uses.
  routes: [
    { prefix: '/fiscal', plugin: fiscalRoutes },
    { prefix: '/notas-fiscais', plugin: notasFiscaisRoutes },
    // Under /notas-fiscais/:id and /fiscal: a note's events, inutilizações, gaps.
    { prefix: '', plugin: eventosFiscaisRoutes },
    { prefix: '/entradas-nfe', plugin: entradasNfeRoutes },
    { prefix: '/devolucoes', plugin: devolucoesRoutes },
    { prefix: '/nfse', plugin: nfseRoutes },
  ],
  seedDemo: seedFiscalDemo,
};
