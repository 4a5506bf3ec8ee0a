import { VENDA_TRANSICOES, type StatusServico, type VendaResumo } from '@prumo/shared/vendas';
import { useAlterarStatusVenda } from '../../api/vendas';
import { confirmAction } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';
import { newIdempotencyKey } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { AGENDAMENTO_TEXTOS } from './textos';

type Agendamento = Pick<VendaResumo, 'id' | 'status'>;

/**
 * An appointment's status actions (spec 4): Iniciar (Agendado → Em Andamento), Concluir
 * (Em Andamento → Concluído) and cancel (from either, after a confirmation), each a PATCH of
 * its status.
 */
export function useAcoesAgendamento() {
  const alterar = useAlterarStatusVenda();

  const mudar = async (agendamento: Agendamento, status: StatusServico, sucesso: string) => {
    try {
      await alterar.mutateAsync({
        id: agendamento.id,
        status,
        idempotencyKey: newIdempotencyKey(),
      });
      notifySuccess(sucesso);
    } catch (error) {
      console.error(AGENDAMENTO_TEXTOS.erroStatus, error);
      notifyError(errorText(AGENDAMENTO_TEXTOS.erroStatus, error));
    }
  };

  return {
    pendente: alterar.isPending,
    iniciar: (agendamento: Agendamento) =>
      mudar(agendamento, 'Em Andamento', AGENDAMENTO_TEXTOS.iniciado),
    concluir: (agendamento: Agendamento) =>
      mudar(agendamento, 'Concluído', AGENDAMENTO_TEXTOS.concluido),
    cancelar: async (agendamento: Agendamento) => {
      const ok = await confirmAction({
        title: AGENDAMENTO_TEXTOS.cancelar,
        message: AGENDAMENTO_TEXTOS.confirmarCancelamento,
        confirmLabel: 'Cancelar agendamento',
      });
      if (ok) await mudar(agendamento, 'Cancelado', AGENDAMENTO_TEXTOS.cancelado);
    },
  };
}

/** Which actions a row offers, read from the one transition table. */
const pode = (para: StatusServico) => (a: Agendamento) => para in VENDA_TRANSICOES[a.status];
export const podeIniciar = pode('Em Andamento');
export const podeConcluir = pode('Concluído');
export const podeCancelar = pode('Cancelado');
