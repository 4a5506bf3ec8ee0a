import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCheck, IconPencil, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { formatDateTime } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { formatNumeroVenda, vendaEditavel, type Venda } from '@prumo/shared/vendas';
import { useVenda } from '../../api/vendas';
import { PageLoader } from '../../components/PageLoader';
import { NfseDaOrigem } from '../fiscal/NfseDaOrigem';
import { dataHoraDe } from './calendario';
import { StatusAgendamentoBadge } from './StatusAgendamentoBadge';
import { AGENDAMENTO_TEXTOS } from './textos';
import {
  podeCancelar,
  podeConcluir,
  podeIniciar,
  useAcoesAgendamento,
} from './use-acoes-agendamento';

function Campo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * An appointment's view: its fields, its NFS-e once concluded, and the actions its status allows.
 */
export function AgendamentoView({
  vendaId,
  onClose,
  onEditar,
}: {
  vendaId: number | null;
  onClose: () => void;
  onEditar: (venda: Venda) => void;
}) {
  const venda = useVenda(vendaId);
  const acoes = useAcoesAgendamento();
  const dados = venda.data;
  return (
    <Modal
      opened={vendaId !== null}
      onClose={onClose}
      centered
      size={500}
      title={
        dados
          ? `${AGENDAMENTO_TEXTOS.detalhes} Nº ${formatNumeroVenda(dados.numero)}`
          : AGENDAMENTO_TEXTOS.detalhes
      }
    >
      {!dados ? (
        <PageLoader />
      ) : (
        <Stack gap="md" data-testid="agendamento-view">
          <SimpleGrid cols={2} spacing="sm">
            <Campo label="Cliente">{dados.cliente_nome ?? '—'}</Campo>
            <Campo label="Status">
              <StatusAgendamentoBadge status={dados.status} />
            </Campo>
            <Campo label="Serviço">{dados.servico_nome ?? '—'}</Campo>
            <Campo label="Valor">{formatMoney(dados.valor_final)}</Campo>
            <Campo label="Data/Hora">{dataHoraDe(dados)}</Campo>
            <Campo label="Duração">{`${dados.duracao_estimada ?? 0} min`}</Campo>
            <Campo label="Profissional">{dados.profissional ?? '—'}</Campo>
            {dados.iniciado_em && (
              <Campo label="Iniciado em">{formatDateTime(dados.iniciado_em)}</Campo>
            )}
            {dados.concluido_em && (
              <Campo label="Concluído em">{formatDateTime(dados.concluido_em)}</Campo>
            )}
          </SimpleGrid>
          {dados.observacoes && (
            <Campo label="Observações">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {dados.observacoes}
              </Text>
            </Campo>
          )}
          <NfseDaOrigem
            origem={{ venda_id: dados.id }}
            concluida={dados.status === 'Concluído'}
            temServicos={dados.servico_id !== null}
            variante="secao"
          />
          <Group justify="flex-end" gap="xs">
            {podeCancelar(dados) && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconX size={16} />}
                loading={acoes.pendente}
                onClick={() => void acoes.cancelar(dados)}
              >
                {AGENDAMENTO_TEXTOS.cancelar}
              </Button>
            )}
            {vendaEditavel(dados.status) && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => onEditar(dados)}
              >
                Editar
              </Button>
            )}
            {podeIniciar(dados) && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                loading={acoes.pendente}
                onClick={() => void acoes.iniciar(dados)}
              >
                {AGENDAMENTO_TEXTOS.iniciar}
              </Button>
            )}
            {podeConcluir(dados) && (
              <Button
                color="green"
                leftSection={<IconCheck size={16} />}
                loading={acoes.pendente}
                onClick={() => void acoes.concluir(dados)}
              >
                {AGENDAMENTO_TEXTOS.concluir}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
