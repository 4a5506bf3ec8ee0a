import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AGENDAMENTO_MESSAGES, VENDA_MESSAGES } from '@prumo/shared/vendas';
import { useAgendamentos } from '../../../api/vendas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { useAgendamentoDialogs } from '../../../components/agendamentos/AgendamentoDialogs';
import { AgendaMes } from './agenda/AgendaMes';
import { AgendamentosLista } from './agenda/AgendamentosLista';
import { StatsServicos } from './agenda/StatsServicos';

/**
 * "Vendas de Serviços" (spec 2.13): the four cards, the month agenda grid, the appointments
 * table, the appointment modal and its view (opened from ?agendamento=id too).
 */
export function ServicosTab() {
  const { novo, editar, ver, dialogs } = useAgendamentoDialogs();
  const agendamentos = useAgendamentos();
  const [params, setParams] = useSearchParams();
  // ?agendamento=id (an NFS-e links here): its view opens, and the address forgets it.
  const pedido = Number(params.get('agendamento')) || null;
  useEffect(() => {
    if (pedido === null) return;
    ver(pedido);
    setParams(
      (atual) => {
        const next = new URLSearchParams(atual);
        next.delete('agendamento');
        return next;
      },
      { replace: true },
    );
  }, [pedido, ver, setParams]);
  return (
    <>
      <PageHeader
        title={VENDA_MESSAGES.tituloServicos}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => novo()}>
            {AGENDAMENTO_MESSAGES.novo}
          </Button>
        }
      />
      <Stack gap="md">
        <StatsServicos />
        <AgendaMes agendamentos={agendamentos.data?.items ?? []} onVer={(venda) => ver(venda.id)} />
        <AgendamentosLista
          onVer={(venda) => ver(venda.id)}
          onEditar={(venda) => editar(venda.id)}
          emptyState={
            <EmptyState
              title={AGENDAMENTO_MESSAGES.vazio}
              action={
                <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={() => novo()}>
                  {AGENDAMENTO_MESSAGES.novo}
                </Button>
              }
            />
          }
        />
      </Stack>
      {dialogs}
    </>
  );
}
