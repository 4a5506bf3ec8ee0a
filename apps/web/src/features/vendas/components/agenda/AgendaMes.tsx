import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate, todayISO } from '@prumo/shared/dates';
import { STATUS_VENDA_COR, type VendaResumo } from '@prumo/shared/vendas';
import {
  agendamentosPorDia,
  celulasDoMes,
  DIAS_SEMANA,
  mesDe,
  resumoDoDia,
  somarMeses,
  tituloMes,
  type Mes,
} from '../../../../components/agendamentos/calendario';
import { StatusAgendamentoBadge } from '../../../../components/agendamentos/StatusAgendamentoBadge';
import { AGENDAMENTO_TEXTOS } from '../../../../components/agendamentos/textos';
import classes from './AgendaMes.module.css';

/**
 * The month agenda grid (spec 2.13 and 9): Dom to Sáb, 42 cells, up to 3 appointments per day as
 * "HH:MM Cliente", then "+N mais"; arrows move the month. A day's click lists that day below.
 */
export function AgendaMes({
  agendamentos,
  onVer,
}: {
  agendamentos: readonly VendaResumo[];
  onVer: (venda: VendaResumo) => void;
}) {
  const hoje = todayISO();
  const [mes, setMes] = useState<Mes>(() => mesDe(hoje));
  const [dia, setDia] = useState<string | null>(null);
  const celulas = useMemo(() => celulasDoMes(mes), [mes]);
  const porDia = useMemo(() => agendamentosPorDia(agendamentos), [agendamentos]);
  const doDia = dia ? (porDia.get(dia) ?? []) : [];

  const mover = (meses: number) => {
    setMes((atual) => somarMeses(atual, meses));
    setDia(null);
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="agenda-mes">
      <Group justify="space-between" mb="sm">
        <ActionIcon variant="default" aria-label="Mês anterior" onClick={() => mover(-1)}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} data-testid="agenda-mes-titulo">
          {tituloMes(mes)}
        </Text>
        <ActionIcon variant="default" aria-label="Próximo mês" onClick={() => mover(1)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <div className={classes.grade} role="grid" aria-label={tituloMes(mes)}>
        {DIAS_SEMANA.map((nome) => (
          <Text key={nome} size="xs" fw={600} c="dimmed" ta="center" role="columnheader">
            {nome}
          </Text>
        ))}
        {celulas.map((celula) => {
          const { visiveis, mais } = resumoDoDia(porDia.get(celula.dia) ?? []);
          const total = visiveis.length + mais;
          return (
            <UnstyledButton
              key={celula.dia}
              role="gridcell"
              className={classes.celula}
              data-fora={!celula.doMes || undefined}
              data-hoje={celula.dia === hoje || undefined}
              data-selecionado={celula.dia === dia || undefined}
              data-dia={celula.dia}
              aria-label={`${formatDate(celula.dia)}: ${total} agendamento(s)`}
              onClick={() => setDia(celula.dia)}
            >
              <Text size="xs" fw={600} className={classes.numero}>
                {celula.numero}
              </Text>
              <Box visibleFrom="sm">
                {visiveis.map((venda) => (
                  <Text
                    key={venda.id}
                    size="xs"
                    truncate="end"
                    className={classes.item}
                    data-cor={STATUS_VENDA_COR[venda.status]}
                    data-testid="agenda-item"
                  >
                    {venda.hora_inicio} {venda.cliente_nome}
                  </Text>
                ))}
                {mais > 0 && (
                  <Text size="xs" c="dimmed" fw={500}>
                    {AGENDAMENTO_TEXTOS.mais(mais)}
                  </Text>
                )}
              </Box>
              {total > 0 && (
                <Badge hiddenFrom="sm" size="xs" circle variant="light">
                  {total}
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </div>
      {dia && (
        <Stack gap={4} mt="md" data-testid="agenda-dia">
          <Text fw={600} size="sm">
            {AGENDAMENTO_TEXTOS.doDia(formatDate(dia))}
          </Text>
          {doDia.length === 0 && (
            <Text size="sm" c="dimmed">
              {AGENDAMENTO_TEXTOS.nenhumNoDia}
            </Text>
          )}
          {doDia.map((venda) => (
            <UnstyledButton
              key={venda.id}
              className={classes.linha}
              onClick={() => onVer(venda)}
              data-testid="agenda-dia-item"
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate="end">
                  <b>{venda.hora_inicio}</b> {venda.cliente_nome} · {venda.servico_nome} ·{' '}
                  {venda.profissional}
                </Text>
                <StatusAgendamentoBadge status={venda.status} />
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
