import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate, todayISO } from '@prumo/shared/dates';
import { AGENDAMENTO_MESSAGES } from '@prumo/shared/vendas';
import { useBuscaCadastros } from '../../../api/cadastros';
import { useAgendamentos } from '../../../api/vendas';
import { PageHeader } from '../../../components/PageHeader';
import { useAgendamentoDialogs } from '../../../components/agendamentos/AgendamentoDialogs';
import {
  agendamentosPorDia,
  DIAS_SEMANA,
  diaDaSemana,
  semanaDe,
  somarDias,
} from '../../../components/agendamentos/calendario';
import { colunasProfissionais } from '../blocos';
import { LivroAgenda, type ColunaAgenda } from '../components/LivroAgenda';

type Modo = 'semana' | 'dia';

/** Employees listed as the day view's columns (a shop's staff fits well within it). */
const FUNCIONARIOS_MAX = 100;

const TODOS = '';

/**
 * /agenda: the shop's appointment book. The week (Dom to Sáb, one column per day, blocks side by
 * side where they overlap, optionally one professional) or the day (one column per
 * professional); blocks sized by duration and coloured by status; a click opens the
 * appointment. Reads the latest appointments at once (the list has no date filter) and picks the
 * shown days on the client.
 */
export default function AgendaPage() {
  const hoje = todayISO();
  const [modo, setModo] = useState<Modo>('semana');
  const [dia, setDia] = useState(hoje);
  const [profissional, setProfissional] = useState<string>(TODOS);
  const { novo, ver, dialogs } = useAgendamentoDialogs();
  const agendamentos = useAgendamentos();
  const funcionarios = useBuscaCadastros('funcionario', '', FUNCIONARIOS_MAX);

  const porDia = useMemo(
    () => agendamentosPorDia(agendamentos.data?.items ?? []),
    [agendamentos.data],
  );
  const profissionais = useMemo(
    () =>
      colunasProfissionais(
        (funcionarios.data?.items ?? []).map(({ id, nome }) => ({ id, nome })),
        agendamentos.data?.items ?? [],
      ),
    [funcionarios.data, agendamentos.data],
  );

  const semana = semanaDe(dia);
  const colunas: ColunaAgenda[] =
    modo === 'dia'
      ? profissionais.map((p) => ({
          chave: `p${p.id}`,
          titulo: p.nome,
          agendamentos: (porDia.get(dia) ?? []).filter((a) => a.profissional_id === p.id),
        }))
      : semana.map((d) => ({
          chave: d,
          titulo: `${DIAS_SEMANA[diaDaSemana(d)]} ${formatDate(d).slice(0, 5)}`,
          destaque: d === hoje,
          agendamentos: (porDia.get(d) ?? []).filter(
            (a) => profissional === TODOS || String(a.profissional_id) === profissional,
          ),
        }));

  const passo = modo === 'semana' ? 7 : 1;
  const titulo =
    modo === 'semana'
      ? `${formatDate(semana[0])} a ${formatDate(semana[6])}`
      : `${DIAS_SEMANA[diaDaSemana(dia)]}, ${formatDate(dia)}`;

  return (
    <>
      <PageHeader
        title="Agenda"
        description="Agendamentos de serviços por profissional"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => novo(dia)}>
            {AGENDAMENTO_MESSAGES.novo}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={modo === 'semana' ? 'Semana anterior' : 'Dia anterior'}
              onClick={() => setDia(somarDias(dia, -passo))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Button variant="default" onClick={() => setDia(hoje)}>
              Hoje
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={modo === 'semana' ? 'Próxima semana' : 'Próximo dia'}
              onClick={() => setDia(somarDias(dia, passo))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Text fw={600} data-testid="agenda-titulo" style={{ flexGrow: 1 }}>
            {titulo}
          </Text>
          <Group gap="xs">
            {modo === 'semana' && (
              <Select
                aria-label="Profissional"
                w={200}
                allowDeselect={false}
                value={profissional}
                onChange={(value) => setProfissional(value ?? TODOS)}
                data={[
                  { value: TODOS, label: 'Todos os profissionais' },
                  ...profissionais.map((p) => ({ value: String(p.id), label: p.nome })),
                ]}
              />
            )}
            <SegmentedControl
              aria-label="Visualização"
              value={modo}
              onChange={(value) => setModo(value as Modo)}
              data={[
                { value: 'semana', label: 'Semana' },
                { value: 'dia', label: 'Dia' },
              ]}
            />
          </Group>
        </Group>
        <LivroAgenda
          colunas={colunas}
          mostrarProfissional={modo === 'semana'}
          onVer={(venda) => ver(venda.id)}
        />
      </Paper>
      {dialogs}
    </>
  );
}
