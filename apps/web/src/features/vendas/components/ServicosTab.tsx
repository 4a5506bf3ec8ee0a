import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AGENDAMENTO_MESSAGES, VENDA_MESSAGES } from '@prumo/shared/vendas';
import { useAgendamentos } from '../../../api/vendas';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { AgendaMes } from './agenda/AgendaMes';
import { AgendamentoModal, type AgendamentoModalState } from './agenda/AgendamentoModal';
import { AgendamentosLista } from './agenda/AgendamentosLista';
import { AgendamentoView } from './agenda/AgendamentoView';
import { StatsServicos } from './agenda/StatsServicos';

/**
 * "Vendas de Serviços" (spec 2.13): the four cards, the month agenda grid, the appointments
 * table, the appointment modal and its view.
 */
export function ServicosTab() {
  const [modal, setModal] = useState<AgendamentoModalState | null>(null);
  const [vendo, setVendo] = useState<number | null>(null);
  const agendamentos = useAgendamentos();
  const novo = () => setModal({ mode: 'create' });
  return (
    <>
      <PageHeader
        title={VENDA_MESSAGES.tituloServicos}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={novo}>
            {AGENDAMENTO_MESSAGES.novo}
          </Button>
        }
      />
      <Stack gap="md">
        <StatsServicos />
        <AgendaMes
          agendamentos={agendamentos.data?.items ?? []}
          onVer={(venda) => setVendo(venda.id)}
        />
        <AgendamentosLista
          onVer={(venda) => setVendo(venda.id)}
          onEditar={(venda) => setModal({ mode: 'edit', id: venda.id })}
          emptyState={
            <EmptyState
              title={AGENDAMENTO_MESSAGES.vazio}
              action={
                <Button mt="xs" leftSection={<IconPlus size={16} />} onClick={novo}>
                  {AGENDAMENTO_MESSAGES.novo}
                </Button>
              }
            />
          }
        />
      </Stack>
      <AgendamentoModal state={modal} onClose={() => setModal(null)} />
      <AgendamentoView
        vendaId={vendo}
        onClose={() => setVendo(null)}
        onEditar={(venda) => {
          setVendo(null);
          setModal({ mode: 'edit', id: venda.id });
        }}
      />
    </>
  );
}
